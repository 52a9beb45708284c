import type { Kysely } from 'kysely';

/**
 * How the time left shows (issue 35, a calmer display): one of core's TIME_DISPLAYS. Rows saved
 * before read as `clock`, the timer as it always was.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('user_settings')
    .addColumn('time_display', 'text', (c) => c.notNull().defaultTo('clock'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('user_settings').dropColumn('time_display').execute();
}
