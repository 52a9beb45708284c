import {
  EMAIL_CHANGE_MESSAGES,
  EMAIL_CHANGE_TOKEN_TTL_MS,
  EMAIL_LINK_PAGES,
  EMAIL_UNDO_TOKEN_TTL_MS,
  emailLink,
  type Locale,
} from '@focusroom/core';
import type { SuccessMessage } from '@focusroom/core/schemas';
import { v7 as uuidv7 } from 'uuid';
import type { AppContext } from '../../context.js';
import { isUniqueViolation, type Db } from '../../db/index.js';
import type { EmailChangeTokenKind, UserRow } from '../../db/schema.js';
import {
  HttpError,
  badRequest,
  conflict,
  tooManyRequests,
  unauthorized,
} from '../../lib/http-errors.js';
import { createEmailToken, hashToken } from '../../lib/tokens.js';
import { mailLocale } from '../../mail/i18n.js';
import { emailChangeConfirmMail, emailChangeNoticeMail } from '../../mail/templates.js';
import type { UsersService } from '../users/service.js';
import { EmailChangeRepository } from './email-change-repository.js';
import { AuthRepository } from './repository.js';

/**
 * Changing the email without locking anyone out (decision 050). A new address is pending until
 * the link mailed to it is opened: meanwhile the old address stays the sign-in and recovery
 * address, and stays verified. A verified old address is told of the change with a link that
 * undoes it (restoring the address, or cancelling the change if still pending) and signs out
 * every device, since someone else may have made it. Links are 256-bit tokens stored as SHA-256
 * hashes and used once, each consumed by one conditional UPDATE.
 */
export class EmailChangeService {
  constructor(
    private readonly ctx: AppContext,
    private readonly users: UsersService,
  ) {}

  private repo(db: Db = this.ctx.db): EmailChangeRepository {
    return new EmailChangeRepository(db, this.ctx.dialect);
  }

  private nowIso(): string {
    return this.ctx.clock.now().toISOString();
  }

  /**
   * Holds `newEmail` as the account's pending address (PUT /users/me; the caller has checked the
   * current password and the limits) and mails the links: the confirmation to the new address,
   * and, when the current address is verified, the notice with the undo link to it. A newer
   * request replaces the waiting one. 409 when another account has the address or holds it.
   * Both mails are in the account's language, else in `requested`, the request's (decision 078).
   */
  async request(user: UserRow, newEmail: string, requested: Locale): Promise<UserRow> {
    await this.users.assertEmailFree(newEmail, user.id);
    const now = this.ctx.clock.now();
    const confirmToken = createEmailToken();
    const undoToken = createEmailToken();
    const expiresAt = new Date(now.getTime() + EMAIL_CHANGE_TOKEN_TTL_MS).toISOString();
    const { updated, notifyOld } = await this.ctx.db.transaction().execute(async (trx) => {
      const repo = this.repo(trx);
      await repo.lockUser(user.id);
      const users = this.users.withTransaction(trx);
      const current = await users.findById(user.id);
      if (!current) throw unauthorized();
      const change = { user_id: current.id, old_email: current.email, new_email: newEmail };
      await repo.deleteUnused(current.id, 'confirm');
      await repo.insert(this.tokenRow(change, 'confirm', confirmToken, now, expiresAt));
      // An unverified address was never proven to be the owner's: it gets no power to undo.
      const notify = current.is_verified === 1;
      if (notify) {
        const undoExpires = new Date(now.getTime() + EMAIL_UNDO_TOKEN_TTL_MS).toISOString();
        await repo.insert(this.tokenRow(change, 'undo', undoToken, now, undoExpires));
      }
      await users.setPendingEmail(current.id, newEmail, expiresAt, now.toISOString());
      const stored = await users.findById(current.id);
      if (!stored) throw unauthorized();
      return { updated: stored, notifyOld: notify };
    });
    const { publicUrl } = this.ctx.config;
    const locale = mailLocale(updated.language, requested);
    const confirm = emailChangeConfirmMail(
      newEmail,
      updated.name,
      updated.email,
      emailLink(publicUrl, EMAIL_LINK_PAGES.confirmEmailChange, confirmToken),
      locale,
    );
    this.ctx.background.run('email change confirmation mail', () => this.ctx.mailer.send(confirm));
    if (notifyOld) {
      const notice = emailChangeNoticeMail(
        updated.email,
        updated.name,
        newEmail,
        emailLink(publicUrl, EMAIL_LINK_PAGES.undoEmailChange, undoToken),
        locale,
      );
      this.ctx.background.run('email change notice mail', () => this.ctx.mailer.send(notice));
    }
    return updated;
  }

