import { sql, type Kysely } from 'kysely';

/**
 * Timer settings, focus sessions with their per-day rollup, and to-dos. Every table belongs to a
 * user and goes with the user (ON DELETE CASCADE).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_settings')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('pomodoro_duration', 'integer', (c) => c.notNull())
    .addColumn('short_break_duration', 'integer', (c) => c.notNull())
    .addColumn('long_break_duration', 'integer', (c) => c.notNull())
    .addColumn('pomodoros_until_long_break', 'integer', (c) => c.notNull())
    .addColumn('auto_start_breaks', 'integer', (c) => c.notNull())
    .addColumn('auto_start_pomodoros', 'integer', (c) => c.notNull())
    .addColumn('sound_enabled', 'integer', (c) => c.notNull())
    .addColumn('notification_enabled', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('focus_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('client_id', 'text')
    .addColumn('duration', 'integer', (c) => c.notNull())
    .addColumn('task', 'text', (c) => c.notNull())
    .addColumn('completed', 'integer', (c) => c.notNull().check(sql`completed in (0, 1)`))
    .addColumn('start_time', 'text', (c) => c.notNull())
    .addColumn('end_time', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // Lists, pages and the CSV export walk this index newest first; keyset cursors seek into it.
  await db.schema
    .createIndex('focus_sessions_user_start_idx')
    .on('focus_sessions')
    .columns(['user_id', 'start_time desc', 'id desc'])
    .execute();
  // Idempotent recording: one session per (user, client_id); NULL client_ids never collide.
  await db.schema
    .createIndex('focus_sessions_user_client_idx')
    .on('focus_sessions')
    .columns(['user_id', 'client_id'])
    .unique()
    .execute();

  // Per-local-day aggregates of every session, in the zone of session_rollup_zones, kept in step
  // with every write in the same transaction: statistics read ~365 rows a year, not sessions.
  await db.schema
    .createTable('session_day_rollups')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('sessions', 'integer', (c) => c.notNull())
    .addColumn('completed', 'integer', (c) => c.notNull())
    .addColumn('minutes', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('session_day_rollups_pk', ['user_id', 'day'])
    .execute();
  await db.schema
    .createTable('session_rollup_zones')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('todos')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('completed', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('todos_user_position_idx')
    .on('todos')
    .columns(['user_id', 'position'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('todos').execute();
  await db.schema.dropTable('session_rollup_zones').execute();
  await db.schema.dropTable('session_day_rollups').execute();
  await db.schema.dropTable('focus_sessions').execute();
  await db.schema.dropTable('user_settings').execute();
}
