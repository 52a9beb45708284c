import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { precompile } from '../../db/precompiled.js';
import type { EmailTokenKind, EmailTokenRow, SessionRow, UserRow } from '../../db/schema.js';

/** Named queries on `sessions` and `email_tokens`. Times are ISO strings (see db/README.md). */
export class AuthRepository {
  private readonly activeSession;

  constructor(private readonly db: Db) {
    this.activeSession = precompile(db, ['sessionId', 'now'], ({ sessionId, now }) =>
      db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .selectAll('users')
        .select('sessions.id as session_id')
        .where('sessions.id', '=', sessionId)
        .where('sessions.revoked_at', 'is', null)
        .where('sessions.expires_at', '>', now),
    );
  }

  async createSession(session: Omit<SessionRow, 'revoked_at'>): Promise<void> {
    await this.db
      .insertInto('sessions')
      .values({ ...session, revoked_at: null })
      .execute();
  }

  /**
   * The session's user, when the session is neither revoked nor expired at `now`. One indexed
   * join: this runs on every authenticated request.
   */
  async findActiveSession(
    sessionId: string,
    now: string,
  ): Promise<{ sessionId: string; user: UserRow } | undefined> {
    const [row] = await this.activeSession({ sessionId, now });
    if (!row) return undefined;
    const { session_id, ...user } = row;
    return { sessionId: session_id, user };
  }

  /**
   * Which of these sessions are live at `now`: not revoked, not expired, their account neither
   * disabled nor deleted. For the live channel's check of its open sockets.
   */
  async liveSessionIds(sessionIds: readonly string[], now: string): Promise<string[]> {
    if (sessionIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select('sessions.id')
      .where('sessions.id', 'in', sessionIds)
      .where('sessions.revoked_at', 'is', null)
      .where('sessions.expires_at', '>', now)
      .where('users.disabled_at', 'is', null)
      .execute();
    return rows.map((row) => row.id);
  }

  async revokeSession(sessionId: string, now: string): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  async revokeAllSessions(userId: string, now: string): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  async countLiveSessions(userId: string, now: string): Promise<number> {
    const row = await this.db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async revokeOtherSessions(userId: string, keepSessionId: string, now: string): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('id', '!=', keepSessionId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /**
   * Stores a new token in place of the user's live one of the same kind, in one upsert against
   * the partial unique index on (user_id, kind) WHERE used_at IS NULL (migration 0004): two
   * concurrent calls leave exactly one live token (the later one), on both engines. A
   * delete-then-insert left two on PostgreSQL, whose concurrent transactions both saw nothing
   * to delete.
   */
  async replaceEmailToken(token: Omit<EmailTokenRow, 'used_at'>): Promise<void> {
    await this.db
      .insertInto('email_tokens')
      .values({ ...token, used_at: null })
      .onConflict((oc) =>
        oc
          .columns(['user_id', 'kind'])
          .where(sql.ref('used_at'), 'is', null)
          .doUpdateSet((eb) => ({
            id: eb.ref('excluded.id'),
            email: eb.ref('excluded.email'),
            token_hash: eb.ref('excluded.token_hash'),
            expires_at: eb.ref('excluded.expires_at'),
            created_at: eb.ref('excluded.created_at'),
          })),
      )
      .execute();
  }

  /** Drops every unused token of the user (after an email change, old links must die). */
  async deleteUnusedEmailTokens(userId: string, kind?: EmailTokenKind): Promise<void> {
    let query = this.db
      .deleteFrom('email_tokens')
      .where('user_id', '=', userId)
      .where('used_at', 'is', null);
    if (kind) query = query.where('kind', '=', kind);
    await query.execute();
  }

  findEmailToken(tokenHash: string): Promise<EmailTokenRow | undefined> {
    return this.db
      .selectFrom('email_tokens')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  findUsableEmailToken(
    tokenHash: string,
    kind: EmailTokenKind,
    now: string,
  ): Promise<EmailTokenRow | undefined> {
    return this.db
      .selectFrom('email_tokens')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .where('kind', '=', kind)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
  }

  /**
   * Uses a token in one conditional UPDATE: of two concurrent calls exactly one changes the row
   * and gets it back; the other gets undefined.
   */
  async consumeEmailToken(
    tokenHash: string,
    kind: EmailTokenKind,
    now: string,
  ): Promise<{ user_id: string; email: string } | undefined> {
    return this.db
      .updateTable('email_tokens')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('kind', '=', kind)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(['user_id', 'email'])
      .executeTakeFirst();
  }

  /**
   * Removes sessions past their expiry and tokens long past theirs (email change links too).
   * Used verification tokens are kept for a while so reopening an old link still answers "Email
   * already verified" (and a confirmation link, "already confirmed").
   */
  async pruneExpired(now: string, tokensBefore: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
    await this.db.deleteFrom('email_tokens').where('expires_at', '<=', tokensBefore).execute();
    await this.db
      .deleteFrom('email_change_tokens')
      .where('expires_at', '<=', tokensBefore)
      .execute();
  }
}
