import { THEME_WRITE_BODY_MAX_BYTES } from '@focusroom/core';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import path from 'node:path';
import type { Config } from './config.js';
import type { AppContext, Limiters } from './context.js';
import type { ModuleDeps } from './module-deps.js';
import type { Db, Dialect } from './db/index.js';
import { BackgroundTasks } from './lib/background.js';
import { LocalBroadcast, RedisBroadcast } from './lib/broadcast.js';
import { LiveHub } from './modules/live/hub.js';
import { liveRoutes } from './modules/live/routes.js';
import { systemClock, type Clock } from './lib/clock.js';
import { setImageDecodeLimits } from './lib/image-decoding.js';
import { setPasswordHashConcurrency } from './lib/passwords.js';
import { MemoryRateLimitStore, RateLimiter, type RateLimitStore } from './lib/rate-limit.js';
import { FallbackRateLimitStore, RedisLink } from './lib/redis-link.js';
import { fastifyTrustProxy } from './lib/trust-proxy.js';
import { RequestLogController, loggerOptions, type LoggerOptions } from './logger.js';
import { createOutboxMailer, createSmtpMailer, type Mailer } from './mail/mailer.js';
import { mailTranslations } from './mail/i18n.js';
import { accountRoutes } from './modules/auth/account-routes.js';
import { AccountService } from './modules/auth/account-service.js';
import { EmailChangeService } from './modules/auth/email-change-service.js';
import { createRequireAuth } from './modules/auth/guard.js';
import { authRoutes } from './modules/auth/routes.js';
import { AuthService } from './modules/auth/service.js';
import { healthRoutes } from './modules/health/routes.js';
import { RollupRepository } from './modules/pomodoro/rollups.js';
import { pomodoroRoutes } from './modules/pomodoro/routes.js';
import { SessionsService } from './modules/pomodoro/sessions-service.js';
import { StatsService } from './modules/pomodoro/stats-service.js';
import { TodosService } from './modules/pomodoro/todos-service.js';
import { settingsRoutes } from './modules/settings/routes.js';
import { registerPush } from './modules/push/plugin.js';
import type { PushService } from './modules/push/service.js';
import { sharedTimerRoutes } from './modules/shared-timer/routes.js';
import { SharedTimerService } from './modules/shared-timer/service.js';
import { SettingsService } from './modules/settings/service.js';
import { createOptionalAuth, themesRoutes } from './modules/themes/routes.js';
import { createThemesServices } from './modules/themes/service.js';
import { registerAdmin } from './modules/admin/plugin.js';
import { registerMusic } from './modules/music/plugin.js';
import { registerOAuth } from './modules/oauth/plugin.js';
import { registerPlaylists } from './modules/playlists/plugin.js';
import { uploadsRoutes } from './modules/themes/uploads-routes.js';
import { AccountExportService } from './modules/users/export-service.js';
import { exportRoutes } from './modules/users/export-routes.js';
import { UsersService } from './modules/users/service.js';
import { registerDocs } from './plugins/docs.js';
import { answerFrameworkError, registerErrorHandler } from './plugins/errors.js';
import { answerClientError, registerSecurity } from './plugins/security.js';
import { registerOverload } from './plugins/overload.js';
import { registerSpa } from './plugins/spa.js';

export interface AppDeps {
  config: Config;
  db: Db;
  /** Which engine `db` runs on; default: the kind in `config.database`. */
  dialect?: Dialect;
  clock?: Clock;
  /** Default: SMTP when SMTP_URL is set, else the DATA_DIR/outbox folder. */
  mailer?: Mailer;
  logger?: LoggerOptions;
  /** Default: Redis when REDIS_URL is set, else in memory. */
  rateLimitStore?: RateLimitStore;
  /** Queries waiting for a database connection (DatabaseHandle.waiting), for shedding. */
  databaseWaiting?: () => number;
}

export interface App extends FastifyInstance {
  /** Work still running after responses (mail); tests await `idle()`. */
  background: BackgroundTasks;
  /** The alarms' poller; tests run `poll()` themselves at the instants they choose. */
  push: PushService;
}

