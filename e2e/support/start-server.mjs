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
  // The admin e2e tests register this address as their first admin (e2e/tests/admin.spec.ts).
  ADMIN_EMAILS: 'e2e-admin@example.test',
});
// WEB_DIST_DIR, when set, serves another build of the web app (parallel work builds its own).
delete process.env.DATABASE_URL;
delete process.env.SMTP_URL;
delete process.env.REDIS_URL;
await import(serverEntry);
