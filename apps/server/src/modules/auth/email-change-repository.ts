import type { Db } from '../../db/index.js';
import type { EmailChangeTokenKind, EmailChangeTokenRow } from '../../db/schema.js';
import { lockUserRow } from '../users/service.js';

type Dialect = 'sqlite' | 'postgres';

/** The change a token belongs to: whose account, from which address to which. */
export interface EmailChangeTarget {
  user_id: string;
  old_email: string;
  new_email: string;
}

/** Named queries on `email_change_tokens` (migration 0011, decision 050). */
export class EmailChangeRepository {
  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
  ) {}

  /**
   * Serializes one user's email changes for the rest of the transaction: a row lock on the user
   * on PostgreSQL (two requests at once would otherwise each leave a live confirmation link);
   * SQLite runs one transaction at a time.
   */
  lockUser(userId: string): Promise<void> {
    return lockUserRow(this.db, this.dialect, userId, 'update');
  }

  async insert(token: Omit<EmailChangeTokenRow, 'used_at'>): Promise<void> {
    await this.db
      .insertInto('email_change_tokens')
      .values({ ...token, used_at: null })
      .execute();
  }

  /** Drops the user's unused tokens (of one kind, or all). */
  async deleteUnused(userId: string, kind?: EmailChangeTokenKind): Promise<void> {
    let query = this.db
      .deleteFrom('email_change_tokens')
      .where('user_id', '=', userId)
      .where('used_at', 'is', null);
    if (kind) query = query.where('kind', '=', kind);
    await query.execute();
  }

  /**
   * Uses a token in one conditional UPDATE: of two concurrent calls exactly one changes the row
   * and gets it back; the other gets undefined (as AuthRepository.consumeEmailToken).
   */
  consume(
    tokenHash: string,
    kind: EmailChangeTokenKind,
    now: string,
  ): Promise<EmailChangeTarget | undefined> {
    return this.db
      .updateTable('email_change_tokens')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('kind', '=', kind)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(['user_id', 'old_email', 'new_email'])
      .executeTakeFirst();
  }

  find(tokenHash: string): Promise<EmailChangeTokenRow | undefined> {
    return this.db
      .selectFrom('email_change_tokens')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
  }
}
