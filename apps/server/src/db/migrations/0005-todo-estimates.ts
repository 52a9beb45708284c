import type { Kysely } from 'kysely';

/**
 * Estimated pomodoros per to-do (product §4 "To-do estimates"): the estimate, the pomodoros done
 * while it was the active to-do, and whether it is the active one. Defaults keep existing rows
 * and clients that never send these fields working: estimate 1, none done, not active.
 * One statement per column: SQLite adds a single column per ALTER TABLE.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('todos')
    .addColumn('estimate', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('todos')
    .addColumn('done_pomodoros', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('todos')
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('todos').dropColumn('active').execute();
  await db.schema.alterTable('todos').dropColumn('done_pomodoros').execute();
  await db.schema.alterTable('todos').dropColumn('estimate').execute();
}
