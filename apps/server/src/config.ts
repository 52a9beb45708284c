import { createECDH, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { OAUTH_PROVIDER_TIMEOUT_MS, OIDC_DEFAULT_NAME } from '@focusroom/core';
import { parseTrustProxy, type TrustProxy } from './lib/trust-proxy.js';
import type { OverloadConfig } from './plugins/overload.js';

/** A limit of `max` events per `windowMs`, counted with the app's clock. */
export interface RateLimitRule {
  max: number;
  windowMs: number;
}

export interface RateLimitConfig {
  loginPerAccount: RateLimitRule;
  loginPerIp: RateLimitRule;
  registerPerIp: RateLimitRule;
  mailPerAddress: RateLimitRule;
  mailPerIp: RateLimitRule;
  searchPerUser: RateLimitRule;
  /** Email changes per user (PUT /users/me with a new address); product §9. */
  emailChangePerUser: RateLimitRule;
  /** POST /auth/reset-password attempts per IP; product §9. */
  resetPerIp: RateLimitRule;
  /** External sign-ins started per IP (POST /auth/oauth/:provider/start). */
  oauthStartPerIp: RateLimitRule;
  /** One-time sign-in codes exchanged per IP (POST /auth/oauth/exchange). */
  oauthExchangePerIp: RateLimitRule;
}

/**
 * `connectTimeoutMs` bounds how long a request waits for a PostgreSQL connection (a new one, or a
 * free one from the pool) before it answers 503; unset, DEFAULT_DATABASE_CONNECT_TIMEOUT_MS.
 */
export type DatabaseConfig =
  { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; connectTimeoutMs?: number };

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseConfig;
  /** Origin for mailed links, without a trailing slash; never derived from the Host header. */
  publicUrl: string;
  /** HS256 key bytes. */
  jwtSecret: Uint8Array;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Lower-cased; a verified account with one of these gets role admin. */
  adminEmails: ReadonlySet<string>;
  youtubeApiKey: string | undefined;
  youtubeApiBase: string;
  /** Origin of YouTube's keyless oEmbed endpoint ({base}/oembed); overridable for tests. */
  youtubeOembedBase: string;
  redisUrl: string | undefined;
  oauth: {
    google?: { clientId: string; clientSecret: string };
    /** `webBase` serves /login/oauth/*, `apiBase` /user (both overridable for a local fake). */
    github?: { clientId: string; clientSecret: string; webBase: string; apiBase: string };
    /** `name` labels its sign-in button (OIDC_NAME). */
    oidc?: { issuer: string; clientId: string; clientSecret: string; name: string };
  };
  logLevel: LogLevel;
  /**
   * `json` lines for production (log collectors read them); `pretty` one human line per entry,
   * a mailed link on a line of its own, for running locally.
   */
  logFormat: LogFormat;
  /** Whose X-Forwarded-For to believe (never everyone); see lib/trust-proxy.ts. */
  trustProxy: TrustProxy;
  webDistDir: string;
  /** Default body limit in bytes; account routes use `authBodyLimit`. */
  bodyLimit: number;
  authBodyLimit: number;
  rateLimits: RateLimitConfig;
  /** How long any call to an external sign-in provider may take (product: 8 s). */
  oauthTimeoutMs: number;
  /**
   * Password hashes and verifications run at once, the rest queued (lib/passwords.ts);
   * PASSWORD_HASH_CONCURRENCY, default one per core (os.availableParallelism()).
   */
  passwordHashConcurrency: number;
  /**
   * Image decodes (theme uploads) run at once, the rest queued (lib/image-decoding.ts);
   * IMAGE_DECODE_CONCURRENCY, default DEFAULT_IMAGE_DECODE_CONCURRENCY.
   */
  imageDecodeConcurrency: number;
  /** Decodes that may wait; one more is answered 503 (IMAGE_DECODE_QUEUE). */
  imageDecodeQueue: number;
  /** When the instance sheds API requests with 503 (plugins/overload.ts, decision 063). */
  overload: OverloadConfig;
  /**
   * Connections (HTTP and live sockets) the server accepts at once, MAX_CONNECTIONS; null: below
   * the process's open-file limit by a reserve (lib/connection-cap.ts, decision 063).
   */
  maxConnections: number | null;
  push: PushConfig;
}

