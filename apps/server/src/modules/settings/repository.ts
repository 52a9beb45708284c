import type { Db } from '../../db/index.js';
import type { UserSettingsRow, UserSettingsTable } from '../../db/schema.js';

export type SettingsColumns = Omit<UserSettingsTable, 'user_id' | 'updated_at'>;

/** Named queries on `user_settings`: one row per user who has saved settings. */
export class SettingsRepository {
  constructor(private readonly db: Db) {}

  find(userId: string): Promise<UserSettingsRow | undefined> {
    return this.db
      .selectFrom('user_settings')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
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
