import type { Kysely } from 'kysely';

/** External sign-in: connected provider accounts and the one-time codes of the callback. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('external_accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('external_accounts_provider_subject_key', ['provider', 'subject'])
    .addUniqueConstraint('external_accounts_user_provider_key', ['user_id', 'provider'])
    .execute();

  await db.schema
    .createTable('oauth_exchange_codes')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('oauth_exchange_codes_user_id_idx')
    .on('oauth_exchange_codes')
    .column('user_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('oauth_exchange_codes').execute();
  await db.schema.dropTable('external_accounts').execute();
}
