import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type App } from '../../src/app.js';
import { checkErrorCodesOf } from './error-codes.js';
import { loadConfig, type ConfigOverrides } from '../../src/config.js';
import { CapturingMailer } from './capturing-mailer.js';
import { TestClock } from './clock.js';
import { createTestDatabase, type DialectName, type TestDatabase } from './databases.js';
import { NO_SHEDDING } from './app.js';

export interface SharedApp {
  app: App;
  mailer: CapturingMailer;
  clock: TestClock;
  database: TestDatabase;
  dataDir: string;
}

/**
 * One app on one migrated database for a whole describe block (support/app.ts's apps close after
 * each test): for suites whose tests walk one long-lived world, like the route fuzzer. Same
 * configuration as `useTestApps().make`.
 */
export function useSharedApp(
  dialect: DialectName,
  options: {
    /** Read when the block starts, so it may name servers its own beforeAll started. */
    env?: () => Record<string, string>;
    overrides?: ConfigOverrides;
    /** A minimal web build (index.html and one asset), so the SPA's routes exist too. */
    web?: boolean;
  } = {},
): () => SharedApp {
  let shared: SharedApp | undefined;
  beforeAll(async () => {
    const database = await createTestDatabase(dialect);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'focusroom-data-'));
    const webDir = path.join(dataDir, options.web ? 'web' : 'no-web-build');
    if (options.web) {
      fs.mkdirSync(path.join(webDir, 'assets'), { recursive: true });
      fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Focusroom</title>');
      fs.writeFileSync(path.join(webDir, 'assets', 'app-0123abcd.js'), 'console.log(1);');
    }
    const config = loadConfig(
      {
        DATA_DIR: dataDir,
        JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
        PUBLIC_URL: 'http://focusroom.test',
        LOG_LEVEL: 'silent',
        LOG_FORMAT: 'json',
        ...NO_SHEDDING,
        ...options.env?.(),
      },
      { webDistDir: webDir, ...options.overrides },
    );
    const clock = new TestClock();
    const mailer = new CapturingMailer();
    const app = await buildApp({
      config,
      db: database.db,
      dialect: database.dialect,
      clock,
      mailer,
    });
    await app.ready();
    checkErrorCodesOf(app);
    shared = { app, mailer, clock, database, dataDir };
  });
  afterAll(async () => {
    if (!shared) return;
    await shared.app.close();
    await shared.database.drop();
    fs.rmSync(shared.dataDir, { recursive: true, force: true });
  });
  return () => {
    if (!shared) throw new Error('shared app not ready');
    return shared;
  };
}
