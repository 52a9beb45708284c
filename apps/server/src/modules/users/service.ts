import { USER_MESSAGES } from '@focusroom/core';
import type { UpdateMeBody, User } from '@focusroom/core/schemas';
import type { AppContext } from '../../context.js';
import { isUniqueViolation, type Db, type Dialect } from '../../db/index.js';
import type { NewUser, UserRow, UserUpdate } from '../../db/schema.js';
import { conflict, unauthorized } from '../../lib/http-errors.js';
import { UsersRepository, type UserFigures, type UserRowLock } from './repository.js';
import { ADMIN_ROLE, isAdmin, isListedAdmin, pendingEmail, toUserJson } from './serialize.js';

/** The profile fields a user may change; the rest of the body (currentPassword) is auth's. */
export type ProfileChanges = Omit<UpdateMeBody, 'currentPassword'>;

/**
 * Serializes one user's writes in another module for the rest of the transaction `trx` (a
 * count against a limit, then the write): a row lock on the user on PostgreSQL, `no key update`
 * unless asked for `update`; SQLite runs one transaction at a time. The row is this module's,
 * so the lock is taken here.
 */
export async function lockUserRow(
  trx: Db,
  dialect: Dialect,
  userId: string,
  strength: UserRowLock = 'no key update',
): Promise<void> {
  if (dialect !== 'postgres') return;
  await new UsersRepository(trx).lockRow(userId, strength);
}

/**
 * A module holding an account's data where ON DELETE CASCADE cannot reach it (the themes'
 * uploaded files), known here only by this shape (app.ts hands it over), so users depends on no
 * other module.
 */
export interface AccountDataOwner {
  /**
   * Inside the deletion's transaction, before the user row goes; returns the step to run once
   * the deletion has committed.
   */
  removeAccountData(trx: Db, userId: string): Promise<() => Promise<void>>;
}

/**
 * The `users` table and its rules: uniqueness of email and username, the user JSON and the admin
 * rule. Other modules read and write user rows only through this service; sign-in, sessions,
 * tokens and passwords are the auth module's, which uses this one (never the other way round).
 */
export class UsersService {
  constructor(
    private readonly ctx: Pick<AppContext, 'config' | 'clock' | 'db'>,
    private readonly repo = new UsersRepository(ctx.db),
    private readonly dataOwners: readonly AccountDataOwner[] = [],
    private readonly trx: Db | null = null,
  ) {}

  /** The same operations inside a transaction (`trx` from `db.transaction()`). */
  withTransaction(trx: Db): UsersService {
    return new UsersService(this.ctx, new UsersRepository(trx), this.dataOwners, trx);
  }

  toJson(user: UserRow): User {
    return toUserJson(user, this.ctx.config.adminEmails, this.ctx.clock.now().toISOString());
  }

  /** The new address waiting for its confirmation link, while that link is live; else null. */
  pendingEmail(user: Pick<UserRow, 'pending_email' | 'pending_email_expires_at'>): string | null {
    return pendingEmail(user, this.ctx.clock.now().toISOString());
  }

  isAdmin(user: Pick<UserRow, 'is_verified' | 'email' | 'role'>): boolean {
    return isAdmin(user, this.ctx.config.adminEmails);
  }

  /** Admin through ADMIN_EMAILS (a verified, listed address): no role change can revoke it. */
  isListedAdmin(user: Pick<UserRow, 'is_verified' | 'email'>): boolean {
    return isListedAdmin(user, this.ctx.config.adminEmails);
  }

  /** The email is in ADMIN_EMAILS, verified or not. */
  isInAdminEmails(user: Pick<UserRow, 'email'>): boolean {
    return this.ctx.config.adminEmails.has(user.email.toLowerCase());
  }

  /** Has the stored admin role (granted in the admin area or by the command line). */
  hasAdminRole(user: Pick<UserRow, 'role'>): boolean {
    return user.role === ADMIN_ROLE;
  }

  /** Users matching `q` in name, username or email, newest first, one page, and the total. */
  search(q: string | undefined, limit: number, offset: number) {
    return this.repo.search(q, limit, offset);
  }

  /**
   * The admin overview's user figures: total, verified, created since `since7`, and signups
   * per UTC day since `since30`.
   */
  overviewFigures(since30: string, since7: string): Promise<UserFigures> {
    return this.repo.overviewFigures(since30, since7);
  }

  /** Grants (true) or removes (false) the stored admin role. */
  setAdminRole(id: string, admin: boolean, now: string): Promise<boolean> {
    return this.repo.setRole(id, admin ? ADMIN_ROLE : 'user', now);
  }

  /**
   * Disables the account at `now`, or enables it (null). Its sessions are auth's: whoever
   * disables also ends them (AuthService.endAllSessions).
   */
  setDisabledAt(id: string, disabledAt: string | null, now: string): Promise<boolean> {
    return this.repo.setDisabledAt(id, disabledAt, now);
  }

  /** Marks the account's current address verified without a mailed token (an admin's call). */
  forceVerified(id: string, now: string): Promise<boolean> {
    return this.repo.forceVerified(id, now);
  }

  findById(id: string): Promise<UserRow | undefined> {
    return this.repo.findById(id);
  }

