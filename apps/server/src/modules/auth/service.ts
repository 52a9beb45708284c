import type { AuthResponse, LoginBody, RegisterBody, User } from '@focusroom/core/schemas';
import {
  ADMIN_MESSAGES,
  AUTH_MESSAGES,
  EMAIL_LINK_PAGES,
  MESSAGES,
  emailLink,
  RESET_TOKEN_TTL_MS,
  VERIFICATION_TOKEN_TTL_MS,
  type Locale,
} from '@focusroom/core';
import { v7 as uuidv7 } from 'uuid';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/index.js';
import type { UserRow } from '../../db/schema.js';
import { badRequest, forbidden, tooManyRequests, unauthorized } from '../../lib/http-errors.js';
import { limitFailures } from '../../lib/rate-limit.js';
import { AccessTokenVerifier, signAccessToken, tokenTtlSeconds } from '../../lib/jwt.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/passwords.js';
import { createEmailToken, hashToken } from '../../lib/tokens.js';
import { mailLocale } from '../../mail/i18n.js';
import { resetMail, verificationMail, type MailMessage } from '../../mail/templates.js';
import { KeyedMutex } from '../../lib/keyed-mutex.js';
import type { UsersService } from '../users/service.js';
import { AuthRepository } from './repository.js';

const PRUNE_INTERVAL_MS = 60 * 60_000;
const USED_TOKEN_RETENTION_MS = 30 * 24 * 60 * 60_000;
/** How many sessions one query of liveSessionIds asks about (SQLite allows 32,766 parameters). */
const LIVE_CHECK_CHUNK = 500;

export interface AuthContext {
  user: UserRow;
  sessionId: string;
}

export interface RequestMeta {
  ip: string;
  /**
   * The language the request asks for (its Accept-Language; English when none we have): a mail
   * it causes is in this language unless the account chose one (decision 078).
   */
  locale: Locale;
}

/**
 * Accounts: registration, sign-in, sessions, email verification and password reset. User rows
 * are read and written through UsersService; this module owns sessions, tokens and passwords.
 */
export class AuthService {
  private readonly repo: AuthRepository;
  private readonly tokens: AccessTokenVerifier;
  private readonly linkMails = new KeyedMutex();
  private lastPruneMs = 0;

  constructor(
    private readonly ctx: AppContext,
    private readonly users: UsersService,
  ) {
    this.repo = new AuthRepository(ctx.db);
    this.tokens = new AccessTokenVerifier(ctx.config.jwtSecret);
  }

  private nowIso(): string {
    return this.ctx.clock.now().toISOString();
  }

  toJson(user: UserRow): User {
    return this.users.toJson(user);
  }

  async register(body: RegisterBody, meta: RequestMeta): Promise<AuthResponse> {
    const limit = await this.ctx.limiters.registerPerIp.hit(meta.ip);
    if (limit.limited) throw tooManyRequests(limit.retryAfterMs);

    await this.users.assertEmailFree(body.email);
    await this.users.assertUsernameFree(body.username);
    const passwordHash = await hashPassword(body.password);
    const now = this.nowIso();
    // A concurrent registration of the same email or username that wins the race: 409 too.
    const user = await this.users.create({
      id: uuidv7(),
      name: body.name,
      username: body.username,
      username_lower: body.username.toLowerCase(),
      email: body.email,
      password_hash: passwordHash,
      is_verified: 0,
      role: 'user',
      avatar_url: null,
      bio: null,
      time_zone: null,
      created_at: now,
      updated_at: now,
    });
    await this.sendVerification(user, meta.locale);
    const token = await this.startSession(user, true);
    return { token, user: this.toJson(user), message: AUTH_MESSAGES.registered };
  }