/** Web Push alarms (issue 33, decision 082). */
export interface PushConfig {
  /** VAPID keys, base64url: from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY or DATA_DIR/vapid-keys.json. */
  publicKey: string;
  privateKey: string;
  /** Who runs this server, for the push services (VAPID_SUBJECT, a mailto: or https: URL). */
  subject: string;
  /**
   * Origins a subscription's endpoint may have besides the known push services
   * (PUSH_SERVICE_ORIGINS, comma-separated): a local fake in tests; http allowed.
   */
  extraServiceOrigins: readonly string[];
  /** How often each instance looks for alarms due (PUSH_POLL_MS). */
  pollMs: number;
}

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export type LogFormat = 'json' | 'pretty';

/** The rate-limit defaults of product §9. */
export const DEFAULT_RATE_LIMITS: RateLimitConfig = {
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
};

const RATE_LIMIT_ENV: Record<keyof RateLimitConfig, string> = {
  loginPerAccount: 'RATE_LIMIT_LOGIN_ACCOUNT',
  loginPerIp: 'RATE_LIMIT_LOGIN_IP',
  registerPerIp: 'RATE_LIMIT_REGISTER_IP',
  mailPerAddress: 'RATE_LIMIT_MAIL_ADDRESS',
  mailPerIp: 'RATE_LIMIT_MAIL_IP',
  searchPerUser: 'RATE_LIMIT_SEARCH_USER',
  emailChangePerUser: 'RATE_LIMIT_EMAIL_CHANGE_USER',
  resetPerIp: 'RATE_LIMIT_RESET_IP',
  oauthStartPerIp: 'RATE_LIMIT_OAUTH_START_IP',
  oauthExchangePerIp: 'RATE_LIMIT_OAUTH_EXCHANGE_IP',
};

export const DEFAULT_BODY_LIMIT = 1024 * 1024;
/**
 * A healthy PostgreSQL connects in milliseconds; a host gone off the network would otherwise
 * hold every request until the kernel gives up (minutes). Decision 037.
 */
export const DEFAULT_DATABASE_CONNECT_TIMEOUT_MS = 3_000;
export const DEFAULT_AUTH_BODY_LIMIT = 16 * 1024;
/**
 * One at a time: re-encoding a large upload holds about 100 MB, so two at once would pass the
 * 200 MB bar on their own (decision 061, bench/themes-latency.ts).
 */
export const DEFAULT_IMAGE_DECODE_CONCURRENCY = 1;
/** Eight uploads may wait (each holds its request body, up to about 4 MB, meanwhile). */
export const DEFAULT_IMAGE_DECODE_QUEUE = 8;
/**
 * Shedding (decision 063): the mean event-loop delay over a sample (OVERLOAD_EVENT_LOOP_DELAY_MS,
 * 0 turns it off), the V8 heap in use (OVERLOAD_HEAP_MB, 0 turns it off), queries waiting for a
 * PostgreSQL connection (OVERLOAD_DATABASE_WAITING, 0 turns it off), the sample interval
 * (OVERLOAD_SAMPLE_MS) and the Retry-After of a shed request (OVERLOAD_RETRY_AFTER_SECONDS).
 */
export const DEFAULT_OVERLOAD: OverloadConfig = {
  maxEventLoopDelayMs: 50,
  maxHeapUsedBytes: 160 * 1024 * 1024,
  maxDatabaseWaiting: 100,
  sampleIntervalMs: 1000,
  retryAfterSeconds: 5,
};
export const DEFAULT_YOUTUBE_API_BASE = 'https://www.googleapis.com/youtube/v3';
export const DEFAULT_GITHUB_WEB_BASE = 'https://github.com';
export const DEFAULT_GITHUB_API_BASE = 'https://api.github.com';
export const DEFAULT_YOUTUBE_OEMBED_BASE = 'https://www.youtube.com';
export const JWT_SECRET_FILE = 'jwt-secret';
export const VAPID_KEYS_FILE = 'vapid-keys.json';
/** A phase end is announced within this much of its time (one indexed query per instance). */
export const DEFAULT_PUSH_POLL_MS = 1_000;

/** apps/web/dist, found from this file so it works from both src/ and dist/. */
export const DEFAULT_WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist/', import.meta.url));

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const UNITS_MS = { s: 1000, m: 60_000, h: 3_600_000 } as const;

/** Parses "10/15m" (10 per 15 minutes); units s, m, h. */
export function parseRateLimit(value: string): RateLimitRule | undefined {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*([smh])\s*$/.exec(value);
  if (!match) return undefined;
  const max = Number(match[1]);
  const windowMs = Number(match[2]) * UNITS_MS[match[3] as keyof typeof UNITS_MS];
  if (max < 1 || windowMs < 1000) return undefined;
  return { max, windowMs };
}

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

