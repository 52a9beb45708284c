import type { Kysely } from 'kysely';

/**
 * shared_timers: a signed-in account's one timer, held by the server for every device (issue 33).
 * `timer` is core's SharedTimer as JSON (state timestamps, version, the last request ids);
 * `revision` counts every write, so two instances applying presses at once never overwrite each
 * other (each writes only over the revision it read, and the loser reads again).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('shared_timers')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('timer', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('shared_timers').execute();
}
