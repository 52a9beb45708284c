import { defineConfig, devices } from '@playwright/test';
import { E2E_BASE_URL, E2E_PORT, RESULTS_DIR } from './support/env.js';

/**
 * End-to-end tests against the real built server (SQLite in a fresh data directory) and Debian's
 * Chromium. Playwright never downloads a browser here.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: RESULTS_DIR,
  fullyParallel: false,
  // Two cores, locally and on CI: the server, Chromium and the fakes share them.
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // CI shares its machine: under the suite's load there, a page waiting on lazy chunks and data
  // has needed more than 10 s (admin, profile) and the longest flows more than 60 s (register,
  // verify, reset), so CI doubles both bounds.
  timeout: process.env.CI ? 120_000 : 60_000,
  expect: { timeout: process.env.CI ? 20_000 : 10_000 },
  // The JSON report feeds the test command's closing summary (scripts/summarize-tests.mjs).
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE
    ? [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE }]]
    : [['list']],
  use: {
    baseURL: E2E_BASE_URL,
    trace: 'retain-on-failure',
    // The app's service worker precaches every file of the app (213) a few seconds after a
    // page loads, in each new context: measured here, 1.6 s of Chromium's CPU per context, more
    // than the page's own load (1.2 s), on the two cores the server and both workers share.
    // The specs of what the worker does (offline, updates, push alarms, ambient sounds offline)
    // allow it with test.use({ serviceWorkers: 'allow' }); the others run as a first visit does.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node support/start-server.mjs',
    url: `${E2E_BASE_URL}/api/ready`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      E2E_PORT: String(E2E_PORT),
      ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
    },
  },
});