/**
 * An optional whole number from `min` to `max` (an empty value counts as unset), with one
 * message for every way it can be wrong: "must be a whole number [of <unit>] from min to max".
 */
function optionalWholeNumber(min: number, max: number, unit?: string) {
  const message = `must be a whole number${unit ? ` of ${unit}` : ''} from ${min} to ${max}`;
  return z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.coerce.number({ message }).int(message).min(min, message).max(max, message).optional(),
  );
}

function urlWithProtocols(protocols: string[], label: string) {
  return z
    .string()
    .trim()
    .refine(
      (value) => {
        try {
          return protocols.includes(new URL(value).protocol);
        } catch {
          return false;
        }
      },
      { message: `must be ${label}` },
    );
}

const EnvSchema = z.object({
  PORT: z.coerce
    .number({ message: 'must be a port number (0-65535)' })
    .int('must be a port number (0-65535)')
    .min(0, 'must be a port number (0-65535)')
    .max(65535, 'must be a port number (0-65535)')
    .default(3000),
  HOST: z.string().trim().min(1, 'must not be empty').default('127.0.0.1'),
  DATA_DIR: z.string().trim().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: z
    .union([
      z.literal(''),
      urlWithProtocols(['postgres:', 'postgresql:'], 'a postgres:// or postgresql:// URL'),
    ])
    .optional(),
  DATABASE_CONNECT_TIMEOUT_MS: optionalWholeNumber(100, 600_000, 'milliseconds'),
  OVERLOAD_EVENT_LOOP_DELAY_MS: optionalWholeNumber(0, 10000, 'milliseconds'),
  OVERLOAD_HEAP_MB: optionalWholeNumber(0, 65536, 'MB'),
  OVERLOAD_DATABASE_WAITING: optionalWholeNumber(0, 100000),
  OVERLOAD_SAMPLE_MS: optionalWholeNumber(100, 60000, 'milliseconds'),
  OVERLOAD_RETRY_AFTER_SECONDS: optionalWholeNumber(1, 60, 'seconds'),
  PUBLIC_URL: z
    .union([z.literal(''), urlWithProtocols(['http:', 'https:'], 'an http(s):// URL')])
    .optional(),
  JWT_SECRET: z
    .union([z.literal(''), z.string().min(32, 'must be at least 32 characters')])
    .optional(),
  SMTP_URL: z
    .union([z.literal(''), urlWithProtocols(['smtp:', 'smtps:'], 'an smtp:// or smtps:// URL')])
    .optional(),
  MAIL_FROM: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .default('Focusroom <no-reply@localhost>'),
  ADMIN_EMAILS: z.string().default(''),
  YOUTUBE_API_KEY: optionalString,
  YOUTUBE_API_BASE: z
    .union([z.literal(''), urlWithProtocols(['http:', 'https:'], 'an http(s):// URL')])
    .optional(),
  YOUTUBE_OEMBED_BASE: z
    .union([z.literal(''), urlWithProtocols(['http:', 'https:'], 'an http(s):// URL')])
    .optional(),
  REDIS_URL: z
    .union([z.literal(''), urlWithProtocols(['redis:', 'rediss:'], 'a redis:// or rediss:// URL')])
    .optional(),
  OAUTH_GOOGLE_CLIENT_ID: optionalString,
  OAUTH_GOOGLE_CLIENT_SECRET: optionalString,
  OAUTH_GITHUB_CLIENT_ID: optionalString,
  OAUTH_GITHUB_CLIENT_SECRET: optionalString,
  OIDC_ISSUER: z
    .union([z.literal(''), urlWithProtocols(['http:', 'https:'], 'an http(s):// URL')])
    .optional(),
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  OIDC_NAME: optionalString,
  OAUTH_GITHUB_BASE: z
    .union([z.literal(''), urlWithProtocols(['http:', 'https:'], 'an http(s):// URL')])
    .optional(),
  GITHUB_API_BASE: z
    .union([z.literal(''), urlWithProtocols(['http:', 'https:'], 'an http(s):// URL')])
    .optional(),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      message: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  LOG_FORMAT: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() || undefined : value),
    z.enum(['json', 'pretty'], { message: 'must be json or pretty' }).optional(),
  ),
  WEB_DIST_DIR: optionalString,
  BODY_LIMIT: z.coerce.number().int().min(1024, 'must be at least 1024 bytes').optional(),
  PASSWORD_HASH_CONCURRENCY: optionalWholeNumber(1, 1000),
  IMAGE_DECODE_CONCURRENCY: optionalWholeNumber(1, 1000),
  IMAGE_DECODE_QUEUE: optionalWholeNumber(0, 1000),
  MAX_CONNECTIONS: optionalWholeNumber(1, 10_000_000),
  VAPID_PUBLIC_KEY: optionalString,
  VAPID_PRIVATE_KEY: optionalString,
  VAPID_SUBJECT: z
    .union([z.literal(''), urlWithProtocols(['mailto:', 'https:'], 'a mailto: or https:// URL')])
    .optional(),
  PUSH_SERVICE_ORIGINS: z.string().default(''),
  PUSH_POLL_MS: optionalWholeNumber(50, 60_000, 'milliseconds'),
});

