import { OAUTH_PROVIDER_NAMES, type OAuthErrorCode, type OAuthProviderId } from '@focusroom/core';
import * as client from 'openid-client';
import type { Config } from '../../config.js';
import type { Clock } from '../../lib/clock.js';

/**
 * An OpenID Connect provider's discovered configuration is used without asking the provider
 * again for this long after it last answered; a sign-in started later asks it first, so a
 * provider that went away is answered 503 like one never reached (decision 059).
 */
export const OAUTH_DISCOVERY_MAX_AGE_MS = 30_000;
/**
 * A sign-in started this long after the provider last answered is answered from what is held
 * while the provider is asked again in the background, so a busy server never waits for it.
 */
export const OAUTH_DISCOVERY_REFRESH_AFTER_MS = 10_000;
/**
 * After the provider failed to answer, sign-ins answer 503 at once for this long before it is
 * asked again: a provider that is down or flapping costs one call per this interval.
 */
export const OAUTH_PROVIDER_RETRY_MS = 5_000;

/** What sign-in needs to know about the person, whichever provider vouched for them. */
export interface ExternalProfile {
  /** The provider's stable id of the person (`sub`, or GitHub's numeric id). */
  subject: string;
  /** Lower-cased; null when the provider shared none. */
  email: string | null;
  /** The provider says it has checked that the person owns `email`. */
  emailVerified: boolean;
  name: string | null;
  /** In order of preference, for a new account's username. */
  usernameHints: string[];
}

/** The secrets of one attempt, kept in the browser's signed cookie until the callback. */
export interface FlowChecks {
  state: string;
  /** OpenID Connect only (GitHub has no ID token). */
  nonce?: string;
  codeVerifier: string;
}

/** A failure with one of the fixed codes the callback redirects with. */
export class OAuthFlowError extends Error {
  constructor(
    readonly code: OAuthErrorCode,
    options?: { cause?: unknown },
  ) {
    super(code, options);
    this.name = 'OAuthFlowError';
  }
}

const GOOGLE_ISSUER = 'https://accounts.google.com';

interface ProviderDefinition {
  id: OAuthProviderId;
  name: string;
  /** Scopes asked for: an email and a name, nothing more. */
  scope: string;
  oidc: boolean;
  /** Builds the openid-client configuration (OIDC: discovered, so it may call the issuer). */
  configure(): Promise<client.Configuration>;
  /** The person, from the token response (and the provider's user APIs). */
  profile(
    config: client.Configuration,
    tokens: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers,
  ): Promise<ExternalProfile>;
}

/**
 * The configured providers and the calls to them: Google and any OpenID Connect issuer through
 * discovery, GitHub as plain OAuth 2 with its user and emails APIs, all through openid-client
 * (authorization code, PKCE S256, state, and nonce for OIDC). Every call gives up after
 * `config.oauthTimeoutMs` (OAUTH_PROVIDER_TIMEOUT_MS); network failures, timeouts and 5xx
 * answers become `provider_unavailable`. A discovered configuration is held for a bounded time
 * and a failed discovery for a shorter one (`configuration`, decision 059).
 */
export class OAuthProviders {
  private readonly definitions = new Map<OAuthProviderId, ProviderDefinition>();
  private readonly states = new Map<OAuthProviderId, ProviderState>();

  constructor(
    config: Config,
    private readonly clock: Clock,
  ) {
    const { google, github, oidc } = config.oauth;
    const timeoutMs = config.oauthTimeoutMs;
    if (google) {
      this.definitions.set('google', {
        id: 'google',
        name: OAUTH_PROVIDER_NAMES.google,
        scope: 'openid email profile',
        oidc: true,
        configure: () => discover(GOOGLE_ISSUER, google.clientId, google.clientSecret, timeoutMs),
        profile: oidcProfile,
      });
    }
    if (github) {
      this.definitions.set('github', {
        id: 'github',
        name: OAUTH_PROVIDER_NAMES.github,
        scope: 'read:user user:email',
        oidc: false,
        configure: async () => {
          const server: client.ServerMetadata = {
            issuer: github.webBase,
            authorization_endpoint: `${github.webBase}/login/oauth/authorize`,
            token_endpoint: `${github.webBase}/login/oauth/access_token`,
          };
          const configuration = new client.Configuration(
            server,
            github.clientId,
            github.clientSecret,
          );
          configuration.timeout = timeoutMs / 1000;
          if (isLocalHttp(github.webBase)) client.allowInsecureRequests(configuration);
          return configuration;
        },
        profile: (_config, tokens) => githubProfile(github.apiBase, tokens.access_token, timeoutMs),
      });
    }
    if (oidc) {
      this.definitions.set('oidc', {
        id: 'oidc',
        name: oidc.name,
        scope: 'openid email profile',
        oidc: true,
        configure: () => discover(oidc.issuer, oidc.clientId, oidc.clientSecret, timeoutMs),
        profile: oidcProfile,
      });
    }
  }