  private tokenRow(
    change: { user_id: string; old_email: string; new_email: string },
    kind: EmailChangeTokenKind,
    token: string,
    now: Date,
    expiresAt: string,
  ) {
    return {
      id: uuidv7(),
      ...change,
      kind,
      token_hash: hashToken(token),
      expires_at: expiresAt,
      created_at: now.toISOString(),
    };
  }

  /**
   * Cancels the waiting change (DELETE /users/me/pending-email): its confirmation link stops
   * working. Nothing waiting is not an error, so a second click answers the same.
   */
  async cancel(user: UserRow): Promise<UserRow> {
    return this.ctx.db.transaction().execute(async (trx) => {
      const repo = this.repo(trx);
      await repo.lockUser(user.id);
      await repo.deleteUnused(user.id, 'confirm');
      const users = this.users.withTransaction(trx);
      await users.setPendingEmail(user.id, null, null, this.nowIso());
      const stored = await users.findById(user.id);
      if (!stored) throw unauthorized();
      return stored;
    });
  }

  /**
   * Mails a fresh confirmation link to the waiting address (POST /users/me/pending-email/resend),
   * under the same limits as the change itself: per user, and the mail limit of the address. In
   * the account's language, else in `requested`, the request's (decision 078).
   */
  async resend(user: UserRow, requested: Locale): Promise<SuccessMessage> {
    const now = this.ctx.clock.now();
    const waiting = this.users.pendingEmail(user);
    if (waiting === null) throw conflict(EMAIL_CHANGE_MESSAGES.noPending);
    const { emailChangePerUser, mailPerAddress } = this.ctx.limiters;
    const byUser = await emailChangePerUser.hit(user.id);
    if (byUser.limited) throw tooManyRequests(byUser.retryAfterMs);
    const byAddress = await mailPerAddress.hit(waiting);
    if (byAddress.limited) throw tooManyRequests(byAddress.retryAfterMs);

    const token = createEmailToken();
    const expiresAt = new Date(now.getTime() + EMAIL_CHANGE_TOKEN_TTL_MS).toISOString();
    const sent = await this.ctx.db.transaction().execute(async (trx) => {
      const repo = this.repo(trx);
      await repo.lockUser(user.id);
      const users = this.users.withTransaction(trx);
      const current = await users.findById(user.id);
      // Cancelled or confirmed in the meantime: nothing to send.
      if (!current || current.pending_email !== waiting) return null;
      await repo.deleteUnused(current.id, 'confirm');
      const change = { user_id: current.id, old_email: current.email, new_email: waiting };
      await repo.insert(this.tokenRow(change, 'confirm', token, now, expiresAt));
      await users.setPendingEmail(current.id, waiting, expiresAt, now.toISOString());
      return current;
    });
    if (!sent) throw conflict(EMAIL_CHANGE_MESSAGES.noPending);
    const mail = emailChangeConfirmMail(
      waiting,
      sent.name,
      sent.email,
      emailLink(this.ctx.config.publicUrl, EMAIL_LINK_PAGES.confirmEmailChange, token),
      mailLocale(sent.language, requested),
    );
    this.ctx.background.run('email change confirmation mail', () => this.ctx.mailer.send(mail));
    return { success: true, message: EMAIL_CHANGE_MESSAGES.resent };
  }

