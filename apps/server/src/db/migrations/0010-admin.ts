import type { Kysely } from 'kysely';

/**
 * The admin area (product §6): the audit log, disabled accounts, and the indexes the overview
 * and the user list read at 100,000 users.
 *
 * - audit_log has no foreign keys on purpose: a row outlives the admin who wrote it and the
 *   account or theme it names (both are copied into it as they were).
 * - users.disabled_at: null for a usable account; set, the account cannot sign in and every
 *   request with one of its tokens answers 401.
 * - users (created_at): new users this week and signups per day; the user list's order.
 * - focus_sessions (start_time, user_id, completed, duration): sessions, minutes and active
 *   users of the last 30 days from the index alone, without touching the table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('actor_id', 'text')
    .addColumn('actor_username', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('target_label', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('details', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // Newest first, paged.
  await db.schema
    .createIndex('audit_log_created_idx')
    .on('audit_log')
    .columns(['created_at desc', 'id desc'])
    .execute();

  await db.schema.alterTable('users').addColumn('disabled_at', 'text').execute();
  await db.schema
    .createIndex('users_created_idx')
    .on('users')
    .columns(['created_at desc', 'id desc'])
    .execute();

  await db.schema
    .createIndex('focus_sessions_start_idx')
    .on('focus_sessions')
    .columns(['start_time', 'user_id', 'completed', 'duration'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('focus_sessions_start_idx').execute();
  await db.schema.dropIndex('users_created_idx').execute();
  await db.schema.alterTable('users').dropColumn('disabled_at').execute();
  await db.schema.dropTable('audit_log').execute();
}