/** Anything that is not an environment variable: tests and embedders set these directly. */
export interface ConfigOverrides {
  cwd?: string;
  webDistDir?: string;
  rateLimits?: Partial<RateLimitConfig>;
  bodyLimit?: number;
  authBodyLimit?: number;
  oauthTimeoutMs?: number;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Reads and validates the environment once. Every bad variable is reported together, so a
 * misconfigured deployment is fixed in one round. Creates DATA_DIR and, when JWT_SECRET is unset,
 * a secret file in it (0600) that later starts reuse.
 */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  overrides: ConfigOverrides = {},
): Config {
  const problems: string[] = [];
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0] ?? 'environment');
      problems.push(`${name}: ${issue.message}`);
    }
  }

  const rateLimits: RateLimitConfig = { ...DEFAULT_RATE_LIMITS };
  for (const [key, name] of Object.entries(RATE_LIMIT_ENV) as [keyof RateLimitConfig, string][]) {
    const raw = env[name];
    if (raw === undefined || raw.trim() === '') continue;
    const rule = parseRateLimit(raw);
    if (rule) rateLimits[key] = rule;
    else problems.push(`${name}: must look like 10/15m (count per window; units s, m, h)`);
  }
  Object.assign(rateLimits, overrides.rateLimits);

  const adminEmails = new Set<string>();
  for (const entry of (env.ADMIN_EMAILS ?? '').split(',')) {
    const email = entry.trim().toLowerCase();
    if (email === '') continue;
    if (EMAIL_PATTERN.test(email)) adminEmails.add(email);
    else problems.push(`ADMIN_EMAILS: "${entry.trim()}" is not an email address`);
  }

  // Pairs are checked on the raw values so they are reported even when other variables fail.
  const raw = (name: string) => env[name]?.trim() || undefined;
  type Credentials = { clientId: string; clientSecret: string };
  const oauth: {
    google?: Credentials;
    github?: Credentials;
    oidc?: Credentials & { issuer: string };
  } = {};
  const pairs = [
    ['google', 'OAUTH_GOOGLE_CLIENT_ID', 'OAUTH_GOOGLE_CLIENT_SECRET'],
    ['github', 'OAUTH_GITHUB_CLIENT_ID', 'OAUTH_GITHUB_CLIENT_SECRET'],
  ] as const;
  for (const [provider, idName, secretName] of pairs) {
    const clientId = raw(idName);
    const clientSecret = raw(secretName);
    if (clientId && clientSecret) oauth[provider] = { clientId, clientSecret };
    else if (clientId || clientSecret) {
      problems.push(
        `${clientId ? secretName : idName}: must be set together with ${clientId ? idName : secretName}`,
      );
    }
  }
  const [issuer, clientId, clientSecret] = [
    'OIDC_ISSUER',
    'OIDC_CLIENT_ID',
    'OIDC_CLIENT_SECRET',
  ].map(raw);
  if (issuer && clientId && clientSecret) oauth.oidc = { issuer, clientId, clientSecret };
  else if (issuer || clientId || clientSecret) {
    problems.push('OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET: must be set together');
  }

  const extraServiceOrigins: string[] = [];
  for (const entry of (env.PUSH_SERVICE_ORIGINS ?? '').split(',')) {
    const value = entry.trim();
    if (value === '') continue;
    const origin = originOf(value);
    if (origin) extraServiceOrigins.push(origin);
    else problems.push(`PUSH_SERVICE_ORIGINS: "${value}" is not an http(s):// origin`);
  }
  const vapidPublic = raw('VAPID_PUBLIC_KEY');
  const vapidPrivate = raw('VAPID_PRIVATE_KEY');
  if (Boolean(vapidPublic) !== Boolean(vapidPrivate)) {
    problems.push('VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: must be set together');
  }

  let trustProxy: TrustProxy = false;
  const trust = parseTrustProxy(env.TRUST_PROXY);
  if (typeof trust === 'object' && 'error' in trust) problems.push(`TRUST_PROXY: ${trust.error}`);
  else trustProxy = trust;

  const data = parsed.success ? parsed.data : undefined;
  if (problems.length > 0 || !data) throw new ConfigError(problems);

  const dataDir = path.resolve(overrides.cwd ?? process.cwd(), data.DATA_DIR);
  try {
    fs.mkdirSync(dataDir, { recursive: true });
  } catch (error) {
    throw new ConfigError([`DATA_DIR: cannot create ${dataDir} (${(error as Error).message})`]);
  }

  const jwtSecret = data.JWT_SECRET
    ? new TextEncoder().encode(data.JWT_SECRET)
    : loadOrCreateSecret(dataDir);

  const publicUrl = (data.PUBLIC_URL || `http://localhost:${data.PORT}`).replace(/\/+$/, '');
  const vapid =
    vapidPublic && vapidPrivate
      ? { publicKey: vapidPublic, privateKey: vapidPrivate }
      : loadOrCreateVapidKeys(dataDir);
  if (!isVapidKeyPair(vapid.publicKey, vapid.privateKey)) {
    throw new ConfigError([
      vapidPublic
        ? 'VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: must be one P-256 key pair, base64url (npx web-push generate-vapid-keys)'
        : `VAPID keys: ${path.join(dataDir, VAPID_KEYS_FILE)} holds no P-256 key pair; delete it to regenerate`,
    ]);
  }
  const database: DatabaseConfig = data.DATABASE_URL
    ? {
        kind: 'postgres',
        url: data.DATABASE_URL,
        connectTimeoutMs: data.DATABASE_CONNECT_TIMEOUT_MS ?? DEFAULT_DATABASE_CONNECT_TIMEOUT_MS,
      }
    : { kind: 'sqlite', file: path.join(dataDir, 'focusroom.db') };

  return {
    port: data.PORT,
    host: data.HOST,
    dataDir,
    database,
    publicUrl,
    jwtSecret,
    smtpUrl: data.SMTP_URL || undefined,
    mailFrom: data.MAIL_FROM,
    adminEmails,
    youtubeApiKey: data.YOUTUBE_API_KEY,
    youtubeApiBase: (data.YOUTUBE_API_BASE || DEFAULT_YOUTUBE_API_BASE).replace(/\/+$/, ''),
    youtubeOembedBase: (data.YOUTUBE_OEMBED_BASE || DEFAULT_YOUTUBE_OEMBED_BASE).replace(
      /\/+$/,
      '',
    ),
    redisUrl: data.REDIS_URL || undefined,
    oauth: {
      ...(oauth.google && { google: oauth.google }),
      ...(oauth.github && {
        github: {
          ...oauth.github,
          webBase: (data.OAUTH_GITHUB_BASE || DEFAULT_GITHUB_WEB_BASE).replace(/\/+$/, ''),
          apiBase: (data.GITHUB_API_BASE || DEFAULT_GITHUB_API_BASE).replace(/\/+$/, ''),
        },
      }),
      ...(oauth.oidc && { oidc: { ...oauth.oidc, name: data.OIDC_NAME ?? OIDC_DEFAULT_NAME } }),
    },
    logLevel: data.LOG_LEVEL,
    // Unset: JSON in production (NODE_ENV=production), readable lines anywhere else.
    logFormat: data.LOG_FORMAT ?? (env.NODE_ENV === 'production' ? 'json' : 'pretty'),
    trustProxy,
    webDistDir: path.resolve(overrides.webDistDir ?? data.WEB_DIST_DIR ?? DEFAULT_WEB_DIST_DIR),
    bodyLimit: overrides.bodyLimit ?? data.BODY_LIMIT ?? DEFAULT_BODY_LIMIT,
    authBodyLimit: overrides.authBodyLimit ?? DEFAULT_AUTH_BODY_LIMIT,
    oauthTimeoutMs: overrides.oauthTimeoutMs ?? OAUTH_PROVIDER_TIMEOUT_MS,
    passwordHashConcurrency: data.PASSWORD_HASH_CONCURRENCY ?? os.availableParallelism(),
    imageDecodeConcurrency: data.IMAGE_DECODE_CONCURRENCY ?? DEFAULT_IMAGE_DECODE_CONCURRENCY,
    imageDecodeQueue: data.IMAGE_DECODE_QUEUE ?? DEFAULT_IMAGE_DECODE_QUEUE,
    maxConnections: data.MAX_CONNECTIONS ?? null,
    rateLimits,
    overload: {
      maxEventLoopDelayMs:
        data.OVERLOAD_EVENT_LOOP_DELAY_MS ?? DEFAULT_OVERLOAD.maxEventLoopDelayMs,
      maxHeapUsedBytes:
        data.OVERLOAD_HEAP_MB === undefined
          ? DEFAULT_OVERLOAD.maxHeapUsedBytes
          : data.OVERLOAD_HEAP_MB * 1024 * 1024,
      maxDatabaseWaiting: data.OVERLOAD_DATABASE_WAITING ?? DEFAULT_OVERLOAD.maxDatabaseWaiting,
      sampleIntervalMs: data.OVERLOAD_SAMPLE_MS ?? DEFAULT_OVERLOAD.sampleIntervalMs,
      retryAfterSeconds: data.OVERLOAD_RETRY_AFTER_SECONDS ?? DEFAULT_OVERLOAD.retryAfterSeconds,
    },
    push: {
      ...vapid,
      subject: data.VAPID_SUBJECT || defaultVapidSubject(publicUrl, data.MAIL_FROM),
      extraServiceOrigins,
      pollMs: data.PUSH_POLL_MS ?? DEFAULT_PUSH_POLL_MS,
    },
  };
}

