import type { Db } from '../../db/index.js';
import { precompile } from '../../db/precompiled.js';
import type { SharedTimerRow } from '../../db/schema.js';

/** Named queries on `shared_timers`: one row per account whose timer a device has changed. */
export class SharedTimerRepository {
  private readonly byUser;

  constructor(private readonly db: Db) {
    this.byUser = precompile(db, ['userId'], ({ userId }) =>
      db.selectFrom('shared_timers').selectAll().where('user_id', '=', userId),
    );
  }

  async find(userId: string): Promise<SharedTimerRow | undefined> {
    return (await this.byUser({ userId }))[0];
  }

  /** The first write of an account's timer; false when another one got there first. */
  async insert(userId: string, timer: string, now: string): Promise<boolean> {
    const result = await this.db
      .insertInto('shared_timers')
      .values({ user_id: userId, revision: 1, timer, updated_at: now })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** Writes over the revision that was read; false when another write came in between. */
  async update(userId: string, revision: number, timer: string, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('shared_timers')
      .set({ timer, revision: revision + 1, updated_at: now })
      .where('user_id', '=', userId)
      .where('revision', '=', revision)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
