// A real OpenID Connect provider (oidc-provider) on a free local port, for the external sign-in
// tests: one confidential client registered for our redirect URI(s), and interactions that sign
// in a scripted person without any page (or refuse consent), so both vitest (driving it with
// fetch) and a browser in Playwright go straight through. Plain ESM JavaScript so the e2e server
// starter (e2e/support/start-server.mjs, plain Node) can import it too.
import http from 'node:http';
import { generateKeyPair, exportJWK } from 'jose';
import OidcProvider from 'oidc-provider';

/**
 * @typedef {{
 *   sub: string,
 *   email?: string,
 *   email_verified?: boolean,
 *   name?: string,
 *   preferred_username?: string,
 * }} ScriptedPerson
 * @typedef {{ person: ScriptedPerson } | { deny: true }} NextSignIn
 * @typedef {{
 *   redirectUris: string[],
 *   port?: number,
 *   clientId?: string,
 *   clientSecret?: string,
 *   latencyMs?: number,
 * }} IssuerOptions
 */

export const DEFAULT_CLIENT_ID = 'focusroom-test';
export const DEFAULT_CLIENT_SECRET = 'focusroom-test-secret-0123456789abcdef';

/** The person signed in when nothing was scripted. */
export const DEFAULT_PERSON = {
  sub: 'oidc-default-person',
  email: 'oidc.person@example.test',
  email_verified: true,
  name: 'Oidc Person',
  preferred_username: 'oidc.person',
};

/**
 * Starts the provider. `setNext` decides what the next authorization does (sign in a person, or
 * refuse consent with access_denied); it stays in force until changed, so a browser can sign in
 * again as the same person. Over HTTP, POST /test/next with the same JSON does the same (the e2e
 * server's tests use it).
 *
 * @param {IssuerOptions} options
 */
export async function startOidcIssuer(options) {
  const clientId = options.clientId ?? DEFAULT_CLIENT_ID;
  const clientSecret = options.clientSecret ?? DEFAULT_CLIENT_SECRET;
  /** @type {Map<string, ScriptedPerson>} */
  const people = new Map([[DEFAULT_PERSON.sub, DEFAULT_PERSON]]);
  /** @type {NextSignIn} */
  let next = { person: DEFAULT_PERSON };
  /** @type {string[]} */
  const authorizationRequests = [];
  let discoveryRequests = 0;

  const server = http.createServer();
  await new Promise((resolve) =>
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve(undefined)),
  );
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const issuer = `http://127.0.0.1:${address.port}`;

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'test-key' };

  const provider = new OidcProvider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: ['oidc-issuer-test-cookie-key'] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'preferred_username'],
    },
    scopes: ['openid', 'email', 'profile'],
    pkce: { required: () => true },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Grant: 600,
      Interaction: 600,
      Session: 600,
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, id) => {
      const person = people.get(id);
      if (!person) return undefined;
      return { accountId: id, claims: () => ({ ...person }) };
    },
  });
  provider.on('server_error', (_ctx, error) => console.error('oidc-issuer:', error));
  const handle = provider.callback();

  server.on('request', (req, res) => {
    // A provider far away (bench/oauth-start.ts): every answer starts this much later.
    if (options.latencyMs) setTimeout(() => answer(req, res), options.latencyMs);
    else answer(req, res);
  });

  /** @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res */
  function answer(req, res) {
    const url = new URL(req.url ?? '/', issuer);
    if (url.pathname === '/.well-known/openid-configuration') discoveryRequests += 1;
    if (url.pathname === '/auth') {
      authorizationRequests.push(url.search);
      // No remembered session: every authorization asks for the scripted person again.
      req.headers.cookie = withoutSessionCookies(req.headers.cookie);
    }
    if (url.pathname === '/test/next' && req.method === 'POST') {
      readJson(req).then(
        (body) => {
          setNext(body);
          res.writeHead(204).end();
        },
        () => res.writeHead(400).end(),
      );
      return;
    }
    if (url.pathname.startsWith('/interaction/')) {
      interact(req, res).catch((error) => {
        console.error('oidc-issuer interaction:', error);
        if (!res.headersSent) res.writeHead(500).end();
      });
      return;
    }
    handle(req, res);
  }

  /** @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res */
  async function interact(req, res) {
    const details = await provider.interactionDetails(req, res);
    if ('deny' in next) {
      await provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'The person refused consent' },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const person = next.person;
    if (details.prompt.name === 'login') {
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: person.sub } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    // consent: grant what was asked.
    const accountId = details.session?.accountId ?? person.sub;
    const grant = details.grantId
      ? await provider.Grant.find(details.grantId)
      : new provider.Grant({ accountId, clientId: String(details.params.client_id) });
    if (!grant) throw new Error('grant not found');
    const missing = /** @type {Record<string, string[] | undefined>} */ (details.prompt.details);
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    const grantId = await grant.save();
    await provider.interactionFinished(
      req,
      res,
      { consent: { grantId } },
      { mergeWithLastSubmission: true },
    );
  }

  /** @param {NextSignIn} value */
  function setNext(value) {
    if ('person' in value) people.set(value.person.sub, value.person);
    next = value;
  }

  return {
    issuer,
    clientId,
    clientSecret,
    /** The query strings of the authorization requests received, oldest first. */
    authorizationRequests,
    /** How many times the discovery document was asked for. */
    get discoveryRequests() {
      return discoveryRequests;
    },
    setNext,
    /** @param {ScriptedPerson} person */
    signInAs(person) {
      setNext({ person });
    },
    denyNext() {
      setNext({ deny: true });
    },
    /** @returns {Promise<void>} */
    close() {
      return new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}

/** @param {string | undefined} header */
function withoutSessionCookies(header) {
  if (!header) return header;
  return header
    .split(';')
    .map((part) => part.trim())
    .filter((part) => !part.startsWith('_session'))
    .join('; ');
}

/** @param {import('node:http').IncomingMessage} req @returns {Promise<any>} */
function readJson(req) {
  return new Promise((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => {
      text += chunk;
    });
    req.on('end', () => {
      try {
        resolve(JSON.parse(text));
      } catch (error) {
        reject(error);
      }
    });
    req.on('error', reject);
  });
}