  /**
   * The link from the new address (POST /auth/email-change/confirm): the address becomes the
   * account's, verified; verification and reset links mailed to the old one stop working.
   * Signed in or not, since the link itself proves the mailbox. 409, with the link still usable,
   * when another account took the address meanwhile; 400 for an unknown, expired, used or
   * superseded link, except that opening a used link again after it worked is a success.
   */
  async confirm(token: string): Promise<SuccessMessage> {
    const tokenHash = hashToken(token);
    const now = this.nowIso();
    let outcome: 'confirmed' | 'unused' | 'stale';
    try {
      outcome = await this.ctx.db.transaction().execute(async (trx) => {
        const change = await this.repo(trx).consume(tokenHash, 'confirm', now);
        if (!change) return 'unused' as const;
        const users = this.users.withTransaction(trx);
        try {
          await users.assertEmailFree(change.new_email, change.user_id);
        } catch (error) {
          // Thrown inside the transaction: the link is not used up.
          if (error instanceof HttpError && error.statusCode === 409) throw takenMeanwhile();
          throw error;
        }
        const applied = await users.applyEmailChange(
          change.user_id,
          change.old_email,
          change.new_email,
          now,
        );
        if (!applied) return 'stale' as const;
        await new AuthRepository(trx).deleteUnusedEmailTokens(change.user_id);
        return 'confirmed' as const;
      });
    } catch (error) {
      // Another account took the address between the check and the update.
      if (isUniqueViolation(error)) throw takenMeanwhile();
      throw error;
    }
    if (outcome === 'confirmed') return { success: true, message: EMAIL_CHANGE_MESSAGES.confirmed };
    if (outcome === 'unused') {
      const row = await this.repo().find(tokenHash);
      if (row && row.kind === 'confirm' && row.used_at !== null) {
        const user = await this.users.findById(row.user_id);
        if (user && user.email === row.new_email) {
          return { success: true, message: EMAIL_CHANGE_MESSAGES.alreadyConfirmed };
        }
      }
    }
    throw badRequest(EMAIL_CHANGE_MESSAGES.confirmLinkInvalid);
  }

  /**
   * The link from the old address (POST /auth/email-change/undo): the account gets the old
   * address back, verified (its mailbox opened the link), whatever changes came after; a change
   * still waiting is cancelled; every session ends; every other unused link of the account (undo
   * links of later changes, confirmations, verification and reset links) stops working, so
   * whoever made the change cannot undo the undo. When another account has the old address by
   * now, the rest still happens and the answer is 409.
   */
  async undo(token: string): Promise<SuccessMessage> {
    const tokenHash = hashToken(token);
    const now = this.nowIso();
    const outcome = await this.ctx.db.transaction().execute(async (trx) => {
      const repo = this.repo(trx);
      const change = await repo.consume(tokenHash, 'undo', now);
      if (!change) return 'invalid' as const;
      await repo.lockUser(change.user_id);
      const users = this.users.withTransaction(trx);
      const user = await users.findById(change.user_id);
      if (!user) return 'invalid' as const;
      let restored = true;
      if (user.email !== change.old_email) {
        try {
          await users.assertEmailFree(change.old_email, user.id);
        } catch (error) {
          if (!(error instanceof HttpError && error.statusCode === 409)) throw error;
          restored = false;
        }
      }
      if (restored) await users.restoreEmail(user.id, change.old_email, now);
      else await users.setPendingEmail(user.id, null, null, now);
      await repo.deleteUnused(user.id);
      const auth = new AuthRepository(trx);
      await auth.deleteUnusedEmailTokens(user.id);
      await auth.revokeAllSessions(user.id, now);
      return restored ? ('undone' as const) : ('taken' as const);
    });
    if (outcome === 'invalid') throw badRequest(EMAIL_CHANGE_MESSAGES.undoLinkInvalid);
    if (outcome === 'taken') throw conflict(EMAIL_CHANGE_MESSAGES.undoAddressTaken);
    return { success: true, message: EMAIL_CHANGE_MESSAGES.undone };
  }
}

function takenMeanwhile(): HttpError {
  return conflict(EMAIL_CHANGE_MESSAGES.addressTakenMeanwhile);
}
