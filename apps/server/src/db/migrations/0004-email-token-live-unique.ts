import { sql, type Kysely } from 'kysely';

/**
 * At most one live (unused) email token per user and kind, enforced by the database: a
 * delete-then-insert in two concurrent transactions on PostgreSQL could otherwise leave two live
 * links. Inserts upsert against this partial index (see AuthRepository.replaceEmailToken).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Duplicates from before the index would block it: keep each user's newest live token of a
  // kind, as the application meant to.
  await sql`
    delete from email_tokens
    where used_at is null
      and exists (
        select 1 from email_tokens newer
        where newer.user_id = email_tokens.user_id
          and newer.kind = email_tokens.kind
          and newer.used_at is null
          and (
            newer.created_at > email_tokens.created_at
            or (newer.created_at = email_tokens.created_at and newer.id > email_tokens.id)
          )
      )
  `.execute(db);
  await db.schema
    .createIndex('email_tokens_live_user_kind_uq')
    .on('email_tokens')
    .columns(['user_id', 'kind'])
    .unique()
    .where(sql.ref('used_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('email_tokens_live_user_kind_uq').execute();
}
