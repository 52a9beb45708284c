import { ACCOUNT_MESSAGES, type Locale } from '@focusroom/core';
import type { UpdateMeBody, User } from '@focusroom/core/schemas';
import type { AppContext } from '../../context.js';
import type { UserRow } from '../../db/schema.js';
import { fieldError, tooManyRequests } from '../../lib/http-errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { limitFailures } from '../../lib/rate-limit.js';
import type { UsersService } from '../users/service.js';
import type { EmailChangeService } from './email-change-service.js';
import { AuthRepository } from './repository.js';
import type { AuthContext } from './service.js';

/**
 * The signed-in user's own account (/api/users): every change that needs the current password,
 * revokes sessions or mails a link lives here, beside sign-in; the profile fields themselves are
 * the users module's.
 */
export class AccountService {
  private readonly repo: AuthRepository;

  constructor(
    private readonly ctx: AppContext,
    private readonly users: UsersService,
    private readonly emailChange: EmailChangeService,
  ) {
    this.repo = new AuthRepository(ctx.db);
  }

  /**
   * Profile fields apply at once. A new email needs the current password, and is held as
   * pending until the link mailed to it is opened (decision 050): the answer's `email` is still
   * the old one, its `pending_email` the new one. A taken address is refused (409) before
   * anything is saved. The mails go out in the account's language (as this change leaves it),
   * else in `requested`, the request's.
   */
  async updateMe(auth: AuthContext, body: UpdateMeBody, requested: Locale): Promise<User> {
    const current = auth.user;
    const { email, currentPassword, ...profile } = body;
    const newEmail = email !== undefined && email !== current.email ? email : null;
    if (newEmail !== null) {
      await this.authorizeEmailChange(current, newEmail, currentPassword);
      await this.users.assertEmailFree(newEmail, current.id);
    }
    let updated = await this.users.updateProfile(current, profile);
    if (newEmail !== null) updated = await this.emailChange.request(updated, newEmail, requested);
    return this.users.toJson(updated);
  }

  /** DELETE /users/me/pending-email: the waiting change is dropped; answers the user. */
  async cancelEmailChange(auth: AuthContext): Promise<User> {
    return this.users.toJson(await this.emailChange.cancel(auth.user));
  }

  /** POST /users/me/pending-email/resend: a fresh confirmation link to the waiting address. */
  resendEmailChange(
    auth: AuthContext,
    requested: Locale,
  ): Promise<{ success: true; message: string }> {
    return this.emailChange.resend(auth.user, requested);
  }

  /**
   * Whether `password` is the user's, counted first on the per-account limiter under
   * `user:<id>` (product §7: only failures count; 429 once over), so a stolen session cannot
   * guess the password in parallel or at length.
   */
  private async isOwnPassword(user: UserRow, password: string): Promise<boolean> {
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
    user: UserRow,
    newEmail: string,
    currentPassword: string | undefined,
  ): Promise<void> {
    if (!currentPassword || !(await this.isOwnPassword(user, currentPassword))) {
      throw fieldError('currentPassword', ACCOUNT_MESSAGES.currentPasswordForEmail);
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
    if (!ok) throw fieldError('currentPassword', ACCOUNT_MESSAGES.wrongCurrentPassword);
    const passwordHash = await hashPassword(newPassword);
    const now = this.ctx.clock.now().toISOString();
    await this.users.setPassword(auth.user.id, passwordHash, now);
    // Other devices sign in again; this one keeps working.
    await this.repo.revokeOtherSessions(auth.user.id, auth.sessionId, now);
    await this.repo.deleteUnusedEmailTokens(auth.user.id, 'reset');
    return { success: true, message: ACCOUNT_MESSAGES.passwordChanged };
  }

  /**
   * The account and all it owns go (UsersService.deleteAccount, the path an admin's deletion
   * takes too): its sessions and tokens with its row, its uploaded images before this answers.
   */
  async deleteAccount(
    auth: AuthContext,
    password: string,
  ): Promise<{ success: true; message: string }> {
    const ok = await this.isOwnPassword(auth.user, password);
    if (!ok) throw fieldError('password', ACCOUNT_MESSAGES.wrongPassword);
    await this.users.deleteAccount(auth.user.id);
    return { success: true, message: ACCOUNT_MESSAGES.accountDeleted };
  }
}
