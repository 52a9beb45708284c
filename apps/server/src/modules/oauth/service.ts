import {
  NAME_MAX_LENGTH,
  OAUTH_API_MESSAGES,
  OAUTH_CALLBACK_PARAMS,
  OAUTH_ERROR_MESSAGES,
  OAUTH_EXCHANGE_CODE_TTL_MS,
  SHARED_PATHS,
  isOAuthProviderId,
  usernameBase,
  usernameCandidate,
  type Locale,
  type OAuthErrorCode,
  type OAuthProviderId,
} from '@focusroom/core';
import type {
  OAuthConnection,
  OAuthExchangeResponse,
  OAuthProvidersResponse,
  OAuthStartBody,
} from '@focusroom/core/schemas';
import * as client from 'openid-client';
import { v7 as uuidv7 } from 'uuid';
import type { AppContext } from '../../context.js';
import { isUniqueViolation } from '../../db/index.js';
import type { UserRow } from '../../db/schema.js';
import {
  HttpError,
  badRequest,
  conflict,
  notFound,
  tooManyRequests,
} from '../../lib/http-errors.js';
import { createEmailToken, hashToken } from '../../lib/tokens.js';
import type { AuthService } from '../auth/service.js';
import type { UsersService } from '../users/service.js';
import { FlowCookie, type FlowState } from './flow-cookie.js';
import { OAuthFlowError, OAuthProviders, type ExternalProfile } from './providers.js';
import { OAuthRepository } from './repository.js';

/** Where the callback sends the browser, and the cookie to set on the way. */
export interface CallbackOutcome {
  location: string;
  setCookie: string;
}

const USERNAME_ATTEMPTS = 50;
/** Used and expired codes are deleted this long after they expire. */
const CODE_RETENTION_MS = 60 * 60_000;

/**
 * External sign-in (product §2 /oauth-callback, §7): starting an attempt, the provider's answer,
 * the one-time code for a session, and the connections on the profile. Accounts link by
 * (provider, subject), never by an email alone (decision 020).
 */
export class OAuthService {
  private readonly repo: OAuthRepository;
  private readonly cookie: FlowCookie;

  constructor(
    private readonly ctx: AppContext,
    private readonly users: UsersService,
    private readonly auth: AuthService,
    private readonly providers = new OAuthProviders(ctx.config, ctx.clock),
  ) {
    this.repo = new OAuthRepository(ctx.db, ctx.dialect);
    this.cookie = new FlowCookie(
      ctx.config.jwtSecret,
      new URL(ctx.config.publicUrl).protocol === 'https:',
    );
  }

  listProviders(): OAuthProvidersResponse {
    return { providers: this.providers.list() };
  }

  /** 404 for an unknown or unconfigured provider. */
  providerOf(raw: string): OAuthProviderId {
    if (!isOAuthProviderId(raw) || !this.providers.has(raw)) {
      throw notFound(OAUTH_API_MESSAGES.unknownProvider);
    }
    return raw;
  }

  redirectUri(provider: OAuthProviderId): string {
    return `${this.ctx.config.publicUrl}/api/auth/oauth/${provider}/callback`;
  }

  /**
   * The provider's authorization address and the flow cookie for it. `userId` is the signed-in
   * user, required for `link` (the route authenticates) and ignored for `signin`.
   */
  async start(
    provider: OAuthProviderId,
    body: OAuthStartBody,
    userId: string | null,
    ip: string,
  ): Promise<{ url: string; setCookie: string }> {
    const limit = await this.ctx.limiters.oauthStartPerIp.hit(ip);
    if (limit.limited) throw tooManyRequests(limit.retryAfterMs);
    const flow: FlowState = {
      provider,
      intent: body.intent,
      state: client.randomState(),
      codeVerifier: client.randomPKCECodeVerifier(),
      ...(this.providers.isOidc(provider) ? { nonce: client.randomNonce() } : {}),
      ...(body.next ? { next: body.next } : {}),
      ...(body.intent === 'link' && userId ? { userId } : {}),
    };
    let url: string;
    try {
      url = await this.providers.authorizationUrl(provider, this.redirectUri(provider), flow);
    } catch (error) {
      if (error instanceof OAuthFlowError) {
        throw new HttpError(503, OAUTH_ERROR_MESSAGES[error.code], { code: error.code });
      }
      throw error;
    }
    return { url, setCookie: await this.cookie.serialize(flow, this.ctx.clock.now()) };
  }

