import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../src/app.js';
import { bearer } from './support/accounts.js';
import { answerProblems } from './support/answer-checks.js';
import { DIALECTS } from './support/databases.js';
import { FuzzWorld } from './support/fuzz-world.js';
import { useSharedApp } from './support/shared-app.js';
import { requestArbitrary, type FuzzRequest } from './support/request-fuzz.js';
import { capturedRoutes, type CapturedRoute } from './support/route-capture.js';
import { startFakeYouTube, type FakeYouTube } from './fakes/youtube.mjs';

// Every Fastify instance built in this file reports its routes (support/route-capture.ts).
vi.mock('fastify', async (original) =>
  (await import('./support/route-capture.js')).withRouteCapture(await original()),
);

/**
 * Who sends a route's requests, and how many: `weight` scales FUZZ_RUNS for routes whose every
 * valid request hashes a password (argon2id, ~20 MiB and tens of ms each) or ends the session
 * the next request needs (`ends`: the fuzzer signs in again afterwards).
 */
interface FuzzEntry {
  as: 'public' | 'user' | 'admin';
  weight?: number;
  ends?: boolean;
}

const PUBLIC: FuzzEntry = { as: 'public' };
const USER: FuzzEntry = { as: 'user' };
const ADMIN: FuzzEntry = { as: 'admin' };
const HASHING: FuzzEntry = { as: 'public', weight: 0.3 };

/** Every route the app has. A route missing here fails the first test: give it an entry. */
const ENTRIES: Record<string, FuzzEntry> = {
  'GET /api/docs': PUBLIC,
  'GET /api/docs/static/index.html': PUBLIC,
  'GET /api/docs/static/swagger-initializer.js': PUBLIC,
  'GET /api/docs/json': { as: 'public', weight: 0.2 },
  'GET /api/docs/yaml': { as: 'public', weight: 0.2 },
  'GET /api/docs/static/*': PUBLIC,
  'GET /api/health': PUBLIC,
  // The SPA: its files and index.html for any other path; an unknown /api path answers 404.
  'GET /*': PUBLIC,
  // / is a pre-rendered page in the reader's language (decision 076).
  'GET /': PUBLIC,
  'GET /api/*': PUBLIC,
  'GET /api/ready': PUBLIC,
  'POST /api/auth/register': HASHING,
  'POST /api/auth/login': HASHING,
  'GET /api/auth/me': USER,
  'POST /api/auth/logout': { as: 'user', weight: 0.1, ends: true },
  'GET /api/auth/verification-status': USER,
  'GET /api/auth/verify-email/:token': PUBLIC,
  'POST /api/auth/resend-verification': PUBLIC,
  'POST /api/auth/forgot-password': PUBLIC,
  'GET /api/auth/verify-reset-token/:token': PUBLIC,
  'POST /api/auth/reset-password': HASHING,
  'POST /api/auth/email-change/confirm': PUBLIC,
  'POST /api/auth/email-change/undo': PUBLIC,
  'PUT /api/users/me': { as: 'user', ends: true },
  'DELETE /api/users/me/pending-email': USER,
  'POST /api/users/me/pending-email/resend': USER,
  'POST /api/users/password': { as: 'user', weight: 0.3, ends: true },
  'DELETE /api/users/delete': { as: 'user', weight: 0.3, ends: true },
  'GET /api/settings': USER,
  'PUT /api/settings': USER,
  'GET /api/timer': USER,
  'POST /api/timer/actions': USER,
  // Without an upgrade: a 404 (malformed messages on the socket itself: live.test.ts).
  'GET /api/live': PUBLIC,
  'GET /api/push/key': PUBLIC,
  'POST /api/push/actions': PUBLIC,
  'GET /api/push/devices': USER,
  'PUT /api/push/devices': USER,
  'DELETE /api/push/devices/:id': USER,
  'POST /api/push/devices/:id/test': USER,
  'GET /api/pomodoro/sessions': USER,
  'GET /api/pomodoro/sessions/export.csv': USER,
  'POST /api/pomodoro/sessions': USER,
  'PUT /api/pomodoro/sessions/:id': USER,
  'DELETE /api/pomodoro/sessions/:id': USER,
  'GET /api/pomodoro/stats': USER,
  'GET /api/pomodoro/todos': USER,
  'POST /api/pomodoro/todos': USER,
  'PUT /api/pomodoro/todos/:id': USER,
  'DELETE /api/pomodoro/todos/:id': USER,
  'GET /api/themes': USER,
  'GET /api/themes/custom/public': USER,
  'GET /api/themes/custom/user': USER,
  'GET /api/themes/lists': USER,
  'POST /api/themes/custom': USER,
  'PUT /api/themes/custom/:id': USER,
  'DELETE /api/themes/custom/:id': USER,
  'GET /api/themes/user': USER,
  'PUT /api/themes/user': USER,
  'GET /api/themes/:id': USER,
  'POST /api/themes/:id/report': USER,
  'GET /uploads/:file': PUBLIC,
  'GET /api/playlists': USER,
  'POST /api/playlists': USER,
  'GET /api/playlists/:id': USER,
  'PUT /api/playlists/:id': USER,
  'DELETE /api/playlists/:id': USER,
  'GET /api/playlists/:id/songs': USER,
  'POST /api/playlists/:id/songs': USER,
  'PUT /api/playlists/:id/songs/order': USER,
  'PATCH /api/playlists/:id/songs/:songId': USER,
  'DELETE /api/playlists/:id/songs/:songId': USER,
  'GET /api/music/search': USER,
  'GET /api/music/resolve': USER,
  'GET /api/auth/providers': PUBLIC,
  'POST /api/auth/oauth/:provider/start': PUBLIC,
  'GET /api/auth/oauth/:provider/callback': PUBLIC,
  'POST /api/auth/oauth/exchange': PUBLIC,
  'GET /api/users/me/connections': USER,
  'GET /api/users/me/export': USER,
  'DELETE /api/users/me/connections/:provider': USER,
  'GET /api/admin/overview': ADMIN,
  'GET /api/admin/users': ADMIN,
  'GET /api/admin/users/:id': ADMIN,
  'POST /api/admin/users/:id/verify': ADMIN,
  'POST /api/admin/users/:id/admin': ADMIN,
  'DELETE /api/admin/users/:id/admin': ADMIN,
  'POST /api/admin/users/:id/disable': { as: 'admin', ends: true },
  'POST /api/admin/users/:id/enable': ADMIN,
  'POST /api/admin/users/:id/sign-out': { as: 'admin', ends: true },
  'DELETE /api/admin/users/:id': { as: 'admin', ends: true },
  'GET /api/admin/reports': ADMIN,
  'POST /api/admin/reports/:id/dismiss': ADMIN,
  'GET /api/admin/themes/public': ADMIN,
  'POST /api/admin/themes/:id/hide': ADMIN,
  'POST /api/admin/themes/:id/restore': ADMIN,
  'GET /api/admin/themes/standard': ADMIN,
  'POST /api/admin/themes/standard': ADMIN,
  'PUT /api/admin/themes/standard/:id': ADMIN,
  'POST /api/admin/themes/standard/:id/default': ADMIN,
  'DELETE /api/admin/themes/standard/:id': ADMIN,
  'DELETE /api/admin/themes/:id': ADMIN,
  'GET /api/admin/audit': ADMIN,
};

