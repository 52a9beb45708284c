import { sql, type Kysely } from 'kysely';

/**
 * A changed email is pending until confirmed (decision 050).
 *
 * - users.pending_email, pending_email_expires_at: the new address while its confirmation link
 *   is live (the user JSON's `pending_email`); `email` stays the sign-in and recovery address.
 * - email_change_tokens: the mailed links, stored only as SHA-256 hashes, each used once. A
 *   `confirm` token goes to the new address, an `undo` token to the old one (only when the old
 *   one was verified). Both name the change (old_email -> new_email) they belong to; old_email
 *   of a live undo token is held for its account (the index serves that lookup).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('pending_email', 'text').execute();
  await db.schema.alterTable('users').addColumn('pending_email_expires_at', 'text').execute();

  await db.schema
    .createTable('email_change_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('confirm', 'undo')`))
    .addColumn('old_email', 'text', (c) => c.notNull())
    .addColumn('new_email', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('email_change_tokens_user_kind_idx')
    .on('email_change_tokens')
    .columns(['user_id', 'kind'])
    .execute();
  await db.schema
    .createIndex('email_change_tokens_old_email_idx')
    .on('email_change_tokens')
    .columns(['old_email', 'kind'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('email_change_tokens').execute();
  await db.schema.alterTable('users').dropColumn('pending_email_expires_at').execute();
  await db.schema.alterTable('users').dropColumn('pending_email').execute();
}
