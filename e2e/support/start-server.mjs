// Starts the built server for end-to-end tests on a fresh SQLite data directory.
import { rmSync, mkdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const e2eDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const root = path.dirname(e2eDir);
const port = process.env.E2E_PORT ?? '4317';
const dataDir = path.join(e2eDir, '.artifacts', `data-${port}`);
const serverEntry = path.join(root, 'apps/server/dist/server.js');
if (!existsSync(serverEntry)) {
  console.error('The server is not built: run `npm run build` first.');
  process.exit(1);
}
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
Object.assign(process.env, {
  PORT: port,
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  NODE_ENV: 'production',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  // Many accounts come from one address in a test run; the limits themselves are covered by
  // the integration tests.
  RATE_LIMIT_REGISTER_IP: '1000/1h',
  RATE_LIMIT_LOGIN_IP: '1000/15m',
  RATE_LIMIT_MAIL_IP: '1000/1h',
  // No load shedding (decision 063): Chromium and the server share two cores, and a lagging
  // event loop would turn the tests' own requests away for seconds; shedding is covered by the
  // integration tests (apps/server/test/overload.test.ts).
  OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
  OVERLOAD_HEAP_MB: '0',
  OVERLOAD_DATABASE_WAITING: '0',
  // The admin e2e tests register this address as their first admin (e2e/tests/admin.spec.ts).
  ADMIN_EMAILS: 'e2e-admin@example.test',
});
// External sign-in (decisions 020-022): a real local OpenID Connect provider (oidc-provider) and a fake of
// GitHub's OAuth and API endpoints, each on a port derived from E2E_PORT (e2e/support/oauth.ts
// derives the same, so the tests can script who signs in). Google has no credentials: hidden.
const { startOidcIssuer } = await import(path.join(root, 'apps/server/test/fakes/oidc-issuer.mjs'));
const { startFakeGithub } = await import(path.join(root, 'apps/server/test/fakes/github.mjs'));
const oidcIssuer = await startOidcIssuer({
  port: Number(port) + 20000,
  redirectUris: [`http://127.0.0.1:${port}/api/auth/oauth/oidc/callback`],
});
const fakeGithub = await startFakeGithub({ port: Number(port) + 21000 });
Object.assign(process.env, {
  OIDC_ISSUER: oidcIssuer.issuer,
  OIDC_CLIENT_ID: oidcIssuer.clientId,
  OIDC_CLIENT_SECRET: oidcIssuer.clientSecret,
  OAUTH_GITHUB_CLIENT_ID: fakeGithub.clientId,
  OAUTH_GITHUB_CLIENT_SECRET: fakeGithub.clientSecret,
  OAUTH_GITHUB_BASE: fakeGithub.base,
  GITHUB_API_BASE: fakeGithub.apiBase,
  RATE_LIMIT_OAUTH_START_IP: '1000/15m',
  RATE_LIMIT_OAUTH_EXCHANGE_IP: '1000/15m',
});
// Music (decision 014): a fake of YouTube's Data API search and keyless oEmbed on a port derived from
// E2E_PORT, so search and pasted links work with no network; the key is only for the fake.
const { startFakeYouTube } = await import(path.join(root, 'apps/server/test/fakes/youtube.mjs'));
const fakeYouTube = await startFakeYouTube({ port: Number(port) + 22000 });
Object.assign(process.env, {
  YOUTUBE_API_KEY: 'e2e-fake-key',
  YOUTUBE_API_BASE: fakeYouTube.baseUrl,
  YOUTUBE_OEMBED_BASE: fakeYouTube.oembedBase,
  RATE_LIMIT_SEARCH_USER: '1000/1m',
});
// Push alarms (issue 33): a fake Web Push service on a port derived from E2E_PORT
// (e2e/support/push.ts derives the same), which keeps what the server sends so a test can read it
// back; the server may send to it, over http, as to a known push service.
const { startFakePushService } = await import(
  path.join(root, 'apps/server/test/fakes/push-service.mjs')
);
const fakePush = await startFakePushService({ port: Number(port) + 23000 });
Object.assign(process.env, { PUSH_SERVICE_ORIGINS: fakePush.origin });
delete process.env.OAUTH_GOOGLE_CLIENT_ID;
delete process.env.OAUTH_GOOGLE_CLIENT_SECRET;
delete process.env.OIDC_NAME;
// WEB_DIST_DIR, when set, serves another build of the web app (parallel work builds its own).
delete process.env.DATABASE_URL;
delete process.env.SMTP_URL;
delete process.env.REDIS_URL;
await import(serverEntry);
