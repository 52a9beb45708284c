import { randomUUID } from 'node:crypto';
import { E2E_PORT } from './env.js';

/**
 * The external sign-in providers the e2e server starts (support/start-server.mjs): a real local
 * OpenID Connect provider and a fake of GitHub, on ports derived from E2E_PORT the same way.
 */
export const OIDC_ISSUER_URL = `http://127.0.0.1:${E2E_PORT + 20000}`;
export const GITHUB_FAKE_URL = `http://127.0.0.1:${E2E_PORT + 21000}`;

/** What the button of the generic issuer says (no OIDC_NAME is set). */
export const OIDC_BUTTON = 'Continue with Single sign-on';
export const GITHUB_BUTTON = 'Continue with GitHub';

export interface OidcPerson {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
  preferred_username: string;
}

/** A new person at the provider, never seen before. */
export function newOidcPerson(prefix = 'sso', overrides: Partial<OidcPerson> = {}): OidcPerson {
  const id = randomUUID().slice(0, 8);
  return {
    sub: `sub-${prefix}-${id}`,
    email: `${prefix}.${id}@idp.example.test`,
    email_verified: true,
    name: `Sso ${prefix} ${id}`,
    preferred_username: `${prefix}_${id}`,
    ...overrides,
  };
}

async function scriptNext(body: unknown): Promise<void> {
  const res = await fetch(`${OIDC_ISSUER_URL}/test/next`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== 204) throw new Error(`oidc issuer /test/next: ${res.status}`);
}

/** Every authorization from now on signs this person in, without a page. */
export const signInAtProviderAs = (person: OidcPerson) => scriptNext({ person });

/** The next authorization is refused (access_denied), as if the person said no. */
export const denyAtProvider = () => scriptNext({ deny: true });
