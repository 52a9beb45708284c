import type { Config } from './config.js';
import type { Db, Dialect } from './db/index.js';
import type { BackgroundTasks } from './lib/background.js';
import type { Broadcast } from './lib/broadcast.js';
import type { Clock } from './lib/clock.js';
import type { RedisLink } from './lib/redis-link.js';
import type { RateLimiter } from './lib/rate-limit.js';
import type { Mailer } from './mail/mailer.js';

export interface Limiters {
  loginPerAccount: RateLimiter;
  loginPerIp: RateLimiter;
  registerPerIp: RateLimiter;
  mailPerAddress: RateLimiter;
  mailPerIp: RateLimiter;
  searchPerUser: RateLimiter;
  emailChangePerUser: RateLimiter;
  resetPerIp: RateLimiter;
  oauthStartPerIp: RateLimiter;
  oauthExchangePerIp: RateLimiter;
}

/** What services and routes need from the app; built once in app.ts. */
export interface AppContext {
  config: Config;
  db: Db;
  dialect: Dialect;
  clock: Clock;
  mailer: Mailer;
  background: BackgroundTasks;
  limiters: Limiters;
  /** Change notices to every instance (Redis pub/sub when REDIS_URL is set); decision 036. */
  broadcast: Broadcast;
  /** The connection to Redis when REDIS_URL is set: for state kept there (decision 036). */
  redis: RedisLink | undefined;
}
