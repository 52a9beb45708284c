import type { Db } from '../../db/index.js';
import { precompile } from '../../db/precompiled.js';
import type { UserSettingsRow, UserSettingsTable } from '../../db/schema.js';

export type SettingsColumns = Omit<UserSettingsTable, 'user_id' | 'updated_at'>;

/** Named queries on `user_settings`: one row per user who has saved settings. */
export class SettingsRepository {
  private readonly byUser;

  constructor(private readonly db: Db) {
    this.byUser = precompile(db, ['userId'], ({ userId }) =>
      db.selectFrom('user_settings').selectAll().where('user_id', '=', userId),
    );
  }

  async find(userId: string): Promise<UserSettingsRow | undefined> {
    return (await this.byUser({ userId }))[0];
  }

  /**
   * Writes only the changed columns in one atomic upsert: a first save fills the rest from
   * `defaults`, and two concurrent saves of different fields both survive.
   */
  async upsert(
    userId: string,
    changed: Partial<SettingsColumns>,
    defaults: SettingsColumns,
    now: string,
  ): Promise<UserSettingsRow> {
    return this.db
      .insertInto('user_settings')
      .values({ user_id: userId, ...defaults, ...changed, updated_at: now })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...changed, updated_at: now }))
      .returningAll()
      .executeTakeFirstOrThrow();
  }
}
