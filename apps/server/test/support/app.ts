import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { buildApp, type App } from '../../src/app.js';
import { loadConfig, type Config, type ConfigOverrides } from '../../src/config.js';
import type { LoggerOptions } from '../../src/logger.js';
import type { Mailer } from '../../src/mail/mailer.js';
import { CapturingMailer } from './capturing-mailer.js';
import { TestClock } from './clock.js';
import { createTestDatabase, type DialectName, type TestDatabase } from './databases.js';
import { checkErrorCodesOf } from './error-codes.js';

/**
 * No load shedding (decision 063) unless a test asks for it: on a busy shared machine a test's
 * own event loop can lag past the bar and turn its requests away. Every test app and test server
 * starts with it (test apps, the shared app, child servers).
 */
export const NO_SHEDDING = {
  OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
  OVERLOAD_HEAP_MB: '0',
  OVERLOAD_DATABASE_WAITING: '0',
} as const;

export interface TestAppOptions {
  env?: Record<string, string>;
  overrides?: ConfigOverrides;
  logger?: LoggerOptions;
  /** A mailer of the test's own, or 'real' for the app's default (SMTP_URL or outbox). */
  mailer?: Mailer | 'real';
  clock?: TestClock;
}

export interface TestApp {
  app: App;
  clock: TestClock;
  mailer: CapturingMailer;
  config: Config;
  database: TestDatabase;
  dataDir: string;
}

const tempDirs: string[] = [];
afterAll(() => {
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A temp directory removed when the test file ends (usable inside a test too). */
export function tempDir(prefix = 'focusroom-test-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

/**
 * One migrated database per test file and dialect (created in beforeAll, dropped in afterAll),
 * and a fresh app per call on it: its own clock, capturing mailer and in-memory rate limits.
 * Apps made by `make` close after each test.
 */
export function useTestApps(dialect: DialectName) {
  let database: TestDatabase | undefined;
  const open: App[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'focusroom-data-'));

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    while (open.length > 0) await open.pop()?.close();
  });
  afterAll(async () => {
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function make(options: TestAppOptions = {}): Promise<TestApp> {
    if (!database) throw new Error('database not ready');
    const config = loadConfig(
      {
        DATA_DIR: dataDir,
        JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
        PUBLIC_URL: 'http://focusroom.test',
        LOG_LEVEL: 'silent',
        // Tests that read the log parse JSON lines; the readable format is tested on its own.
        LOG_FORMAT: 'json',
        ...NO_SHEDDING,
        ...options.env,
      },
      { webDistDir: path.join(dataDir, 'no-web-build'), ...options.overrides },
    );
    const clock = options.clock ?? new TestClock();
    const mailer = new CapturingMailer();
    const app = await buildApp({
      config,
      db: database.db,
      dialect: database.dialect,
      clock,
      ...(options.mailer === 'real' ? {} : { mailer: options.mailer ?? mailer }),
      ...(options.logger ? { logger: options.logger } : {}),
    });
    open.push(app);
    checkErrorCodesOf(app);
    return { app, clock, mailer, config, database, dataDir };
  }

  return {
    make,
    get database(): TestDatabase {
      if (!database) throw new Error('database not ready');
      return database;
    },
  };
}