/** Cases per route (times its weight): FUZZ_RUNS=5000 for a long local run. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const ADMIN_EMAIL = 'fuzz-admin@example.com';
const LOOSE = { max: 1_000_000, windowMs: 60_000 };

let youtube: FakeYouTube;
beforeAll(async () => {
  youtube = await startFakeYouTube();
});
afterAll(async () => {
  await youtube?.close();
});

function describeRequest(route: CapturedRoute, request: FuzzRequest): string {
  const body =
    request.body === undefined ? '' : ` body=${JSON.stringify(request.body.slice(0, 300))}`;
  return `${route.method} ${request.url.slice(0, 300)} as ${request.auth}${body} (${request.contentType ?? 'no type'})`;
}

describe('the fuzzer’s answer checks', () => {
  const json = { 'content-type': 'application/json; charset=utf-8' };
  const ok = (statusCode: number, body: string, headers: Record<string, string> = json) =>
    answerProblems({ statusCode, headers, body }, ['/srv/focusroom-data']);

  it('pass the answers product §7 asks for', () => {
    expect(ok(200, '{"task":"SELECT * FROM users"}')).toEqual([]);
    expect(
      ok(
        400,
        '{"message":"Invalid input","code":"http.invalidValue","errors":{"name":"Invalid input"},"fieldCodes":{"name":"http.invalidValue"}}',
      ),
    ).toEqual([]);
    expect(ok(404, '{"message":"Not found","code":"http.notFound"}')).toEqual([]);
    expect(
      ok(
        429,
        '{"message":"Too many attempts. Try again in 30 seconds.","code":"http.retryInSeconds","params":{"count":30}}',
        { ...json, 'retry-after': '30' },
      ),
    ).toEqual([]);
    // Decision 075: a code that is ours and says what the message says.
    expect(ok(404, '{"message":"Not found"}')).toContain(
      'message: code undefined is not one of ours',
    );
    expect(ok(404, '{"message":"Playlist not found","code":"http.notFound"}')).toHaveLength(1);
    expect(
      ok(400, '{"message":"Invalid input","code":"http.invalidValue","errors":{"a":"x"}}'),
    ).toContain('errors without fieldCodes');
  });

  it('catch a 5xx, a stack, database text, a path and a wrong error shape', () => {
    expect(ok(500, '{"message":"Internal server error"}')).toContain('answered 500');
    const stack = '{"message":"x\\n    at Repo.find (/app/dist/repo.js:12:5)"}';
    expect(ok(400, stack.replace('\\n', '\n')).join()).toMatch(/stack frame/);
    expect(ok(400, '{"message":"SQLITE_CONSTRAINT: UNIQUE constraint failed"}').join()).toMatch(
      /database text/,
    );
    expect(ok(409, '{"message":"duplicate key value violates unique constraint"}').join()).toMatch(
      /database text/,
    );
    expect(ok(400, '{"message":"select \\"id\\" from \\"users\\" where 1"}').join()).toMatch(
      /database text/,
    );
    expect(ok(200, '{"file":"/srv/focusroom-data/uploads/a.webp"}').join()).toMatch(/file path/);
    expect(ok(400, '{"message":"at node_modules/x/index.js:1"}').join()).toMatch(/file path/);
    expect(ok(400, 'Bad request', { 'content-type': 'text/plain' }).join()).toMatch(/text\/plain/);
    expect(ok(400, '{"error":"x"}')).toContain('no message');
    expect(ok(400, '{"message":"x","errors":{"a":1}}')).toContain(
      'errors that are not field -> message',
    );
    expect(ok(429, '{"message":"Slow down"}')).toContain('a 429 without Retry-After');
  });
});

describe.each(DIALECTS)('every route, fuzzed from its schema, on %s', (dialect) => {
  const shared = useSharedApp(dialect, {
    web: true,
    env: () => ({
      ADMIN_EMAILS: ADMIN_EMAIL,
      YOUTUBE_API_BASE: youtube.baseUrl,
      YOUTUBE_OEMBED_BASE: youtube.oembedBase,
      YOUTUBE_API_KEY: 'fuzz-key',
    }),
    overrides: {
      rateLimits: {
        loginPerAccount: LOOSE,
        loginPerIp: LOOSE,
        registerPerIp: LOOSE,
        mailPerAddress: LOOSE,
        mailPerIp: LOOSE,
        searchPerUser: LOOSE,
        emailChangePerUser: LOOSE,
        resetPerIp: LOOSE,
        oauthStartPerIp: LOOSE,
        oauthExchangePerIp: LOOSE,
      },
    },
  });
  let world: FuzzWorld;

  beforeAll(async () => {
    const { app, mailer } = shared();
    world = new FuzzWorld(app, mailer, ADMIN_EMAIL);
    await world.start();
  });

  it('has a fuzz entry for every route the app registered', () => {
    const missing = [...capturedRoutes.keys()].filter((key) => !(key in ENTRIES));
    const stale = Object.keys(ENTRIES).filter((key) => !capturedRoutes.has(key));
    expect(missing, 'routes with no fuzz entry').toEqual([]);
    expect(stale, 'entries naming no route').toEqual([]);
  });

  const send = (app: App, route: CapturedRoute, entry: FuzzEntry, request: FuzzRequest) => {
    const actor = entry.as === 'admin' ? world.admin : world.user;
    const headers: Record<string, string> = {};
    if (request.auth === 'role' && entry.as !== 'public')
      Object.assign(headers, bearer(actor.token));
    // Public routes run signed in half the time (the themes list answers more then).
    if (request.auth === 'role' && entry.as === 'public' && request.url.length % 2 === 0) {
      Object.assign(headers, bearer(world.user.token));
    }
    if (request.auth === 'garbage') headers.authorization = 'Bearer eyJhbGciOiJub25lIn0.e30.';
    if (request.contentType !== undefined) headers['content-type'] = request.contentType;
    return app.inject({
      method: route.method as 'GET',
      url: request.url,
      headers,
      ...(request.body === undefined ? {} : { payload: request.body }),
    });
  };

  it.each(Object.keys(ENTRIES))('%s', { timeout: 600_000 }, async (key) => {
    const route = capturedRoutes.get(key);
    const entry = ENTRIES[key];
    if (!route || !entry) return; // the first test names it
    const { app, dataDir } = shared();
    await world.heal();
    await world.seed();
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(requestArbitrary(route, world), async (request) => {
        const response = await send(app, route, entry, request);
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        const problems = answerProblems(
          { statusCode: response.statusCode, headers: response.headers, body: response.body },
          [dataDir],
        );
        if (entry.ends || response.statusCode === 401) await world.heal();
        if (problems.length > 0) {
          failures.push(
            `${describeRequest(route, request)} -> ${response.statusCode} ${response.body.slice(0, 300)}: ${problems.join('; ')}`,
          );
        }
        expect(
          problems,
          `${describeRequest(route, request)} -> ${response.statusCode} ${response.body.slice(0, 500)}`,
        ).toEqual([]);
      }),
      {
        numRuns: Math.max(5, Math.round(RUNS * (entry.weight ?? 1))),
        ...(SEED === undefined ? {} : { seed: SEED }),
        endOnFailure: true,
      },
    );
    await app.background.idle();
    if (process.env.FUZZ_STATS) {
      const counts = [...statuses].sort(([x], [y]) => x - y).map(([code, n]) => `${code}x${n}`);
      process.stdout.write(`fuzz ${dialect} ${key}: ${counts.join(' ')}\n`);
    }
    expect(failures).toEqual([]);
  });
});