  async login(body: LoginBody, meta: RequestMeta): Promise<AuthResponse> {
    const identifier = (body.email?.trim() || body.login?.trim() || '').toLowerCase();
    const password = body.password ?? '';
    if (!identifier || !password) throw badRequest(MESSAGES.loginRequired);

    // Count-first: a point is reserved before the password is checked, so parallel guesses all
    // count; a right password gives it back (only failures count). The account key is the
    // identifier as typed, lower-cased, never the account it names: known and unknown
    // identifiers are limited alike, and a 429 for an email says nothing about any username
    // (keying on the user id would lock the username too and so reveal that both are one).
    // `login:` keeps it apart from the `user:<id>` keys of password change and deletion.
    const accountKey = `login:${identifier}`;
    const { loginPerAccount, loginPerIp } = this.ctx.limiters;
    const user = await limitFailures(
      [
        [loginPerAccount, accountKey],
        [loginPerIp, meta.ip],
      ],
      async () => {
        const found = await this.users.findByIdentifier(identifier);
        const ok = found?.password_hash
          ? await verifyPassword(found.password_hash, password)
          : await verifyAgainstDummy(password);
        return ok && found ? found : false;
      },
    );
    if (!user) throw unauthorized(AUTH_MESSAGES.invalidCredentials);
    // Only after the right password: a disabled account is not revealed to a guesser.
    if (user.disabled_at !== null) throw forbidden(ADMIN_MESSAGES.accountDisabled);
    if (user.is_verified !== 1) {
      throw forbidden(AUTH_MESSAGES.needsVerification, {
        needsVerification: true,
        email: user.email,
      });
    }
    const token = await this.startSession(user, body.rememberMe ?? true);
    return { token, user: this.toJson(user), message: AUTH_MESSAGES.loggedIn };
  }

  /**
   * Signs in a user whose identity another module has proven (external sign-in's one-time
   * code): the same session and answer as login. A disabled account is refused as at login.
   */
  async signInProven(user: UserRow): Promise<AuthResponse> {
    if (user.disabled_at !== null) throw forbidden(ADMIN_MESSAGES.accountDisabled);
    const token = await this.startSession(user, true);
    return { token, user: this.toJson(user), message: AUTH_MESSAGES.loggedIn };
  }

  /** A server-side session row plus the JWT that names it (`sid`). */
  private async startSession(user: UserRow, rememberMe: boolean): Promise<string> {
    const issuedAt = this.ctx.clock.now();
    this.pruneNowAndThen(issuedAt);
    const expiresAt = new Date(issuedAt.getTime() + tokenTtlSeconds(rememberMe) * 1000);
    const sessionId = uuidv7();
    await this.repo.createSession({
      id: sessionId,
      user_id: user.id,
      created_at: issuedAt.toISOString(),
      expires_at: expiresAt.toISOString(),
    });
    return signAccessToken(this.ctx.config.jwtSecret, user, sessionId, issuedAt, expiresAt);
  }

  /** At most hourly, after a response: dead sessions and old tokens would otherwise pile up. */
  private pruneNowAndThen(now: Date): void {
    if (now.getTime() - this.lastPruneMs < PRUNE_INTERVAL_MS) return;
    this.lastPruneMs = now.getTime();
    const tokensBefore = new Date(now.getTime() - USED_TOKEN_RETENTION_MS).toISOString();
    this.ctx.background.run('prune sessions and tokens', () =>
      this.repo.pruneExpired(now.toISOString(), tokensBefore),
    );
  }

  /** Checks signature, expiry (app clock) and that the session is live and its user exists. */
  async authenticate(authorization: string | undefined): Promise<AuthContext> {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
    if (!match?.[1]) throw unauthorized(AUTH_MESSAGES.tokenMissing);
    const now = this.ctx.clock.now();
    const claims = await this.tokens.verify(match[1], now);
    if (!claims) throw unauthorized(AUTH_MESSAGES.tokenInvalid);
    const active = await this.repo.findActiveSession(claims.sid, now.toISOString());
    if (!active || active.user.id !== claims.sub) throw unauthorized(AUTH_MESSAGES.sessionEnded);
    // Disabling revokes every session too; this holds even for one started in the same instant.
    if (active.user.disabled_at !== null) throw unauthorized(ADMIN_MESSAGES.accountDisabled);
    return active;
  }

  /**
   * Ends every session of the user (an admin's "sign out everywhere", disabling). `db` is the
   * caller's transaction when the change must commit with something else (its audit row).
   */
  async endAllSessions(userId: string, db: Db = this.ctx.db): Promise<void> {
    await new AuthRepository(db).revokeAllSessions(userId, this.nowIso());
  }

