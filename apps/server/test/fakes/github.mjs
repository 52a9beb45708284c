// A local stand-in for GitHub's OAuth web flow and the two API calls external sign-in makes:
// GET {base}/login/oauth/authorize (redirects back at once with a code, or with
// error=access_denied), POST {base}/login/oauth/access_token (checks client, code, redirect URI
// and the PKCE S256 verifier) and, under {base}/api, GET /user and GET /user/emails. Plain ESM
// JavaScript so the e2e server starter can import it too.
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';

/**
 * @typedef {{ email: string, primary: boolean, verified: boolean }} GithubEmail
 * @typedef {{ id: number, login: string, name: string | null, emails: GithubEmail[] }} GithubPerson
 * @typedef {'ok' | 'deny' | 'down' | 'hang'} GithubMode
 *   ok: sign in the scripted person. deny: the person refuses (error=access_denied).
 *   down: the token endpoint and the API answer 503. hang: the API never answers.
 */

export const GITHUB_CLIENT_ID = 'focusroom-github-test';
export const GITHUB_CLIENT_SECRET = 'focusroom-github-test-secret';

/** @type {GithubPerson} */
export const DEFAULT_GITHUB_PERSON = {
  id: 4242,
  login: 'octo-focus',
  name: 'Octo Focus',
  emails: [
    { email: 'octo.secondary@example.test', primary: false, verified: true },
    { email: 'octo@example.test', primary: true, verified: true },
  ],
};

/** @param {{ port?: number }} [options] */
export async function startFakeGithub(options = {}) {
  /** @type {GithubPerson} */
  let person = DEFAULT_GITHUB_PERSON;
  /** @type {GithubMode} */
  let mode = 'ok';
  /** @type {Map<string, { person: GithubPerson, redirectUri: string, challenge: string }>} */
  const codes = new Map();
  /** @type {Map<string, GithubPerson>} */
  const tokens = new Map();
  /** @type {URLSearchParams[]} */
  const authorizeRequests = [];

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const json = (/** @type {number} */ status, /** @type {unknown} */ body) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(body));
    };

    if (req.method === 'GET' && url.pathname === '/login/oauth/authorize') {
      authorizeRequests.push(url.searchParams);
      const redirectUri = url.searchParams.get('redirect_uri') ?? '';
      const back = new URL(redirectUri);
      const state = url.searchParams.get('state');
      if (state) back.searchParams.set('state', state);
      if (url.searchParams.get('client_id') !== GITHUB_CLIENT_ID) {
        res.writeHead(404).end('unknown client');
        return;
      }
      if (mode === 'deny') {
        back.searchParams.set('error', 'access_denied');
        back.searchParams.set('error_description', 'The user has denied your application access.');
      } else {
        const code = randomBytes(10).toString('hex');
        codes.set(code, {
          person,
          redirectUri,
          challenge: url.searchParams.get('code_challenge') ?? '',
        });
        back.searchParams.set('code', code);
      }
      res.writeHead(302, { location: back.href }).end();
      return;
    }

    if (req.method === 'POST' && url.pathname === '/login/oauth/access_token') {
      let text = '';
      req.setEncoding('utf8');
      req.on('data', (chunk) => {
        text += chunk;
      });
      req.on('end', () => {
        if (mode === 'down') {
          res.writeHead(503, { 'content-type': 'text/html' }).end('<h1>Unicorn!</h1>');
          return;
        }
        const form = new URLSearchParams(text);
        const code = form.get('code') ?? '';
        const grant = codes.get(code);
        codes.delete(code);
        const verifier = form.get('code_verifier') ?? '';
        const challenge = createHash('sha256').update(verifier).digest('base64url');
        if (
          form.get('client_id') !== GITHUB_CLIENT_ID ||
          form.get('client_secret') !== GITHUB_CLIENT_SECRET
        ) {
          json(401, { error: 'incorrect_client_credentials' });
        } else if (
          !grant ||
          grant.redirectUri !== form.get('redirect_uri') ||
          grant.challenge !== challenge
        ) {
          json(400, { error: 'bad_verification_code' });
        } else {
          const token = `gho_${randomBytes(16).toString('hex')}`;
          tokens.set(token, grant.person);
          json(200, { access_token: token, token_type: 'bearer', scope: 'read:user,user:email' });
        }
      });
      return;
    }

    if (
      req.method === 'GET' &&
      (url.pathname === '/api/user' || url.pathname === '/api/user/emails')
    ) {
      if (mode === 'down') {
        json(503, { message: 'Service unavailable' });
        return;
      }
      if (mode === 'hang') return;
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
      const owner = tokens.get(token);
      if (!owner) {
        json(401, { message: 'Bad credentials' });
        return;
      }
      if (url.pathname === '/api/user') {
        json(200, { id: owner.id, login: owner.login, name: owner.name, email: null });
      } else {
        json(
          200,
          owner.emails.map((e) => ({ ...e, visibility: e.primary ? 'private' : null })),
        );
      }
      return;
    }

    res.writeHead(404).end();
  });
  await new Promise((resolve) =>
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve(undefined)),
  );
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const base = `http://127.0.0.1:${address.port}`;

  return {
    /** OAUTH_GITHUB_BASE */
    base,
    /** GITHUB_API_BASE */
    apiBase: `${base}/api`,
    clientId: GITHUB_CLIENT_ID,
    clientSecret: GITHUB_CLIENT_SECRET,
    authorizeRequests,
    /** @param {GithubPerson} next */
    signInAs(next) {
      person = next;
      mode = 'ok';
    },
    /** @param {GithubMode} next */
    setMode(next) {
      mode = next;
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