  /**
   * The provider's answer: never throws for anything the provider or the browser sent, so the
   * browser always lands on a page with a readable message. The flow cookie is cleared.
   * `requested` is the language the browser asks for, for a new account's verification mail.
   */
  async callback(
    provider: string,
    query: Record<string, unknown>,
    rawQuery: string,
    cookieHeader: string | undefined,
    requested: Locale,
    log: (error: unknown) => void,
  ): Promise<CallbackOutcome> {
    const setCookie = this.cookie.clear();
    const flow = await this.cookie.read(cookieHeader, this.ctx.clock.now());
    const fail = (code: OAuthErrorCode): CallbackOutcome => ({
      location: errorLocation(code, flow?.intent === 'link'),
      setCookie,
    });
    if (typeof query.error === 'string') {
      if (query.error === 'access_denied') return fail('access_denied');
      const down = ['temporarily_unavailable', 'server_error'].includes(query.error);
      return fail(down ? 'provider_unavailable' : 'sign_in_failed');
    }
    if (!flow || flow.provider !== provider || query.state !== flow.state) {
      return fail('state_mismatch');
    }
    if (!this.providers.has(flow.provider)) return fail('provider_not_configured');

    try {
      const callbackUrl = new URL(this.redirectUri(flow.provider));
      callbackUrl.search = rawQuery;
      const profile = await this.providers.complete(flow.provider, callbackUrl, flow);
      if (flow.intent === 'link') {
        await this.link(flow, profile);
        const params = new URLSearchParams({ [OAUTH_CALLBACK_PARAMS.connected]: flow.provider });
        return { location: `${SHARED_PATHS.profile}?${params.toString()}`, setCookie };
      }
      const { user, created } = await this.signIn(flow.provider, profile, requested);
      const params = new URLSearchParams({
        [OAUTH_CALLBACK_PARAMS.code]: await this.issueCode(user, created),
      });
      if (flow.next) params.set(OAUTH_CALLBACK_PARAMS.next, flow.next);
      return { location: `${SHARED_PATHS.oauthCallback}?${params.toString()}`, setCookie };
    } catch (error) {
      if (error instanceof OAuthFlowError) {
        if (error.code === 'provider_unavailable' || error.code === 'sign_in_failed') log(error);
        return fail(error.code);
      }
      log(error);
      return fail('sign_in_failed');
    }
  }

  /**
   * POST /oauth/exchange: the one-time code for the usual sign-in answer, saying whether the
   * sign-in made the account (the web app then carries a visitor's set-up in without asking).
   */
  async exchange(code: string, ip: string): Promise<OAuthExchangeResponse> {
    const limit = await this.ctx.limiters.oauthExchangePerIp.hit(ip);
    if (limit.limited) throw tooManyRequests(limit.retryAfterMs);
    const issued = await this.repo.consumeCode(hashToken(code), this.ctx.clock.now().toISOString());
    const user = issued ? await this.users.findById(issued.user_id) : undefined;
    if (!issued || !user) throw badRequest(OAUTH_API_MESSAGES.exchangeCodeInvalid);
    return { ...(await this.auth.signInProven(user)), new_account: issued.new_account === 1 };
  }

  async connections(userId: string): Promise<OAuthConnection[]> {
    const rows = await this.repo.listForUser(userId);
    return rows.flatMap((row) =>
      isOAuthProviderId(row.provider)
        ? [{ provider: row.provider, email: row.email, connected_at: row.created_at }]
        : [],
    );
  }

  /**
   * Never the last way to sign in: a password or another connection must remain. The check and
   * the delete run in one transaction holding the user's lock, so two disconnects at once of an
   * account's two connections cannot both pass the count.
   */
  async disconnect(user: UserRow, provider: string): Promise<void> {
    await this.ctx.db.transaction().execute(async (trx) => {
      const repo = this.repo.withTransaction(trx);
      await repo.lockUser(user.id);
      const current = await this.users.withTransaction(trx).findById(user.id);
      const rows = await repo.listForUser(user.id);
      if (!current || !rows.some((row) => row.provider === provider)) {
        throw notFound(OAUTH_API_MESSAGES.connectionNotFound);
      }
      if (current.password_hash === null && rows.length === 1) {
        throw conflict(OAUTH_API_MESSAGES.lastSignInMethod);
      }
      await repo.deleteAccount(user.id, provider);
    });
  }

  /**
   * The account for a sign-in: the one linked to (provider, subject); else an account with the
   * same email only when the provider vouches for the address and the account has no password
   * (nothing a password holder set up is taken over); else a new account.
   */
  private async signIn(
    provider: OAuthProviderId,
    profile: ExternalProfile,
    requested: Locale,
  ): Promise<{ user: UserRow; created: boolean }> {
    const linked = await this.repo.findAccount(provider, profile.subject);
    if (linked) {
      const user = await this.users.findById(linked.user_id);
      if (!user) throw new OAuthFlowError('sign_in_failed');
      return { user: this.usable(user), created: false };
    }
    if (!profile.email) throw new OAuthFlowError('email_missing');
    const existing = await this.users.findByEmail(profile.email);
    if (existing) {
      if (!profile.emailVerified || existing.password_hash !== null) {
        throw new OAuthFlowError('account_exists_sign_in_first');
      }
      await this.insertLink(existing.id, provider, profile);
      return { user: this.usable(existing), created: false };
    }
    const user = await this.createLinkedUser(provider, profile, profile.email);
    if (user.is_verified !== 1) await this.auth.sendVerification(user, requested);
    return { user, created: true };
  }

