import type { Kysely } from 'kysely';

/**
 * A counter on each user's rollup zone row, raised by every write of the user's sessions and by
 * every rebuild, so a computed statistics answer can be reused until the data changes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('session_rollup_zones')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('session_rollup_zones').dropColumn('version').execute();
}