  findByEmail(email: string): Promise<UserRow | undefined> {
    return this.repo.findByEmail(email);
  }

  /** An identifier with '@' is an email, otherwise a username (product §7). */
  findByIdentifier(identifier: string): Promise<UserRow | undefined> {
    return this.repo.findByIdentifier(identifier);
  }

  /**
   * 409 with a field error when another account has the email, or holds it as the address it
   * changed away from while that change can still be undone (decision 050). The answer is the
   * same either way.
   */
  async assertEmailFree(email: string, exceptUserId?: string): Promise<void> {
    const now = this.ctx.clock.now().toISOString();
    if (
      (await this.repo.isEmailTaken(email, exceptUserId)) ||
      (await this.repo.isEmailHeld(email, exceptUserId, now))
    ) {
      throw conflict(USER_MESSAGES.emailTaken, { email: USER_MESSAGES.emailTaken });
    }
  }

  /** Sets (or clears, with nulls) the address waiting for its confirmation link. */
  setPendingEmail(
    id: string,
    email: string | null,
    expiresAt: string | null,
    now: string,
  ): Promise<void> {
    return this.repo.setPendingEmail(id, email, expiresAt, now);
  }

  /**
   * Makes the confirmed `newEmail` the account's verified address while the account still has
   * `oldEmail` and waits for `newEmail`; true when it did. Another account having the address by
   * now fails on the unique index (isUniqueViolation).
   */
  applyEmailChange(id: string, oldEmail: string, newEmail: string, now: string): Promise<boolean> {
    return this.repo.applyEmailChange(id, oldEmail, newEmail, now);
  }

  /** Gives the account back `email`, verified (its mailbox opened the undo link), nothing pending. */
  restoreEmail(id: string, email: string, now: string): Promise<void> {
    return this.repo.restoreEmail(id, email, now);
  }

  /** 409 with a field error when another account has the username, in any case. */
  async assertUsernameFree(username: string, exceptUserId?: string): Promise<void> {
    if (await this.repo.isUsernameTaken(username, exceptUserId)) {
      throw conflict(USER_MESSAGES.usernameTaken, { username: USER_MESSAGES.usernameTaken });
    }
  }

  async create(user: NewUser): Promise<UserRow> {
    try {
      return await this.repo.insert(user);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(USER_MESSAGES.eitherTaken);
      throw error;
    }
  }

  setPassword(id: string, passwordHash: string, now: string): Promise<void> {
    return this.repo.setPassword(id, passwordHash, now);
  }

  /** Marks verified only while the account still has the address the token was sent to. */
  markVerified(id: string, email: string, now: string): Promise<boolean> {
    return this.repo.markVerified(id, email, now);
  }

  /**
   * The one deletion of an account, whoever asks (its owner through DELETE /users/delete, or an
   * admin): every row it owns goes with the user row (ON DELETE CASCADE), and what other modules
   * hold outside the database goes too, before this returns. False when no such user.
   */
  async deleteAccount(id: string): Promise<boolean> {
    const finish = await this.ctx.db
      .transaction()
      .execute((trx) => this.withTransaction(trx).deleteAccountInTransaction(id));
    if (!finish) return false;
    await finish();
    return true;
  }

  /**
   * deleteAccount inside the caller's transaction (`withTransaction`), so an admin's audit row
   * commits with it: returns the step to await once that transaction has committed (files go
   * only after the rows naming them), or null when no such user.
   */
  async deleteAccountInTransaction(id: string): Promise<(() => Promise<void>) | null> {
    const trx = this.trx;
    if (trx === null) throw new Error('deleteAccountInTransaction needs withTransaction(trx)');
    const steps: (() => Promise<void>)[] = [];
    for (const owner of this.dataOwners) steps.push(await owner.removeAccountData(trx, id));
    if (!(await this.repo.delete(id))) return null;
    return async () => {
      for (const step of steps) await step();
    };
  }

  /**
   * Applies the profile fields of PUT /users/me and returns the row as stored. Only profile
   * fields are read (the schema strips role, is_admin, is_verified and the rest). The email is
   * not one of them: a new address waits for its confirmation (auth's EmailChangeService).
   */
  async updateProfile(current: UserRow, body: Omit<ProfileChanges, 'email'>): Promise<UserRow> {
    const patch: UserUpdate = {};
    if (body.name !== undefined) patch.name = body.name;
    if (body.username !== undefined && body.username !== current.username) {
      await this.assertUsernameFree(body.username, current.id);
      patch.username = body.username;
      patch.username_lower = body.username.toLowerCase();
    }
    if (body.bio !== undefined) patch.bio = body.bio === '' ? null : body.bio;
    if (body.avatarUrl !== undefined) patch.avatar_url = body.avatarUrl || null;
    if (body.time_zone !== undefined) patch.time_zone = body.time_zone;
    if (body.language !== undefined) patch.language = body.language;

    if (Object.keys(patch).length === 0) return current;
    patch.updated_at = this.ctx.clock.now().toISOString();
    let updated;
    try {
      updated = await this.repo.update(current.id, patch);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(USER_MESSAGES.eitherTaken);
      throw error;
    }
    if (!updated) throw unauthorized();
    return updated;
  }
}