  /** The configured providers, in a fixed order. */
  list(): { id: OAuthProviderId; name: string }[] {
    return [...this.definitions.values()].map(({ id, name }) => ({ id, name }));
  }

  has(id: OAuthProviderId): boolean {
    return this.definitions.has(id);
  }

  isOidc(id: OAuthProviderId): boolean {
    return this.get(id).oidc;
  }

  /** The provider's authorization address for one attempt. */
  async authorizationUrl(
    id: OAuthProviderId,
    redirectUri: string,
    checks: FlowChecks,
  ): Promise<string> {
    const definition = this.get(id);
    const config = await this.configuration(id);
    const parameters: Record<string, string> = {
      redirect_uri: redirectUri,
      scope: definition.scope,
      response_type: 'code',
      state: checks.state,
      code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: 'S256',
    };
    if (checks.nonce) parameters.nonce = checks.nonce;
    return client.buildAuthorizationUrl(config, parameters).href;
  }

  /**
   * Checks the provider's answer against the attempt's state, PKCE verifier and nonce, exchanges
   * the code and reads the person's profile.
   */
  async complete(
    id: OAuthProviderId,
    callbackUrl: URL,
    checks: FlowChecks,
  ): Promise<ExternalProfile> {
    const definition = this.get(id);
    try {
      const config = await this.configuration(id);
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        expectedState: checks.state,
        pkceCodeVerifier: checks.codeVerifier,
        ...(checks.nonce ? { expectedNonce: checks.nonce } : {}),
      });
      return await definition.profile(config, tokens);
    } catch (error) {
      throw toFlowError(error);
    }
  }

  private get(id: OAuthProviderId): ProviderDefinition {
    const definition = this.definitions.get(id);
    if (!definition) throw new OAuthFlowError('provider_not_configured');
    return definition;
  }

  /**
   * The provider's configuration, held for OAUTH_DISCOVERY_MAX_AGE_MS after the provider last
   * answered its discovery (decision 059). Past OAUTH_DISCOVERY_REFRESH_AFTER_MS the provider is
   * asked again in the background while the held one answers; past the maximum age the caller
   * waits for that answer. A failed answer drops what was held and is itself held for
   * OAUTH_PROVIDER_RETRY_MS, so a provider that went away is answered like one never reached,
   * at once, and is asked at most once per interval however many sign-ins start.
   */
  private configuration(id: OAuthProviderId): Promise<client.Configuration> {
    const state = this.stateOf(id);
    const now = this.clock.now().getTime();
    if (state.config && now - state.answeredAt < OAUTH_DISCOVERY_MAX_AGE_MS) {
      if (now - state.answeredAt >= OAUTH_DISCOVERY_REFRESH_AFTER_MS) {
        // Its failure is recorded in the state; the held configuration answers this one.
        this.ask(id, state).catch(() => undefined);
      }
      return Promise.resolve(state.config);
    }
    if (state.failure && now < state.retryAt) return Promise.reject(state.failure);
    return this.ask(id, state);
  }

  private stateOf(id: OAuthProviderId): ProviderState {
    let state = this.states.get(id);
    if (!state) {
      state = { answeredAt: 0, retryAt: 0 };
      this.states.set(id, state);
    }
    return state;
  }

  /** Asks the provider once for everyone who needs its answer now. */
  private ask(id: OAuthProviderId, state: ProviderState): Promise<client.Configuration> {
    if (state.pending) return state.pending;
    const asked = this.clock.now().getTime();
    const pending = this.get(id)
      .configure()
      .then(
        (config) => {
          state.config = config;
          state.answeredAt = asked;
          state.failure = undefined;
          return config;
        },
        (error: unknown) => {
          const failure = toFlowError(error);
          state.config = undefined;
          state.failure = failure;
          state.retryAt = this.clock.now().getTime() + OAUTH_PROVIDER_RETRY_MS;
          throw failure;
        },
      )
      .finally(() => {
        if (state.pending === pending) state.pending = undefined;
      });
    state.pending = pending;
    return pending;
  }
}

/** What was last learnt of one provider (see `OAuthProviders.configuration`). */
interface ProviderState {
  /** The configuration from the provider's last answer; none after a failed one. */
  config?: client.Configuration;
  /** When the provider was asked for `config` (ms since the epoch, the app's clock). */
  answeredAt: number;
  /** The last failure, answered to every caller until `retryAt`. */
  failure?: OAuthFlowError;
  retryAt: number;
  /** The question in flight, shared by every caller meanwhile. */
  pending?: Promise<client.Configuration>;
}

async function discover(
  issuer: string,
  clientId: string,
  clientSecret: string,
  timeoutMs: number,
): Promise<client.Configuration> {
  // openid-client counts seconds, here and on every later call made with the configuration.
  return client.discovery(new URL(issuer), clientId, clientSecret, undefined, {
    timeout: timeoutMs / 1000,
    // Plain http only for an issuer on this machine (a local test or development provider).
    ...(isLocalHttp(issuer) ? { execute: [client.allowInsecureRequests] } : {}),
  });
}

