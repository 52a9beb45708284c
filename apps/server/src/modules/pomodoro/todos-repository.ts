import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/index.js';
import type { Database, TodoRow } from '../../db/schema.js';
import { lockUserRow } from '../users/service.js';

type Executor = Kysely<Database>;

/** Named queries on `todos`; positions are 0..n-1 in list order. */
export class TodosRepository {
  constructor(private readonly dialect: Dialect) {}

  list(db: Executor, userId: string): Promise<TodoRow[]> {
    return db
      .selectFrom('todos')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('position')
      .orderBy('id')
      .execute();
  }

  /**
   * Serializes changes to one user's list for the rest of the transaction: on PostgreSQL a
   * row lock on the user (NO KEY UPDATE, so inserts referencing the user still proceed); SQLite
   * runs one transaction at a time.
   */
  lockList(trx: Executor, userId: string): Promise<void> {
    return lockUserRow(trx, this.dialect, userId);
  }

  async replace(trx: Executor, userId: string, rows: TodoRow[]): Promise<void> {
    await trx.deleteFrom('todos').where('user_id', '=', userId).execute();
    if (rows.length > 0) await trx.insertInto('todos').values(rows).execute();
  }

  findOwned(db: Executor, userId: string, id: string): Promise<TodoRow | undefined> {
    return db
      .selectFrom('todos')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  async count(db: Executor, userId: string): Promise<number> {
    const row = await db
      .selectFrom('todos')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Adds `delta` to the position of the user's items with from <= position <= to. */
  async shift(
    trx: Executor,
    userId: string,
    from: number,
    to: number,
    delta: 1 | -1,
  ): Promise<void> {
    if (from > to) return;
    await trx
      .updateTable('todos')
      .set((eb) => ({ position: eb('position', '+', delta) }))
      .where('user_id', '=', userId)
      .where('position', '>=', from)
      .where('position', '<=', to)
      .execute();
  }

  update(
    trx: Executor,
    userId: string,
    id: string,
    patch: Partial<
      Pick<TodoRow, 'text' | 'completed' | 'position' | 'estimate' | 'done_pomodoros' | 'active'>
    > & { updated_at: string },
  ): Promise<TodoRow | undefined> {
    return trx
      .updateTable('todos')
      .set(patch)
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .returningAll()
      .executeTakeFirst();
  }

  /** No to-do of the user is active any more (before another one becomes the active one). */
  async clearActive(trx: Executor, userId: string, updatedAt: string): Promise<void> {
    await trx
      .updateTable('todos')
      .set({ active: 0, updated_at: updatedAt })
      .where('user_id', '=', userId)
      .where('active', '=', 1)
      .execute();
  }

  async delete(trx: Executor, userId: string, id: string): Promise<void> {
    await trx.deleteFrom('todos').where('id', '=', id).where('user_id', '=', userId).execute();
  }
}