  /**
   * The sessions among these that still authenticate (as `authenticate` would find them), for
   * the live channel's check of its open sockets (decision 081). Asked in chunks, so that a
   * query's list of parameters stays within every engine's limit.
   */
  async liveSessionIds(sessionIds: readonly string[]): Promise<Set<string>> {
    const now = this.nowIso();
    const live = new Set<string>();
    for (let i = 0; i < sessionIds.length; i += LIVE_CHECK_CHUNK) {
      const chunk = sessionIds.slice(i, i + LIVE_CHECK_CHUNK);
      for (const id of await this.repo.liveSessionIds(chunk, now)) live.add(id);
    }
    return live;
  }

  /** Sessions of the user neither revoked nor expired. */
  countLiveSessions(userId: string, db: Db = this.ctx.db): Promise<number> {
    return new AuthRepository(db).countLiveSessions(userId, this.nowIso());
  }

  async logout(auth: AuthContext): Promise<void> {
    await this.repo.revokeSession(auth.sessionId, this.nowIso());
  }

  /**
   * Mails a fresh verification link; older unused ones stop working. In the account's language,
   * else in `requested`, the language of the request that asked for the mail.
   */
  async sendVerification(
    user: Pick<UserRow, 'id' | 'email' | 'name' | 'language'>,
    requested: Locale,
  ): Promise<void> {
    const issued = await this.issueEmailToken(user, 'verify', VERIFICATION_TOKEN_TTL_MS);
    const locale = mailLocale(user.language, requested);
    const message = verificationMail(user.email, user.name, issued.link, locale);
    this.ctx.background.run('verification mail', () =>
      this.mailLink(user, 'verify', issued, message),
    );
  }

  /**
   * Link mails of one account and kind go out one after another, and a link that a newer one
   * has already replaced is not sent: when requests cross (a double click, two tabs), the last
   * mail a person receives holds the link that works.
   */
  private mailLink(
    user: Pick<UserRow, 'id'>,
    kind: 'verify' | 'reset',
    issued: { token: string },
    message: MailMessage,
  ): Promise<void> {
    return this.linkMails.run(`${user.id}:${kind}`, async () => {
      const live = await this.repo.findUsableEmailToken(
        hashToken(issued.token),
        kind,
        this.nowIso(),
      );
      if (live) await this.ctx.mailer.send(message);
    });
  }

  private async issueEmailToken(
    user: Pick<UserRow, 'id' | 'email'>,
    kind: 'verify' | 'reset',
    ttlMs: number,
  ): Promise<{ token: string; link: string }> {
    const token = createEmailToken();
    const now = this.ctx.clock.now();
    await this.repo.replaceEmailToken({
      id: uuidv7(),
      user_id: user.id,
      kind,
      email: user.email,
      token_hash: hashToken(token),
      expires_at: new Date(now.getTime() + ttlMs).toISOString(),
      created_at: now.toISOString(),
    });
    const page = kind === 'verify' ? EMAIL_LINK_PAGES.verifyEmail : EMAIL_LINK_PAGES.resetPassword;
    return { token, link: emailLink(this.ctx.config.publicUrl, page, token) };
  }

  async verifyEmail(token: string): Promise<{ success: true; message: string }> {
    const tokenHash = hashToken(token);
    const now = this.nowIso();
    // One transaction: a concurrent second use waits, then sees the account verified.
    const outcome = await this.ctx.db.transaction().execute(async (trx) => {
      const consumed = await new AuthRepository(trx).consumeEmailToken(tokenHash, 'verify', now);
      if (!consumed) return 'unused' as const;
      const verified = await this.users
        .withTransaction(trx)
        .markVerified(consumed.user_id, consumed.email, now);
      return verified ? ('verified' as const) : ('stale' as const);
    });
    if (outcome === 'verified') return { success: true, message: AUTH_MESSAGES.verified };
    if (outcome === 'unused') {
      const row = await this.repo.findEmailToken(tokenHash);
      if (row && row.kind === 'verify' && row.used_at !== null) {
        const user = await this.users.findById(row.user_id);
        if (user && user.is_verified === 1 && user.email === row.email) {
          return { success: true, message: AUTH_MESSAGES.alreadyVerified };
        }
      }
    }
    throw badRequest(AUTH_MESSAGES.verifyLinkInvalid);
  }