function isLocalHttp(address: string): boolean {
  const url = new URL(address);
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/** ID token claims, completed from the userinfo endpoint when the issuer has one. */
async function oidcProfile(
  config: client.Configuration,
  tokens: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers,
): Promise<ExternalProfile> {
  const claims = tokens.claims();
  if (!claims) throw new OAuthFlowError('sign_in_failed');
  let merged: Record<string, unknown> = { ...claims };
  if (config.serverMetadata().userinfo_endpoint) {
    const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
    merged = { ...merged, ...info };
  }
  const email = typeof merged.email === 'string' ? merged.email.trim().toLowerCase() : null;
  const text = (key: string) => (typeof merged[key] === 'string' ? merged[key] : null);
  return {
    subject: claims.sub,
    email: email || null,
    emailVerified: email !== null && merged.email_verified === true,
    name: text('name'),
    usernameHints: [text('preferred_username'), text('nickname'), email, text('name')].filter(
      (hint): hint is string => hint !== null,
    ),
  };
}

interface GithubUser {
  id: number;
  login: string;
  name: string | null;
}

interface GithubEmail {
  email: string;
  primary: boolean;
  verified: boolean;
}

/** GitHub's /user and /user/emails (the primary address, verified if possible). */
async function githubProfile(
  apiBase: string,
  accessToken: string,
  timeoutMs: number,
): Promise<ExternalProfile> {
  const get = <T>(path: string) => githubGet<T>(apiBase, path, accessToken, timeoutMs);
  const user = await get<GithubUser>('/user');
  const emails = await get<GithubEmail[]>('/user/emails');
  if (typeof user.id !== 'number' || !Array.isArray(emails)) {
    throw new OAuthFlowError('sign_in_failed');
  }
  const chosen =
    emails.find((e) => e.primary && e.verified) ??
    emails.find((e) => e.verified) ??
    emails.find((e) => e.primary);
  return {
    subject: String(user.id),
    email: chosen ? chosen.email.trim().toLowerCase() : null,
    emailVerified: chosen?.verified === true,
    name: user.name || null,
    usernameHints: [user.login, chosen?.email, user.name].filter(
      (hint): hint is string => typeof hint === 'string' && hint !== '',
    ),
  };
}

async function githubGet<T>(
  apiBase: string,
  path: string,
  accessToken: string,
  timeoutMs: number,
): Promise<T> {
  const response = await fetch(`${apiBase}${path}`, {
    headers: {
      accept: 'application/vnd.github+json',
      authorization: `Bearer ${accessToken}`,
      'user-agent': 'Focusroom',
      'x-github-api-version': '2022-11-28',
    },
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (response.status >= 500) throw new OAuthFlowError('provider_unavailable');
  if (!response.ok) throw new OAuthFlowError('sign_in_failed');
  return (await response.json()) as T;
}

/**
 * Sorts a failure into the fixed codes: the provider's own `error` answer, an unreachable or
 * failing provider (network, timeout, 5xx, not JSON), a mismatched nonce (an answer to another
 * attempt), anything else.
 */
export function toFlowError(error: unknown): OAuthFlowError {
  if (error instanceof OAuthFlowError) return error;
  if (error instanceof client.AuthorizationResponseError) {
    if (error.error === 'access_denied')
      return new OAuthFlowError('access_denied', { cause: error });
    if (error.error === 'temporarily_unavailable' || error.error === 'server_error') {
      return new OAuthFlowError('provider_unavailable', { cause: error });
    }
    return new OAuthFlowError('sign_in_failed', { cause: error });
  }
  if (error instanceof client.ResponseBodyError) {
    return new OAuthFlowError(error.status >= 500 ? 'provider_unavailable' : 'sign_in_failed', {
      cause: error,
    });
  }
  if (
    error instanceof TypeError ||
    (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
  ) {
    return new OAuthFlowError('provider_unavailable', { cause: error });
  }
  if (error instanceof client.ClientError) {
    const code = error.code ?? '';
    if (
      ['OAUTH_TIMEOUT', 'OAUTH_RESPONSE_IS_NOT_CONFORM', 'OAUTH_RESPONSE_IS_NOT_JSON'].includes(
        code,
      ) ||
      error.cause instanceof TypeError
    ) {
      return new OAuthFlowError('provider_unavailable', { cause: error });
    }
    const detail = (error.cause as { cause?: { claim?: unknown } } | undefined)?.cause;
    if (code === 'OAUTH_JWT_CLAIM_COMPARISON_FAILED' && detail?.claim === 'nonce') {
      return new OAuthFlowError('state_mismatch', { cause: error });
    }
  }
  return new OAuthFlowError('sign_in_failed', { cause: error });
}