/** Builds the whole API and SPA server from its dependencies; does not listen. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, db } = deps;
  const clock = deps.clock ?? systemClock;
  setPasswordHashConcurrency(config.passwordHashConcurrency);
  setImageDecodeLimits(config.imageDecodeConcurrency, config.imageDecodeQueue);
  const app = Fastify({
    logger: loggerOptions({ level: config.logLevel, format: config.logFormat, ...deps.logger }),
    // Per-request lines at debug, slow requests at warn (decision 064).
    logController: new RequestLogController(),
    bodyLimit: config.bodyLimit,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // A parameter of any length reaches its route, whose schema refuses a malformed one with 400
    // (a URL cannot pass Node's 16 KiB header limit anyway); decision 032.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 16_384 },
    // Undecodable URLs and over-long path parameters answer `{ message }` without echoing the URL.
    frameworkErrors: answerFrameworkError,
    // Requests Node's parser refuses answer `{ message }` with the security headers.
    clientErrorHandler: answerClientError,
    // While the server drains, requests on open connections are still answered, with
    // `Connection: close`, instead of 503 (decision 032).
    return503OnClosing: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const mailer =
    deps.mailer ??
    (config.smtpUrl
      ? createSmtpMailer(config.smtpUrl, config.mailFrom)
      : createOutboxMailer(path.join(config.dataDir, 'outbox'), config.mailFrom, clock, app.log));
  // The mails' catalogs, read once per process before any mail; a missing one is said here.
  mailTranslations((message) => app.log.warn(message));

  // REDIS_URL: what instances must share lives in Redis, with in-process fallbacks while it is
  // away (decision 036).
  const redis = config.redisUrl
    ? new RedisLink(config.redisUrl, app.log.child({ module: 'redis' }))
    : undefined;
  const store =
    deps.rateLimitStore ?? (redis ? new FallbackRateLimitStore(redis) : new MemoryRateLimitStore());
  const rules = config.rateLimits;
  const limiters: Limiters = {
    loginPerAccount: new RateLimiter(store, clock, 'login-account', rules.loginPerAccount),
    loginPerIp: new RateLimiter(store, clock, 'login-ip', rules.loginPerIp),
    registerPerIp: new RateLimiter(store, clock, 'register-ip', rules.registerPerIp),
    mailPerAddress: new RateLimiter(store, clock, 'mail-address', rules.mailPerAddress),
    mailPerIp: new RateLimiter(store, clock, 'mail-ip', rules.mailPerIp),
    searchPerUser: new RateLimiter(store, clock, 'search-user', rules.searchPerUser),
    emailChangePerUser: new RateLimiter(
      store,
      clock,
      'email-change-user',
      rules.emailChangePerUser,
    ),
    resetPerIp: new RateLimiter(store, clock, 'reset-ip', rules.resetPerIp),
    oauthStartPerIp: new RateLimiter(store, clock, 'oauth-start-ip', rules.oauthStartPerIp),
    oauthExchangePerIp: new RateLimiter(
      store,
      clock,
      'oauth-exchange-ip',
      rules.oauthExchangePerIp,
    ),
  };

  const background = new BackgroundTasks((error, name) =>
    app.log.error({ err: error, task: name }, 'background task failed'),
  );
  const ctx: AppContext = {
    config,
    db,
    dialect: deps.dialect ?? config.database.kind,
    clock,
    mailer,
    background,
    limiters,
    broadcast: redis ? new RedisBroadcast(redis) : new LocalBroadcast(),
    redis,
  };
  app.addHook('onReady', async () => {
    await redis?.ready();
  });

  // Security headers first: a hook that refuses a request (errors.ts) must find them set.
  registerSecurity(app);
  // Past what the instance can serve, API requests are refused here, before any other work
  // (decision 063).
  // The live hub comes later (it needs the services); its count is read only per request.
  const liveHub: { current?: LiveHub } = {};
  const overload = await registerOverload(app, config.overload, {
    databaseWaiting: deps.databaseWaiting,
    liveConnections: () => liveHub.current?.size ?? 0,
  });
  registerErrorHandler(app);
  await registerDocs(app);

  // One-way: auth uses users (rows, user JSON, the admin rule), never the reverse.
  // Themes keep uploaded files outside the database: an account's deletion removes them too.
  const themes = createThemesServices(ctx);
  const usersService = new UsersService(ctx, undefined, [themes.own]);
  const authService = new AuthService(ctx, usersService);
  const requireAuth = createRequireAuth(authService);
  app.decorateRequest('auth', null);

  await app.register(healthRoutes, { prefix: '/api', db, overloaded: overload.overloaded });
  const emailChange = new EmailChangeService(ctx, usersService);
  await app.register(authRoutes, {
    prefix: '/api/auth',
    service: authService,
    emailChange,
    requireAuth,
    bodyLimit: config.authBodyLimit,
  });
  await app.register(accountRoutes, {
    prefix: '/api/users',
    service: new AccountService(ctx, usersService, emailChange),
    requireAuth,
    bodyLimit: config.authBodyLimit,
  });

  const settings = new SettingsService(ctx);
  await app.register(settingsRoutes, { prefix: '/api', service: settings, requireAuth });
  const sharedTimer = new SharedTimerService(ctx, settings);
  await app.register(sharedTimerRoutes, { prefix: '/api', service: sharedTimer, requireAuth });
  const live = new LiveHub(
    ctx,
    { auth: authService, timer: sharedTimer, settings },
    app.log.child({ module: 'live' }),
  );
  liveHub.current = live;
  await app.register(liveRoutes, { hub: live });
  const rollups = new RollupRepository(db, ctx.dialect);
  const sessions = new SessionsService(ctx, rollups);
  const todos = new TodosService(ctx);
  await app.register(pomodoroRoutes, {
    prefix: '/api/pomodoro',
    sessions,
    stats: new StatsService(ctx, rollups),
    todos,
    requireAuth,
  });

  const optionalAuth = createOptionalAuth(authService);
  await app.register(themesRoutes, {
    prefix: '/api/themes',
    themes,
    requireAuth,
    optionalAuth,
    writeBodyLimit: Math.max(config.bodyLimit, THEME_WRITE_BODY_MAX_BYTES),
  });
  await app.register(uploadsRoutes, { prefix: '/uploads', store: themes.images.uploads });
  // The seeded themes learn this build's art names before the first request. A database that
  // is down at start must not stop the server (it answers /api/ready with 503 meanwhile): the
  // move is tried again every 30 s until it succeeds.
  let artRetry: NodeJS.Timeout | undefined;
  const syncArt = async () => {
    try {
      const moved = await themes.standard.syncArt();
      if (moved > 0) app.log.info({ moved }, "moved the standard themes to this build's art");
    } catch (error) {
      app.log.warn({ err: error }, "could not move the standard themes to this build's art yet");
      artRetry = setTimeout(() => void syncArt(), 30_000).unref();
    }
  };
  app.addHook('onClose', async () => clearTimeout(artRetry));
  app.addHook('onReady', async () => {
    await syncArt();
    // A file an account's deletion left behind (the process ended in between, or a user row was
    // deleted outside the app) goes at the next start.
    background.run('remove unused uploads', async () => {
      const removed = await themes.images.removeUnusedUploads();
      if (removed > 0) app.log.info({ removed }, 'removed unused theme uploads');
    });
  });

  const moduleDeps: ModuleDeps = {
    ctx,
    users: usersService,
    auth: authService,
    themes,
    requireAuth,
    optionalAuth,
  };
  const push = await registerPush(app, moduleDeps, sharedTimer);
  const playlists = await registerPlaylists(app, moduleDeps);
  await registerMusic(app, moduleDeps);
  const oauth = await registerOAuth(app, moduleDeps);
  // The account export reads each part through its module's service (decision 034).
  await app.register(exportRoutes, {
    prefix: '/api/users',
    service: new AccountExportService(ctx, usersService, {
      settings,
      timer: sharedTimer,
      todos,
      push,
      sessions,
      playlists,
      themes: {
        listOwned: (userId) => themes.own.listOwned(userId),
        getPreference: (userId) => themes.own.getPreference(userId),
        reportsBy: (userId) => themes.moderation.reportsBy(userId),
      },
      connections: oauth,
    }),
    requireAuth,
  });
  // The overview and a user's page count sessions and playlists through their services
  // (decision 068).
  await registerAdmin(app, moduleDeps, { sessions, playlists });

  await registerSpa(app, config.webDistDir);

  app.addHook('onClose', async () => {
    await background.idle();
    await mailer.close();
    if (!deps.rateLimitStore) await store.close();
    await redis?.close();
  });

  return Object.assign(app, { background, push }) as App;
}