/** Whether the two base64url keys are one P-256 pair (65-byte public point, 32-byte private). */
function isVapidKeyPair(publicKey: string, privateKey: string): boolean {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    return (
      Buffer.from(privateKey, 'base64url').length === 32 &&
      ecdh.getPublicKey().equals(Buffer.from(publicKey, 'base64url'))
    );
  } catch {
    return false;
  }
}

function originOf(value: string): string | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The public https address when there is one, else the mail sender's address: push services
 * (Apple's among them) want a way to reach whoever runs the server.
 */
function defaultVapidSubject(publicUrl: string, mailFrom: string): string {
  if (publicUrl.startsWith('https://')) return publicUrl;
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
}

/**
 * Keys generated once into DATA_DIR like the JWT secret: a browser's subscription is bound to
 * the public key, so a new key would silently end every device's alarms. O_EXCL, so two
 * instances starting together on one DATA_DIR agree on one pair.
 */
function loadOrCreateVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = path.join(dataDir, VAPID_KEYS_FILE);
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const keys = {
      publicKey: ecdh.getPublicKey().toString('base64url'),
      // 32 bytes, leading zeros kept (web-push refuses a shorter key).
      privateKey: Buffer.concat([Buffer.alloc(32), ecdh.getPrivateKey()])
        .subarray(-32)
        .toString('base64url'),
    };
    fs.writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
      throw new ConfigError([`DATA_DIR: cannot write ${file} (${(error as Error).message})`]);
    }
  }
  try {
    const keys = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
    if (typeof keys.publicKey === 'string' && typeof keys.privateKey === 'string') {
      return { publicKey: keys.publicKey, privateKey: keys.privateKey };
    }
  } catch {
    // Reported below.
  }
  throw new ConfigError([`VAPID keys: ${file} cannot be read; delete it to regenerate`]);
}

/**
 * A generated secret must survive restarts, or every issued token would die with the process.
 * Written with O_EXCL so two instances starting together on one DATA_DIR agree on one secret.
 */
function loadOrCreateSecret(dataDir: string): Uint8Array {
  const file = path.join(dataDir, JWT_SECRET_FILE);
  try {
    fs.writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
      throw new ConfigError([`DATA_DIR: cannot write ${file} (${(error as Error).message})`]);
    }
  }
  const text = fs.readFileSync(file, 'utf8').trim();
  const bytes = Buffer.from(text, 'base64url');
  if (bytes.length < 32) {
    throw new ConfigError([
      `JWT_SECRET: ${file} holds fewer than 32 bytes; delete it to regenerate`,
    ]);
  }
  return new Uint8Array(bytes);
}
