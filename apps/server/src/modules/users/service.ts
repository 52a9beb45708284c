import type { UpdateMeBody, User } from '@focusroom/core/schemas';
import type { AppContext } from '../../context.js';
import { isUniqueViolation } from '../../db/index.js';
import type { UserUpdate } from '../../db/schema.js';
import { conflict, fieldError, tooManyRequests, unauthorized } from '../../lib/http-errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { limitFailures } from '../../lib/rate-limit.js';
import { AuthRepository } from '../auth/repository.js';
import type { AuthContext, AuthService } from '../auth/service.js';
import { UsersRepository } from './repository.js';
import { toUserJson } from './serialize.js';

export const USER_MESSAGES = {
  emailTaken: 'An account with this email already exists',
  usernameTaken: 'This username is already taken',
  wrongCurrentPassword: 'Current password is incorrect',
  currentPasswordForEmail: 'Enter your current password to change your email',
  wrongPassword: 'Password is incorrect',
  passwordChanged: 'Password changed successfully',
  accountDeleted: 'Your account has been deleted',
} as const;

/** The signed-in user's own profile, password and account. */
export class UsersService {
  private readonly users: UsersRepository;
  private readonly auth: AuthRepository;

  constructor(
    private readonly ctx: AppContext,
    private readonly authService: AuthService,
  ) {
    this.users = new UsersRepository(ctx.db);
    this.auth = new AuthRepository(ctx.db);
  }

  toJson(auth: AuthContext): User {
    return toUserJson(auth.user, this.ctx.config.adminEmails);
  }

  /**
   * Only profile fields are read (the schema strips role, is_admin, is_verified and the rest).
   * A new email needs the current password and is unverified until its mailed link is opened.
   */
  async updateMe(auth: AuthContext, body: UpdateMeBody): Promise<User> {
    const current = auth.user;
    const patch: UserUpdate = {};
    const emailChanged = body.email !== undefined && body.email !== current.email;
    if (emailChanged && body.email !== undefined) {
      await this.authorizeEmailChange(current, body.email, body.currentPassword);
    }
    if (body.name !== undefined) patch.name = body.name;
    if (body.username !== undefined && body.username !== current.username) {
      if (await this.users.isUsernameTaken(body.username, current.id)) {
        throw conflict(USER_MESSAGES.usernameTaken, { username: USER_MESSAGES.usernameTaken });
      }
      patch.username = body.username;
      patch.username_lower = body.username.toLowerCase();
    }
    if (emailChanged && body.email !== undefined) {
      if (await this.users.isEmailTaken(body.email, current.id)) {
        throw conflict(USER_MESSAGES.emailTaken, { email: USER_MESSAGES.emailTaken });
      }
      patch.email = body.email;
      patch.is_verified = 0;
    }
    if (body.bio !== undefined) patch.bio = body.bio === '' ? null : body.bio;
    if (body.avatarUrl !== undefined) patch.avatar_url = body.avatarUrl || null;
    if (body.time_zone !== undefined) patch.time_zone = body.time_zone;

    if (Object.keys(patch).length === 0) return this.toJson(auth);
    patch.updated_at = this.ctx.clock.now().toISOString();
    let updated;
    try {
      updated = await this.users.update(current.id, patch);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('This email or username is already taken');
      throw error;
    }
    if (!updated) throw unauthorized();
    if (emailChanged) {
      // Links mailed to the old address must not verify or reset the new one.
      await this.auth.deleteUnusedEmailTokens(updated.id);
      await this.authService.sendVerification(updated);
    }
    return toUserJson(updated, this.ctx.config.adminEmails);
  }

  /**
   * Whether `password` is the user's, counted first on the per-account limiter under
   * `user:<id>` (DESIGN §4: only failures count; 429 once over), so a stolen session cannot
   * guess the password in parallel or at length.
   */
  private async isOwnPassword(user: AuthContext['user'], password: string): Promise<boolean> {
    const ok = await limitFailures(
      [[this.ctx.limiters.loginPerAccount, `user:${user.id}`]],
      async () =>
        user.password_hash !== null && (await verifyPassword(user.password_hash, password)),
    );
    return ok;
  }

  /**
   * Moving the account to another address (where reset links then go) takes the current
   * password: a wrong or missing one is a 400 field error, never a 401 (clients sign out on any
   * 401), counted like the other password checks. Then, before any lookup of the address (whose
   * 409 would otherwise probe for accounts at will), a limit on changes per user and the mail
   * limit of the new address, each answering 429.
   */
  private async authorizeEmailChange(
    user: AuthContext['user'],
    newEmail: string,
    currentPassword: string | undefined,
  ): Promise<void> {
    if (!currentPassword || !(await this.isOwnPassword(user, currentPassword))) {
      throw fieldError('currentPassword', USER_MESSAGES.currentPasswordForEmail);
    }
    const { emailChangePerUser, mailPerAddress } = this.ctx.limiters;
    const byUser = await emailChangePerUser.hit(user.id);
    if (byUser.limited) throw tooManyRequests(byUser.retryAfterMs);
    const byAddress = await mailPerAddress.hit(newEmail.toLowerCase());
    if (byAddress.limited) throw tooManyRequests(byAddress.retryAfterMs);
  }

  /** A wrong current password is a 400, never a 401: clients sign out on any 401. */
  async changePassword(
    auth: AuthContext,
    currentPassword: string,
    newPassword: string,
  ): Promise<{ success: true; message: string }> {
    const ok = await this.isOwnPassword(auth.user, currentPassword);
    if (!ok) throw fieldError('currentPassword', USER_MESSAGES.wrongCurrentPassword);
    const passwordHash = await hashPassword(newPassword);
    const now = this.ctx.clock.now().toISOString();
    await this.users.setPassword(auth.user.id, passwordHash, now);
    // Other devices sign in again; this one keeps working.
    await this.auth.revokeOtherSessions(auth.user.id, auth.sessionId, now);
    await this.auth.deleteUnusedEmailTokens(auth.user.id, 'reset');
    return { success: true, message: USER_MESSAGES.passwordChanged };
  }

  async deleteAccount(
    auth: AuthContext,
    password: string,
  ): Promise<{ success: true; message: string }> {
    const ok = await this.isOwnPassword(auth.user, password);
    if (!ok) throw fieldError('password', USER_MESSAGES.wrongPassword);
    await this.users.delete(auth.user.id);
    return { success: true, message: USER_MESSAGES.accountDeleted };
  }
}
