import type { Kysely } from 'kysely';

/**
 * The sound and goal settings of product §3: the alarm at the end of a focus and of a break,
 * the volume, ticking, the one-minute chime and the daily goal. Every column has the default
 * that keeps what the timer did before, so rows saved earlier read as before.
 */
const COLUMNS = [
  ['focus_end_sound', 'text', 'chime'],
  ['break_end_sound', 'text', 'chime'],
  ['alarm_volume', 'integer', 100],
  ['ticking_enabled', 'integer', 0],
  ['warning_chime_enabled', 'integer', 0],
  ['daily_goal', 'integer', 8],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  // One column per statement: SQLite's ALTER TABLE adds one at a time.
  for (const [name, type, fallback] of COLUMNS) {
    await db.schema
      .alterTable('user_settings')
      .addColumn(name, type, (c) => c.notNull().defaultTo(fallback))
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of [...COLUMNS].reverse()) {
    await db.schema.alterTable('user_settings').dropColumn(name).execute();
  }
}
