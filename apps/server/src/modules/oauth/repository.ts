import type { Db, Dialect } from '../../db/index.js';
import type { ExternalAccountsTable } from '../../db/schema-oauth.js';
import type { Selectable } from 'kysely';
import { lockUserRow } from '../users/service.js';

export type ExternalAccountRow = Selectable<ExternalAccountsTable>;

/**
 * Named queries on `external_accounts` and `oauth_exchange_codes`; `db` is the database or a
 * transaction.
 */
export class OAuthRepository {
  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
  ) {}

  /** The same queries inside a transaction (`trx` from `db.transaction()`). */
  withTransaction(trx: Db): OAuthRepository {
    return new OAuthRepository(trx, this.dialect);
  }

  /**
   * Serializes changes to one user's connections for the rest of the transaction (the count of
   * ways to sign in, then the delete): a row lock on the user on PostgreSQL; SQLite runs one
   * transaction at a time.
   */
  lockUser(userId: string): Promise<void> {
    return lockUserRow(this.db, this.dialect, userId);
  }

  findAccount(provider: string, subject: string): Promise<ExternalAccountRow | undefined> {
    return this.db
      .selectFrom('external_accounts')
      .selectAll()
      .where('provider', '=', provider)
      .where('subject', '=', subject)
      .executeTakeFirst();
  }

  listForUser(userId: string): Promise<ExternalAccountRow[]> {
    return this.db
      .selectFrom('external_accounts')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('provider')
      .execute();
  }

  async insertAccount(row: ExternalAccountRow): Promise<void> {
    await this.db.insertInto('external_accounts').values(row).execute();
  }

  async deleteAccount(userId: string, provider: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('external_accounts')
      .where('user_id', '=', userId)
      .where('provider', '=', provider)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async insertCode(row: {
    code_hash: string;
    user_id: string;
    new_account: number;
    expires_at: string;
    created_at: string;
  }): Promise<void> {
    await this.db.insertInto('oauth_exchange_codes').values(row).execute();
  }

  /** Marks a live code used; the one caller that does so gets its user and whether it is new. */
  async consumeCode(
    codeHash: string,
    now: string,
  ): Promise<{ user_id: string; new_account: number } | undefined> {
    const result = await this.db
      .updateTable('oauth_exchange_codes')
      .set({ used_at: now })
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return undefined;
    const row = await this.db
      .selectFrom('oauth_exchange_codes')
      .select(['user_id', 'new_account'])
      .where('code_hash', '=', codeHash)
      .executeTakeFirst();
    return row;
  }

  async deleteCodesExpiredBefore(before: string): Promise<void> {
    await this.db.deleteFrom('oauth_exchange_codes').where('expires_at', '<', before).execute();
  }
}
