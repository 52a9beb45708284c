/** Types of oidc-issuer.mjs (plain JavaScript so the e2e server starter can import it too). */
export interface ScriptedPerson {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  preferred_username?: string;
}
export type NextSignIn = { person: ScriptedPerson } | { deny: true };
export interface IssuerOptions {
  /** Our callback address(es): {PUBLIC_URL}/api/auth/oauth/{provider}/callback. */
  redirectUris: string[];
  port?: number;
  clientId?: string;
  clientSecret?: string;
  /** Every answer starts this many milliseconds late (a provider far away). */
  latencyMs?: number;
}
export interface OidcIssuer {
  /** OIDC_ISSUER */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The query strings of the authorization requests received, oldest first. */
  authorizationRequests: string[];
  /** How many times the discovery document was asked for. */
  readonly discoveryRequests: number;
  setNext(next: NextSignIn): void;
  signInAs(person: ScriptedPerson): void;
  denyNext(): void;
  close(): Promise<void>;
}
export const DEFAULT_CLIENT_ID: string;
export const DEFAULT_CLIENT_SECRET: string;
export const DEFAULT_PERSON: Required<ScriptedPerson>;
export function startOidcIssuer(options: IssuerOptions): Promise<OidcIssuer>;
