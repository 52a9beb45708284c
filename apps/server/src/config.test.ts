import { createECDH } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ConfigError,
  DEFAULT_RATE_LIMITS,
  VAPID_KEYS_FILE,
  loadConfig,
  parseRateLimit,
} from './config.js';

const dirs: string[] = [];
function dataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'focusroom-config-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig({ DATA_DIR: dataDir(), ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('loadConfig', () => {
  it('starts with no variables set, using the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:3000',
      smtpUrl: undefined,
      mailFrom: 'Focusroom <no-reply@localhost>',
      redisUrl: undefined,
      youtubeApiBase: 'https://www.googleapis.com/youtube/v3',
      logLevel: 'info',
      trustProxy: false,
      bodyLimit: 1024 * 1024,
      authBodyLimit: 16 * 1024,
      rateLimits: DEFAULT_RATE_LIMITS,
    });
    expect(config.database.kind).toBe('sqlite');
    expect([...config.adminEmails]).toEqual([]);
    expect(config.webDistDir).toMatch(/apps[/\\]web[/\\]dist$/);
  });

  it('has the rate limits of product §9 by default, 5 email changes per user and 20 resets per IP an hour', () => {
    expect(DEFAULT_RATE_LIMITS).toEqual({
      loginPerAccount: { max: 10, windowMs: 15 * 60_000 },
      loginPerIp: { max: 50, windowMs: 15 * 60_000 },
      registerPerIp: { max: 10, windowMs: 60 * 60_000 },
      mailPerAddress: { max: 3, windowMs: 15 * 60_000 },
      mailPerIp: { max: 20, windowMs: 60 * 60_000 },
      searchPerUser: { max: 30, windowMs: 60_000 },
      emailChangePerUser: { max: 5, windowMs: 60 * 60_000 },
      resetPerIp: { max: 20, windowMs: 60 * 60_000 },
      oauthStartPerIp: { max: 30, windowMs: 15 * 60_000 },
      oauthExchangePerIp: { max: 30, windowMs: 15 * 60_000 },
    });
  });

  it('lists every bad variable at once', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://localhost/x',
      PUBLIC_URL: 'not a url',
      JWT_SECRET: 'short',
      SMTP_URL: 'http://mail',
      REDIS_URL: 'localhost:6379',
      LOG_LEVEL: 'loud',
      LOG_FORMAT: 'yaml',
      ADMIN_EMAILS: 'ok@example.com, nope',
      RATE_LIMIT_LOGIN_ACCOUNT: 'ten',
      OAUTH_GOOGLE_CLIENT_ID: 'id-without-secret',
      TRUST_PROXY: 'maybe, 10.0.0.0/8',
    });
    const names = problems.map((p) => p.split(':')[0]);
    expect(names.sort()).toEqual(
      [
        'ADMIN_EMAILS',
        'DATABASE_URL',
        'JWT_SECRET',
        'LOG_FORMAT',
        'LOG_LEVEL',
        'OAUTH_GOOGLE_CLIENT_SECRET',
        'PORT',
        'PUBLIC_URL',
        'RATE_LIMIT_LOGIN_ACCOUNT',
        'REDIS_URL',
        'SMTP_URL',
        'TRUST_PROXY',
      ].sort(),
    );
    expect(problems.join('\n')).toContain('"nope" is not an email address');
    expect(problems.join('\n')).toContain('TRUST_PROXY: "maybe": must be');
  });

  it('offers an external provider only with its credentials, with GitHub and OIDC extras', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).oauth).toEqual({});
    const config = loadConfig({
      DATA_DIR: dataDir(),
      OAUTH_GITHUB_CLIENT_ID: 'gh',
      OAUTH_GITHUB_CLIENT_SECRET: 'gh-secret',
      GITHUB_API_BASE: 'http://127.0.0.1:9/api/',
      OIDC_ISSUER: 'https://id.example.com',
      OIDC_CLIENT_ID: 'fr',
      OIDC_CLIENT_SECRET: 'fr-secret',
    });
    expect(config.oauth).toEqual({
      github: {
        clientId: 'gh',
        clientSecret: 'gh-secret',
        webBase: 'https://github.com',
        apiBase: 'http://127.0.0.1:9/api',
      },
      oidc: {
        issuer: 'https://id.example.com',
        clientId: 'fr',
        clientSecret: 'fr-secret',
        name: 'Single sign-on',
      },
    });
    expect(problemsOf({ OAUTH_GITHUB_BASE: 'github.com' })).toEqual([
      'OAUTH_GITHUB_BASE: must be an http(s):// URL',
    ]);
  });

  it('logs readable lines by default and JSON lines in production or when LOG_FORMAT=json', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).logFormat).toBe('pretty');
    expect(loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'development' }).logFormat).toBe('pretty');
    expect(loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production' }).logFormat).toBe('json');
    expect(loadConfig({ DATA_DIR: dataDir(), LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(
      loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production', LOG_FORMAT: 'pretty' }).logFormat,
    ).toBe('pretty');
    expect(loadConfig({ DATA_DIR: dataDir(), LOG_FORMAT: ' ' }).logFormat).toBe('pretty');
    expect(problemsOf({ LOG_FORMAT: 'text' })).toEqual(['LOG_FORMAT: must be json or pretty']);
  });

  it('names each problem in the thrown message, one per line', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), PORT: '70000', HOST: ' ' })).toThrowError(
      /Invalid configuration:\n {2}- PORT: .*\n {2}- HOST: /,
    );
  });

  it('reads the documented variables', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://u:p@db:5432/focus',
      PUBLIC_URL: 'https://focus.example.com/',
      JWT_SECRET: 'x'.repeat(40),
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
      MAIL_FROM: 'Focus <focus@example.com>',
      ADMIN_EMAILS: ' Boss@Example.com ,second@example.com,',
      REDIS_URL: 'redis://cache:6379',
      TRUST_PROXY: 'true',
      RATE_LIMIT_MAIL_ADDRESS: '5/10m',
      RATE_LIMIT_EMAIL_CHANGE_USER: '2/30m',
      RATE_LIMIT_RESET_IP: '7/2h',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      database: { kind: 'postgres', url: 'postgres://u:p@db:5432/focus' },
      publicUrl: 'https://focus.example.com',
      smtpUrl: 'smtps://user:pass@mail.example.com:465',
      mailFrom: 'Focus <focus@example.com>',
      redisUrl: 'redis://cache:6379',
      trustProxy: 1,
    });
    expect(Buffer.from(config.jwtSecret).toString()).toBe('x'.repeat(40));
    expect([...config.adminEmails]).toEqual(['boss@example.com', 'second@example.com']);
    expect(config.rateLimits.mailPerAddress).toEqual({ max: 5, windowMs: 10 * 60_000 });
    expect(config.rateLimits.emailChangePerUser).toEqual({ max: 2, windowMs: 30 * 60_000 });
    expect(config.rateLimits.resetPerIp).toEqual({ max: 7, windowMs: 2 * 3_600_000 });
    expect(config.rateLimits.loginPerAccount).toEqual(DEFAULT_RATE_LIMITS.loginPerAccount);
  });

  it('reads TRUST_PROXY as nobody, a hop count (true is 1 hop) or a list of addresses and CIDRs', () => {
    const cases: [string | undefined, unknown][] = [
      [undefined, false],
      ['', false],
      ['false', false],
      ['no', false],
      ['0', false],
      ['true', 1],
      ['TRUE', 1],
      ['yes', 1],
      ['1', 1],
      ['3', 3],
      ['10.0.0.1', ['10.0.0.1']],
      [
        ' 10.0.0.0/8 , 192.168.1.7,fd00::/8, ::1, loopback ',
        ['10.0.0.0/8', '192.168.1.7', 'fd00::/8', '::1', 'loopback'],
      ],
    ];
    for (const [value, expected] of cases) {
      const env: Record<string, string> = { DATA_DIR: dataDir() };
      if (value !== undefined) env.TRUST_PROXY = value;
      expect(loadConfig(env).trustProxy, String(value)).toEqual(expected);
    }
  });

  it('refuses a TRUST_PROXY that is no hop count and no list of addresses or CIDRs', () => {
    for (const value of [
      'maybe',
      '-1',
      '1.5',
      '10.0.0.0/33',
      '10.0.0.0/0',
      '::1/129',
      '300.1.1.1',
      '10.0.0.1,,10.0.0.2',
      '*',
      'example.com',
    ]) {
      const problems = problemsOf({ TRUST_PROXY: value });
      expect(problems, value).toHaveLength(1);
      expect(problems[0], value).toMatch(/^TRUST_PROXY: .*must be true, false, a hop count/);
    }
  });

  it('decodes one image at a time with eight waiting by default, or as IMAGE_DECODE_* say', () => {
    const defaults = loadConfig({ DATA_DIR: dataDir() });
    expect([defaults.imageDecodeConcurrency, defaults.imageDecodeQueue]).toEqual([1, 8]);
    const set = loadConfig({
      DATA_DIR: dataDir(),
      IMAGE_DECODE_CONCURRENCY: ' 2 ',
      IMAGE_DECODE_QUEUE: '0',
    });
    expect([set.imageDecodeConcurrency, set.imageDecodeQueue]).toEqual([2, 0]);
    const empty = loadConfig({
      DATA_DIR: dataDir(),
      IMAGE_DECODE_CONCURRENCY: '',
      IMAGE_DECODE_QUEUE: '',
    });
    expect([empty.imageDecodeConcurrency, empty.imageDecodeQueue]).toEqual([1, 8]);
    for (const bad of ['0', '-2', '1.5', 'many', '1001']) {
      expect(problemsOf({ IMAGE_DECODE_CONCURRENCY: bad }), bad).toEqual([
        'IMAGE_DECODE_CONCURRENCY: must be a whole number from 1 to 1000',
      ]);
    }
    for (const bad of ['-1', '2.5', 'lots', '1001']) {
      expect(problemsOf({ IMAGE_DECODE_QUEUE: bad }), bad).toEqual([
        'IMAGE_DECODE_QUEUE: must be a whole number from 0 to 1000',
      ]);
    }
  });

  it('caps connections below the open-file limit by default, or at MAX_CONNECTIONS', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).maxConnections).toBeNull();
    expect(loadConfig({ DATA_DIR: dataDir(), MAX_CONNECTIONS: ' 5000 ' }).maxConnections).toBe(
      5000,
    );
    expect(loadConfig({ DATA_DIR: dataDir(), MAX_CONNECTIONS: '' }).maxConnections).toBeNull();
    for (const bad of ['0', '-1', '2.5', 'all', '10000001']) {
      expect(problemsOf({ MAX_CONNECTIONS: bad }), bad).toEqual([
        'MAX_CONNECTIONS: must be a whole number from 1 to 10000000',
      ]);
    }
  });

  it('runs one password hash per core by default, or PASSWORD_HASH_CONCURRENCY of them', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).passwordHashConcurrency).toBe(
      os.availableParallelism(),
    );
    expect(
      loadConfig({ DATA_DIR: dataDir(), PASSWORD_HASH_CONCURRENCY: ' 3 ' }).passwordHashConcurrency,
    ).toBe(3);
    expect(
      loadConfig({ DATA_DIR: dataDir(), PASSWORD_HASH_CONCURRENCY: '' }).passwordHashConcurrency,
    ).toBe(os.availableParallelism());
    for (const bad of ['0', '-2', '1.5', 'many', '1001']) {
      expect(problemsOf({ PASSWORD_HASH_CONCURRENCY: bad }), bad).toEqual([
        'PASSWORD_HASH_CONCURRENCY: must be a whole number from 1 to 1000',
      ]);
    }
  });

  it('bounds the wait for a PostgreSQL connection by DATABASE_CONNECT_TIMEOUT_MS, 3 s by default', () => {
    const url = 'postgres://u@db:5432/focus';
    const database = (extra: Record<string, string> = {}) =>
      loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: url, ...extra }).database;
    expect(database()).toEqual({ kind: 'postgres', url, connectTimeoutMs: 3_000 });
    expect(database({ DATABASE_CONNECT_TIMEOUT_MS: ' 750 ' })).toMatchObject({
      connectTimeoutMs: 750,
    });
    expect(database({ DATABASE_CONNECT_TIMEOUT_MS: '' })).toMatchObject({
      connectTimeoutMs: 3_000,
    });
    for (const bad of ['0', '99', '1.5', 'soon', '600001']) {
      expect(problemsOf({ DATABASE_CONNECT_TIMEOUT_MS: bad }), bad).toEqual([
        'DATABASE_CONNECT_TIMEOUT_MS: must be a whole number of milliseconds from 100 to 600000',
      ]);
    }
  });

  it('generates the VAPID keys once into DATA_DIR (0600) and reuses them', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).push;
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
    expect(fs.statSync(path.join(dir, VAPID_KEYS_FILE)).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dir }).push).toMatchObject({
      publicKey: first.publicKey,
      privateKey: first.privateKey,
      // No https PUBLIC_URL: the push services are told the mail sender's address.
      subject: 'mailto:no-reply@localhost',
      extraServiceOrigins: [],
      pollMs: 1000,
    });
    fs.writeFileSync(path.join(dir, VAPID_KEYS_FILE), 'not json');
    expect(() => loadConfig({ DATA_DIR: dir })).toThrow(/vapid-keys.json cannot be read/);
  });

  it('reads the VAPID keys, subject and extra push-service origins from the environment', () => {
    const pair = createECDH('prime256v1');
    const publicKey = pair.generateKeys().toString('base64url');
    const privateKey = pair.getPrivateKey().toString('base64url');
    const config = loadConfig({
      DATA_DIR: dataDir(),
      VAPID_PUBLIC_KEY: publicKey,
      VAPID_PRIVATE_KEY: privateKey,
      PUBLIC_URL: 'https://focus.example',
      PUSH_SERVICE_ORIGINS: 'http://127.0.0.1:9000/push, https://push.example',
      PUSH_POLL_MS: '250',
    });
    expect(config.push).toEqual({
      publicKey,
      privateKey,
      subject: 'https://focus.example',
      extraServiceOrigins: ['http://127.0.0.1:9000', 'https://push.example'],
      pollMs: 250,
    });
    // Keys that are no pair would sign nothing a push service takes: refused at start.
    const other = createECDH('prime256v1');
    other.generateKeys();
    for (const keys of [
      { VAPID_PUBLIC_KEY: 'public', VAPID_PRIVATE_KEY: 'private' },
      {
        VAPID_PUBLIC_KEY: other.getPublicKey().toString('base64url'),
        VAPID_PRIVATE_KEY: privateKey,
      },
    ]) {
      expect(problemsOf(keys)).toEqual([
        'VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: must be one P-256 key pair, base64url (npx web-push generate-vapid-keys)',
      ]);
    }
    expect(problemsOf({ VAPID_PUBLIC_KEY: 'public' })).toEqual([
      'VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: must be set together',
    ]);
    expect(problemsOf({ VAPID_SUBJECT: 'http://x.example' })).toEqual([
      'VAPID_SUBJECT: must be a mailto: or https:// URL',
    ]);
    expect(problemsOf({ PUSH_SERVICE_ORIGINS: 'ftp://x' })).toEqual([
      'PUSH_SERVICE_ORIGINS: "ftp://x" is not an http(s):// origin',
    ]);
  });

  it('takes rate limits from the overrides object too', () => {
    const config = loadConfig(
      { DATA_DIR: dataDir() },
      { rateLimits: { registerPerIp: { max: 1000, windowMs: 1000 } } },
    );
    expect(config.rateLimits.registerPerIp).toEqual({ max: 1000, windowMs: 1000 });
  });
});

describe('parseRateLimit', () => {
  it('reads count per window with s, m or h units', () => {
    expect(parseRateLimit('10/15m')).toEqual({ max: 10, windowMs: 900_000 });
    expect(parseRateLimit(' 3 / 30s ')).toEqual({ max: 3, windowMs: 30_000 });
    expect(parseRateLimit('20/1h')).toEqual({ max: 20, windowMs: 3_600_000 });
  });

  it('rejects anything else', () => {
    for (const value of ['10', '10/15', '0/15m', '10/0s', 'a/1m', '10/15d']) {
      expect(parseRateLimit(value), value).toBeUndefined();
    }
  });
});