  private usable(user: UserRow): UserRow {
    if (user.disabled_at !== null) throw new OAuthFlowError('account_unavailable');
    return user;
  }

  /** Connects the provider to the user who started the attempt signed in. */
  private async link(flow: FlowState, profile: ExternalProfile): Promise<void> {
    const user = flow.userId ? await this.users.findById(flow.userId) : undefined;
    if (!user) throw new OAuthFlowError('sign_in_required');
    this.usable(user);
    const linked = await this.repo.findAccount(flow.provider, profile.subject);
    if (linked) {
      if (linked.user_id === user.id) return;
      throw new OAuthFlowError('already_linked_elsewhere');
    }
    const mine = await this.repo.listForUser(user.id);
    if (mine.some((row) => row.provider === flow.provider)) {
      throw new OAuthFlowError('provider_already_connected');
    }
    await this.insertLink(user.id, flow.provider, profile);
  }

  private async insertLink(
    userId: string,
    provider: OAuthProviderId,
    profile: ExternalProfile,
    repo = this.repo,
  ): Promise<void> {
    try {
      await repo.insertAccount({
        id: uuidv7(),
        user_id: userId,
        provider,
        subject: profile.subject,
        email: profile.email,
        created_at: this.ctx.clock.now().toISOString(),
      });
    } catch (error) {
      // A concurrent callback for the same person, or a second account of this provider.
      if (isUniqueViolation(error)) throw new OAuthFlowError('already_linked_elsewhere');
      throw error;
    }
  }

  /**
   * A new account with a free username derived from the profile and no password, linked to
   * (provider, subject): both in one transaction, so a failed link leaves no account behind.
   */
  private async createLinkedUser(
    provider: OAuthProviderId,
    profile: ExternalProfile,
    email: string,
  ): Promise<UserRow> {
    const base = usernameBase(profile.usernameHints);
    for (let attempt = 1; attempt <= USERNAME_ATTEMPTS; attempt++) {
      const username = usernameCandidate(
        base,
        attempt <= USERNAME_ATTEMPTS - 10 ? attempt : 1000 + Math.floor(Math.random() * 9e5),
      );
      if (await this.users.findByIdentifier(username)) continue;
      const now = this.ctx.clock.now().toISOString();
      try {
        return await this.ctx.db.transaction().execute(async (trx) => {
          const user = await this.users.withTransaction(trx).create({
            id: uuidv7(),
            name: (profile.name?.trim() || username).slice(0, NAME_MAX_LENGTH),
            username,
            username_lower: username.toLowerCase(),
            email,
            password_hash: null,
            is_verified: profile.emailVerified ? 1 : 0,
            role: 'user',
            avatar_url: null,
            bio: null,
            time_zone: null,
            created_at: now,
            updated_at: now,
          });
          await this.insertLink(user.id, provider, profile, this.repo.withTransaction(trx));
          return user;
        });
      } catch (error) {
        if (!(error instanceof HttpError && error.statusCode === 409)) throw error;
        // Lost a race: for the email, the other account now exists; for the username, go on.
        if (await this.users.findByEmail(email)) {
          throw new OAuthFlowError('account_exists_sign_in_first');
        }
      }
    }
    throw new OAuthFlowError('sign_in_failed');
  }

  /** A one-time code for /oauth-callback; only its hash is stored. */
  private async issueCode(user: UserRow, created: boolean): Promise<string> {
    const code = createEmailToken();
    const now = this.ctx.clock.now();
    await this.repo.deleteCodesExpiredBefore(
      new Date(now.getTime() - CODE_RETENTION_MS).toISOString(),
    );
    await this.repo.insertCode({
      code_hash: hashToken(code),
      user_id: user.id,
      new_account: created ? 1 : 0,
      expires_at: new Date(now.getTime() + OAUTH_EXCHANGE_CODE_TTL_MS).toISOString(),
      created_at: now.toISOString(),
    });
    return code;
  }
}

function errorLocation(code: OAuthErrorCode, link: boolean): string {
  const params = new URLSearchParams({ [OAUTH_CALLBACK_PARAMS.error]: code });
  if (link) params.set(OAUTH_CALLBACK_PARAMS.intent, 'link');
  return `${SHARED_PATHS.oauthCallback}?${params.toString()}`;
}