  /**
   * Same answer and the same work on the response path for every address: the lookup and the
   * mail run after the response. Only the per-IP limit answers 429 (it says nothing about the
   * address); the per-address limit silently skips the mail.
   */
  async resendVerification(
    email: string,
    meta: RequestMeta,
  ): Promise<{ success: true; message: string }> {
    await this.enforceMailIpLimit(meta.ip);
    this.ctx.background.run('resend verification', async () => {
      if (!(await this.allowMailTo(email))) return;
      const user = await this.users.findByEmail(email);
      if (user && user.is_verified !== 1) await this.sendVerification(user, meta.locale);
    });
    return { success: true, message: AUTH_MESSAGES.resendSent };
  }

  async forgotPassword(
    email: string,
    meta: RequestMeta,
  ): Promise<{ success: true; message: string }> {
    await this.enforceMailIpLimit(meta.ip);
    this.ctx.background.run('password reset', async () => {
      if (!(await this.allowMailTo(email))) return;
      const user = await this.users.findByEmail(email);
      if (!user) return;
      const issued = await this.issueEmailToken(user, 'reset', RESET_TOKEN_TTL_MS);
      const locale = mailLocale(user.language, meta.locale);
      const message = resetMail(user.email, user.name, issued.link, locale);
      await this.mailLink(user, 'reset', issued, message);
    });
    return { success: true, message: AUTH_MESSAGES.forgotSent };
  }

  private async enforceMailIpLimit(ip: string): Promise<void> {
    const limit = await this.ctx.limiters.mailPerIp.hit(ip);
    if (limit.limited) throw tooManyRequests(limit.retryAfterMs);
  }

  /** Counted for unknown addresses too, so the limit itself reveals nothing. */
  private async allowMailTo(email: string): Promise<boolean> {
    const limit = await this.ctx.limiters.mailPerAddress.hit(email.toLowerCase());
    return !limit.limited;
  }

  async verifyResetToken(token: string): Promise<{ valid: true }> {
    const row = await this.repo.findUsableEmailToken(hashToken(token), 'reset', this.nowIso());
    if (!row) throw badRequest(AUTH_MESSAGES.resetLinkInvalid);
    return { valid: true };
  }

  /**
   * Sets the password, revokes every session (no sign-in here) and marks the address verified:
   * opening the mailed link proved the mailbox. Attempts are limited per IP, and the token is
   * looked up before the new password is hashed, so a bogus token costs no argon2 work (an
   * unlimited stream of them would otherwise buy 19 MiB and a hash each). The atomic consume
   * below still decides between two concurrent uses.
   */
  async resetPassword(
    token: string,
    newPassword: string,
    meta: RequestMeta,
  ): Promise<{ success: true; message: string }> {
    const limit = await this.ctx.limiters.resetPerIp.hit(meta.ip);
    if (limit.limited) throw tooManyRequests(limit.retryAfterMs);
    const tokenHash = hashToken(token);
    const live = await this.repo.findUsableEmailToken(tokenHash, 'reset', this.nowIso());
    if (!live) throw badRequest(AUTH_MESSAGES.resetLinkInvalid);
    const passwordHash = await hashPassword(newPassword);
    const now = this.nowIso();
    const done = await this.ctx.db.transaction().execute(async (trx) => {
      const auth = new AuthRepository(trx);
      const consumed = await auth.consumeEmailToken(tokenHash, 'reset', now);
      if (!consumed) return false;
      const users = this.users.withTransaction(trx);
      await users.setPassword(consumed.user_id, passwordHash, now);
      await users.markVerified(consumed.user_id, consumed.email, now);
      await auth.revokeAllSessions(consumed.user_id, now);
      await auth.deleteUnusedEmailTokens(consumed.user_id, 'reset');
      return true;
    });
    if (!done) throw badRequest(AUTH_MESSAGES.resetLinkInvalid);
    return { success: true, message: AUTH_MESSAGES.passwordReset };
  }
}
