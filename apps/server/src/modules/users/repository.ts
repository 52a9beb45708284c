import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import type { NewUser, UserRow, UserUpdate } from '../../db/schema.js';

/** How strongly lockUserRow (service.ts) holds the user's row. */
export type UserRowLock = 'no key update' | 'update';

/** The admin overview's figures of the users table. */
export interface UserFigures {
  total: number;
  verified: number;
  new_this_week: number;
  /** Accounts created per UTC day (`YYYY-MM-DD`); days without one are left out. */
  signups: { date: string; signups: number }[];
}

/** Named queries on `users`. Emails are stored lower-cased; usernames are unique by `username_lower`. */
export class UsersRepository {
  constructor(private readonly db: Db) {}

  findById(id: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByEmail(email: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email.toLowerCase())
      .executeTakeFirst();
  }

  findByUsername(username: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('username_lower', '=', username.toLowerCase())
      .executeTakeFirst();
  }

  /** An identifier with '@' is an email, otherwise a username (product §7). */
  findByIdentifier(identifier: string): Promise<UserRow | undefined> {
    return identifier.includes('@')
      ? this.findByEmail(identifier)
      : this.findByUsername(identifier);
  }

  async isEmailTaken(email: string, exceptUserId?: string): Promise<boolean> {
    let query = this.db.selectFrom('users').select('id').where('email', '=', email.toLowerCase());
    if (exceptUserId) query = query.where('id', '!=', exceptUserId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  /**
   * Whether a live undo link of another account holds the address (decision 050): the address
   * that account changed away from stays its own until the undo link expires, so no one can
   * take it to block the undo.
   */
  async isEmailHeld(
    email: string,
    exceptUserId: string | undefined,
    now: string,
  ): Promise<boolean> {
    let query = this.db
      .selectFrom('email_change_tokens')
      .select('id')
      .where('old_email', '=', email.toLowerCase())
      .where('kind', '=', 'undo')
      .where('used_at', 'is', null)
      .where('expires_at', '>', now);
    if (exceptUserId) query = query.where('user_id', '!=', exceptUserId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  async isUsernameTaken(username: string, exceptUserId?: string): Promise<boolean> {
    let query = this.db
      .selectFrom('users')
      .select('id')
      .where('username_lower', '=', username.toLowerCase());
    if (exceptUserId) query = query.where('id', '!=', exceptUserId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  async insert(user: NewUser): Promise<UserRow> {
    await this.db.insertInto('users').values(user).execute();
    const row = await this.findById(user.id);
    if (!row) throw new Error('Inserted user not found');
    return row;
  }

  async update(id: string, patch: UserUpdate): Promise<UserRow | undefined> {
    await this.db.updateTable('users').set(patch).where('id', '=', id).execute();
    return this.findById(id);
  }

  async setPassword(id: string, passwordHash: string, now: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  /** Sets (or clears, with nulls) the address waiting for its confirmation link. */
  async setPendingEmail(
    id: string,
    email: string | null,
    expiresAt: string | null,
    now: string,
  ): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ pending_email: email, pending_email_expires_at: expiresAt, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  /**
   * Makes `newEmail` the account's verified address, only while the account still has `oldEmail`
   * and waits for exactly `newEmail` (a cancelled or replaced change never applies). True when
   * it did; a unique violation when another account has the address.
   */
  async applyEmailChange(
    id: string,
    oldEmail: string,
    newEmail: string,
    now: string,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('users')
      .set({
        email: newEmail,
        is_verified: 1,
        pending_email: null,
        pending_email_expires_at: null,
        updated_at: now,
      })
      .where('id', '=', id)
      .where('email', '=', oldEmail)
      .where('pending_email', '=', newEmail)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Gives the account back `email`, verified, with no change waiting (an undo link's work). */
  async restoreEmail(id: string, email: string, now: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({
        email,
        is_verified: 1,
        pending_email: null,
        pending_email_expires_at: null,
        updated_at: now,
      })
      .where('id', '=', id)
      .execute();
  }

  /** Marks verified only while the account still has the address the token was sent to. */
  async markVerified(id: string, email: string, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('users')
      .set({ is_verified: 1, updated_at: now })
      .where('id', '=', id)
      .where('email', '=', email)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * A page of users, newest first, whose name, username or email contains `q` (any case; `%`,
   * `_` and backslash in it match themselves), and how many match in all.
   */
  async search(
    q: string | undefined,
    limit: number,
    offset: number,
  ): Promise<{ rows: UserRow[]; total: number }> {
    let query = this.db.selectFrom('users');
    const text = q?.trim().toLowerCase();
    if (text) {
      const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query = query.where((eb) =>
        eb.or([
          sql<boolean>`lower(${eb.ref('name')}) like ${pattern} escape '\\'`,
          sql<boolean>`${eb.ref('username_lower')} like ${pattern} escape '\\'`,
          sql<boolean>`${eb.ref('email')} like ${pattern} escape '\\'`,
        ]),
      );
    }
    const [rows, count] = await Promise.all([
      query
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  /**
   * The admin overview's user figures (decision 024): in one pass the total, the verified and
   * those created since `since7`; then signups per UTC day since `since30` (users_created_idx).
   * Times are ISO strings, so the UTC day is their first ten characters on both engines.
   */
  async overviewFigures(since30: string, since7: string): Promise<UserFigures> {
    const users = await sql<{ total: unknown; verified: unknown; new_week: unknown }>`
      select count(*) as total,
             coalesce(sum(is_verified), 0) as verified,
             coalesce(sum(case when created_at >= ${since7} then 1 else 0 end), 0) as new_week
      from users`.execute(this.db);
    const signups = await sql<{ date: string; signups: unknown }>`
      select substr(created_at, 1, 10) as date, count(*) as signups
      from users where created_at >= ${since30}
      group by substr(created_at, 1, 10)`.execute(this.db);
    const u = users.rows[0];
    const n = (value: unknown) => Number(value ?? 0);
    return {
      total: n(u?.total),
      verified: n(u?.verified),
      new_this_week: n(u?.new_week),
      signups: signups.rows.map((r) => ({ date: r.date, signups: n(r.signups) })),
    };
  }

  /**
   * Locks the user's row for the rest of the transaction this repository runs in (PostgreSQL):
   * `no key update` still lets rows that reference the user be inserted; `update` holds those
   * too.
   */
  async lockRow(id: string, strength: UserRowLock): Promise<void> {
    const query = this.db.selectFrom('users').select('id').where('id', '=', id);
    await (strength === 'update' ? query.forUpdate() : query.forNoKeyUpdate()).execute();
  }

  /** Sets the stored role; false when no such user. */
  async setRole(id: string, role: string, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('users')
      .set({ role, updated_at: now })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Disables (a time) or enables (null) the account; false when no such user. */
  async setDisabledAt(id: string, disabledAt: string | null, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('users')
      .set({ disabled_at: disabledAt, updated_at: now })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Marks the account's current address verified (an admin's decision, no token). */
  async forceVerified(id: string, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('users')
      .set({ is_verified: 1, updated_at: now })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Every row the user owns goes with it (ON DELETE CASCADE). */
  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
