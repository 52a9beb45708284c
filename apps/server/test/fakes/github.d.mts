/** Types of github.mjs (plain JavaScript so the e2e server starter can import it too). */
export interface GithubEmail {
  email: string;
  primary: boolean;
  verified: boolean;
}
export interface GithubPerson {
  id: number;
  login: string;
  name: string | null;
  emails: GithubEmail[];
}
/**
 * ok: sign in the scripted person; deny: access_denied; down: token endpoint and API answer 503;
 * hang: the API never answers.
 */
export type GithubMode = 'ok' | 'deny' | 'down' | 'hang';
export interface FakeGithub {
  /** OAUTH_GITHUB_BASE */
  base: string;
  /** GITHUB_API_BASE */
  apiBase: string;
  clientId: string;
  clientSecret: string;
  authorizeRequests: URLSearchParams[];
  signInAs(person: GithubPerson): void;
  setMode(mode: GithubMode): void;
  close(): Promise<void>;
}
export const GITHUB_CLIENT_ID: string;
export const GITHUB_CLIENT_SECRET: string;
export const DEFAULT_GITHUB_PERSON: GithubPerson;
export function startFakeGithub(options?: { port?: number }): Promise<FakeGithub>;
