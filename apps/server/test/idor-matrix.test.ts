import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import type { App } from '../src/app.js';
import { PASSWORD, bearer, register, verifiedUser } from './support/accounts.js';
import { DIALECTS } from './support/databases.js';
import { THEME_BODY } from './support/fuzz-world.js';
import { capturedRoutes } from './support/route-capture.js';
import { useSharedApp, type SharedApp } from './support/shared-app.js';
import { rowsMentioning, rowsOwnedBy } from './support/table-rows.js';

// Every Fastify instance built in this file reports its routes (support/route-capture.ts).
vi.mock('fastify', async (original) =>
  (await import('./support/route-capture.js')).withRouteCapture(await original()),
);

const ADMIN_EMAIL = 'idor-admin@example.com';
/** A small PNG (an upload the server re-encodes and stores under its hash). */
const PNG_16 = `data:image/png;base64,${(
  await sharp({ create: { width: 16, height: 16, channels: 3, background: '#6b21a8' } })
    .png()
    .toBuffer()
).toString('base64')}`;

interface Account {
  id: string;
  email: string;
  username: string;
  token: string;
}

/** Everything user A owns, by kind; `secret` is in every text A wrote. */
interface Owned {
  secret: string;
  session: string;
  sessionClientId: string;
  todo: string;
  playlist: string;
  song: string;
  privateTheme: string;
  publicTheme: string;
  upload: string;
  report: string;
  pushDevice: string;
}

/**
 * What another account may get from one route when it names A's things. 404: must answer 404
 * (not yours reads as unknown, product §7). 403: admin routes refuse a non-admin. 'own': the
 * route works on the caller's own data; any answer but a 5xx, and still no trace of A.
 */
type Expect = 404 | 403 | 'own';

interface Attempt {
  url: string;
  payload?: unknown;
  expect: Expect;
  /** A's texts this answer may carry by design (what the caller sent, a public theme's creator). */
  reveals?: string[];
  /** Open to the signed out too (the same expectation holds for them), else 401 for them. */
  open?: true;
}

/** Per route: the requests that aim it at A's rows. A route missing here fails the suite. */
const MATRIX: Record<string, (a: Owned, me: Account, aId: string) => Attempt[]> = {
  'GET /api/health': () => [{ url: '/api/health', expect: 'own', open: true }],
  'GET /api/ready': () => [{ url: '/api/ready', expect: 'own', open: true }],
  'GET /api/auth/me': () => [{ url: '/api/auth/me', expect: 'own' }],
  'GET /api/auth/verification-status': () => [
    { url: '/api/auth/verification-status', expect: 'own' },
  ],
  'PUT /api/users/me': (_a, me) => [
    { url: '/api/users/me', payload: { bio: `bio of ${me.username}` }, expect: 'own' },
  ],
  'GET /api/users/me/export': () => [{ url: '/api/users/me/export', expect: 'own' }],
  'GET /api/settings': () => [{ url: '/api/settings', expect: 'own' }],
  'GET /api/timer': () => [{ url: '/api/timer', expect: 'own' }],
  'POST /api/timer/actions': () => [
    {
      url: '/api/timer/actions',
      payload: {
        requests: [{ id: 'b-1', device: 'b', baseVersion: 0, at: 0, action: { type: 'start' } }],
      },
      expect: 'own',
    },
  ],
  'PUT /api/settings': () => [
    { url: '/api/settings', payload: { pomodoro_duration: 30 }, expect: 'own' },
  ],
  'GET /api/pomodoro/sessions': (a) => [
    { url: '/api/pomodoro/sessions', expect: 'own' },
    { url: `/api/pomodoro/sessions?limit=5&cursor=${a.session}`, expect: 'own' },
  ],
  'GET /api/pomodoro/sessions/export.csv': () => [
    { url: '/api/pomodoro/sessions/export.csv', expect: 'own' },
  ],
  // A's client_id on another account makes that account's own session, never answers A's.
  'POST /api/pomodoro/sessions': (a) => [
    {
      url: '/api/pomodoro/sessions',
      payload: {
        duration: 25,
        task: 'mine',
        start_time: '2031-03-03T07:00:00.000Z',
        end_time: '2031-03-03T07:25:00.000Z',
        client_id: a.sessionClientId,
      },
      expect: 'own',
      reveals: [a.sessionClientId],
    },
  ],
  'PUT /api/pomodoro/sessions/:id': (a) => [
    { url: `/api/pomodoro/sessions/${a.session}`, payload: { task: 'taken' }, expect: 404 },
  ],
  'DELETE /api/pomodoro/sessions/:id': (a) => [
    { url: `/api/pomodoro/sessions/${a.session}`, expect: 404 },
  ],
  'GET /api/pomodoro/stats': () => [{ url: '/api/pomodoro/stats?tz=UTC', expect: 'own' }],
  'GET /api/pomodoro/todos': () => [{ url: '/api/pomodoro/todos', expect: 'own' }],
  // A's to-do id in another list gets a new id there; A's to-do stays.
  'POST /api/pomodoro/todos': (a) => [
    {
      url: '/api/pomodoro/todos',
      payload: { todos: [{ id: a.todo, text: 'taken', completed: true }] },
      expect: 'own',
    },
  ],
  'PUT /api/pomodoro/todos/:id': (a) => [
    {
      url: `/api/pomodoro/todos/${a.todo}`,
      payload: { text: 'taken', completed: true },
      expect: 404,
    },
  ],
  'DELETE /api/pomodoro/todos/:id': (a) => [{ url: `/api/pomodoro/todos/${a.todo}`, expect: 404 }],
  'GET /api/themes': () => [{ url: '/api/themes', expect: 'own', open: true }],
  // The gallery names each public theme's creator (user_id, username): A's public theme is there.
  'GET /api/themes/custom/public': (_a, _me, aId) => [
    { url: '/api/themes/custom/public', expect: 'own', reveals: [aId] },
  ],
  'GET /api/themes/custom/user': () => [{ url: '/api/themes/custom/user', expect: 'own' }],
  // The theme check: the three lists above in one answer, A's private theme nowhere in it.
  'GET /api/themes/lists': (_a, _me, aId) => [
    { url: '/api/themes/lists', expect: 'own', reveals: [aId] },
  ],
  // An upload address answered to A, used in another account's theme (a content address: whoever
  // has it may use it; what must not happen is a change to A's theme or file).
  'POST /api/themes/custom': (a) => [
    {
      url: '/api/themes/custom',
      payload: { ...THEME_BODY, name: 'Borrowed', is_public: false, background_url: a.upload },
      expect: 'own',
    },
  ],
  'PUT /api/themes/custom/:id': (a) => [
    { url: `/api/themes/custom/${a.privateTheme}`, payload: { name: 'Taken' }, expect: 404 },
    { url: `/api/themes/custom/${a.publicTheme}`, payload: { name: 'Taken' }, expect: 404 },
  ],
  'DELETE /api/themes/custom/:id': (a) => [
    { url: `/api/themes/custom/${a.privateTheme}`, expect: 404 },
    { url: `/api/themes/custom/${a.publicTheme}`, expect: 404 },
  ],
  'GET /api/themes/user': () => [{ url: '/api/themes/user', expect: 'own' }],
  'PUT /api/themes/user': (a) => [
    { url: '/api/themes/user', payload: { theme_id: a.privateTheme }, expect: 404 },
  ],
  'GET /api/themes/:id': (a) => [{ url: `/api/themes/${a.privateTheme}`, expect: 404, open: true }],
  'POST /api/themes/:id/report': (a) => [
    { url: `/api/themes/${a.privateTheme}/report`, payload: { reason: 'x' }, expect: 404 },
  ],
  'GET /api/playlists': () => [{ url: '/api/playlists', expect: 'own' }],
  'POST /api/playlists': (a) => [
    {
      url: '/api/playlists',
      payload: { name: 'Mine', tracks: [{ id: a.song, title: 'T', url: 'https://example.com/t' }] },
      expect: 'own',
    },
  ],
  'GET /api/playlists/:id': (a) => [{ url: `/api/playlists/${a.playlist}`, expect: 404 }],
  'PUT /api/playlists/:id': (a) => [
    { url: `/api/playlists/${a.playlist}`, payload: { name: 'Taken', tracks: [] }, expect: 404 },
  ],
  'DELETE /api/playlists/:id': (a) => [{ url: `/api/playlists/${a.playlist}`, expect: 404 }],
  'GET /api/playlists/:id/songs': (a) => [
    { url: `/api/playlists/${a.playlist}/songs`, expect: 404 },
  ],
  'POST /api/playlists/:id/songs': (a) => [
    {
      url: `/api/playlists/${a.playlist}/songs`,
      payload: { title: 'Injected', url: 'https://example.com/i' },
      expect: 404,
    },
  ],
  'PUT /api/playlists/:id/songs/order': (a) => [
    {
      url: `/api/playlists/${a.playlist}/songs/order`,
      payload: { song_ids: [a.song] },
      expect: 404,
    },
  ],
  'PATCH /api/playlists/:id/songs/:songId': (a) => [
    {
      url: `/api/playlists/${a.playlist}/songs/${a.song}`,
      payload: { title: 'Injected' },
      expect: 404,
    },
  ],
  'DELETE /api/playlists/:id/songs/:songId': (a) => [
    { url: `/api/playlists/${a.playlist}/songs/${a.song}`, expect: 404 },
  ],
  'GET /api/users/me/connections': () => [{ url: '/api/users/me/connections', expect: 'own' }],
  'DELETE /api/users/me/connections/:provider': () => [
    { url: '/api/users/me/connections/github', expect: 'own' },
  ],
  // Admin routes: a signed-in non-admin is refused before anything is read (403).
  'GET /api/admin/overview': () => [{ url: '/api/admin/overview', expect: 403 }],
  'GET /api/admin/users': (a) => [{ url: `/api/admin/users?q=${a.secret}`, expect: 403 }],
  'GET /api/admin/users/:id': () => [{ url: '/api/admin/users/{A}', expect: 403 }],
  'POST /api/admin/users/:id/verify': () => [{ url: '/api/admin/users/{A}/verify', expect: 403 }],
  'POST /api/admin/users/:id/admin': () => [{ url: '/api/admin/users/{A}/admin', expect: 403 }],
  'DELETE /api/admin/users/:id/admin': () => [{ url: '/api/admin/users/{A}/admin', expect: 403 }],
  'POST /api/admin/users/:id/disable': () => [{ url: '/api/admin/users/{A}/disable', expect: 403 }],
  'POST /api/admin/users/:id/enable': () => [{ url: '/api/admin/users/{A}/enable', expect: 403 }],
  'POST /api/admin/users/:id/sign-out': () => [
    { url: '/api/admin/users/{A}/sign-out', expect: 403 },
  ],
  'DELETE /api/admin/users/:id': () => [{ url: '/api/admin/users/{A}', expect: 403 }],
  'GET /api/admin/reports': () => [{ url: '/api/admin/reports', expect: 403 }],
  'POST /api/admin/reports/:id/dismiss': (a) => [
    { url: `/api/admin/reports/${a.report}/dismiss`, expect: 403 },
  ],
  'GET /api/admin/themes/public': () => [{ url: '/api/admin/themes/public', expect: 403 }],
  'POST /api/admin/themes/:id/hide': (a) => [
    { url: `/api/admin/themes/${a.publicTheme}/hide`, payload: { reason: 'x' }, expect: 403 },
  ],
  'POST /api/admin/themes/:id/restore': (a) => [
    { url: `/api/admin/themes/${a.publicTheme}/restore`, expect: 403 },
  ],
  'GET /api/admin/themes/standard': () => [{ url: '/api/admin/themes/standard', expect: 403 }],
  'POST /api/admin/themes/standard': () => [
    { url: '/api/admin/themes/standard', payload: THEME_BODY, expect: 403 },
  ],
  'PUT /api/admin/themes/standard/:id': (a) => [
    { url: `/api/admin/themes/standard/${a.publicTheme}`, payload: { name: 'X' }, expect: 403 },
  ],
  'POST /api/admin/themes/standard/:id/default': (a) => [
    { url: `/api/admin/themes/standard/${a.publicTheme}/default`, expect: 403 },
  ],
  'DELETE /api/admin/themes/standard/:id': (a) => [
    { url: `/api/admin/themes/standard/${a.publicTheme}`, expect: 403 },
  ],
  'DELETE /api/admin/themes/:id': (a) => [
    { url: `/api/admin/themes/${a.publicTheme}`, expect: 403 },
  ],
  'GET /api/admin/audit': () => [{ url: '/api/admin/audit', expect: 403 }],
  'GET /api/push/key': () => [{ url: '/api/push/key', expect: 'own', open: true }],
  'GET /api/push/devices': () => [{ url: '/api/push/devices', expect: 'own' }],
  // Another browser of the caller's: a device of its own (A's browser moving to another account
  // is push.test.ts's, and gives a new row).
  'PUT /api/push/devices': (_a, me) => [
    {
      url: '/api/push/devices',
      payload: pushSubscription(`https://fcm.googleapis.com/fcm/send/${me.username}`, 'Mine'),
      expect: 'own',
    },
  ],
  'DELETE /api/push/devices/:id': (a) => [
    { url: `/api/push/devices/${a.pushDevice}`, expect: 404 },
  ],
  'POST /api/push/devices/:id/test': (a) => [
    { url: `/api/push/devices/${a.pushDevice}/test`, expect: 404 },
  ],
  // The button's token is the only right it takes: a made-up one changes nobody's timer.
  'POST /api/push/actions': () => [
    { url: '/api/push/actions', payload: { token: 'not-a-token' }, expect: 'own', open: true },
  ],
};

/** A browser's push subscription as PushSubscription.toJSON() gives it (keys of the right size). */
function pushSubscription(endpoint: string, name: string) {
  return {
    endpoint,
    keys: {
      p256dh: createECDH('prime256v1').generateKeys().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    },
    name,
  };
}

/**
 * Routes with nothing of another account to name: sign-in and sign-up, one-time links (their
 * tokens are hashed secrets, tested in auth-email-tokens and email-change), the caller's own
 * password and waiting email change, logout and
 * deletion (the deletion test below), music search, external sign-in, the docs, uploads by hash
 * (a content address: the upload test below), the SPA.
 */
const NOT_PER_ACCOUNT = new Set([
  'GET /api/docs',
  'GET /api/docs/static/index.html',
  'GET /api/docs/static/swagger-initializer.js',
  'GET /api/docs/json',
  'GET /api/docs/yaml',
  'GET /api/docs/static/*',
  'GET /*',
  'GET /api/*',
  'POST /api/auth/register',
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'GET /api/auth/verify-email/:token',
  'POST /api/auth/resend-verification',
  'POST /api/auth/forgot-password',
  'GET /api/auth/verify-reset-token/:token',
  'POST /api/auth/reset-password',
  'POST /api/users/password',
  'DELETE /api/users/delete',
  // The caller's own waiting email change; and its mailed links (hashed secrets, as above).
  'DELETE /api/users/me/pending-email',
  'POST /api/users/me/pending-email/resend',
  'POST /api/auth/email-change/confirm',
  'POST /api/auth/email-change/undo',
  'GET /uploads/:file',
  'GET /api/music/search',
  'GET /api/music/resolve',
  // A socket, not an answer: live.test.ts shows that a tab hears its own account and nobody else.
  'GET /api/live',
  'GET /api/auth/providers',
  'POST /api/auth/oauth/:provider/start',
  'GET /api/auth/oauth/:provider/callback',
  'POST /api/auth/oauth/exchange',
]);

async function call(app: App, method: string, url: string, token: string, payload?: unknown) {
  return app.inject({
    method: method as 'GET',
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function ok<T>(app: App, method: string, url: string, token: string, payload?: unknown) {
  const response = await call(app, method, url, token, payload);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return (response.body ? response.json() : undefined) as T;
}

/** A's account and one row of every kind, every text carrying A's secret. */
async function makeOwner(shared: SharedApp, other: Account): Promise<{ a: Account; owned: Owned }> {
  const { app, mailer, database } = shared;
  const secret = `secret${randomUUID().slice(0, 8)}`;
  const made = await verifiedUser(app, mailer);
  const a: Account = { ...made.identity, id: made.user.id, token: made.token };
  await ok(app, 'PUT', '/api/users/me', a.token, { bio: `bio ${secret}`, time_zone: 'Asia/Tokyo' });
  // An email change waiting for its link: a pending address and its two mailed tokens.
  await ok(app, 'PUT', '/api/users/me', a.token, {
    email: `${secret}.pending@example.com`,
    currentPassword: PASSWORD,
  });
  await ok(app, 'PUT', '/api/settings', a.token, {
    pomodoro_duration: 42,
    long_break_duration: 17,
  });
  // A's timer, with A's words as its current task.
  await ok(app, 'POST', '/api/timer/actions', a.token, {
    requests: [
      {
        id: 'a-1',
        device: 'a-laptop',
        baseVersion: 0,
        at: Date.now(),
        action: { type: 'task', text: `task ${secret}` },
      },
    ],
  });
  const sessionClientId = randomUUID();
  const session = await ok<{ id: string }>(app, 'POST', '/api/pomodoro/sessions', a.token, {
    duration: 25,
    task: `task ${secret}`,
    start_time: '2031-03-02T08:00:00.000Z',
    end_time: '2031-03-02T08:25:00.000Z',
    client_id: sessionClientId,
  });
  const todos = await ok<{ id: string }[]>(app, 'POST', '/api/pomodoro/todos', a.token, {
    todos: [{ text: `todo ${secret}` }, { text: `second ${secret}` }],
  });
  const playlist = await ok<{ id: string; tracks: { id: string }[] }>(
    app,
    'POST',
    '/api/playlists',
    a.token,
    {
      name: `list ${secret}`,
      description: `about ${secret}`,
      tracks: [
        { title: `song ${secret}`, url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
        { title: `other ${secret}`, url: 'https://example.com/other.mp3', source: 'audio' },
      ],
    },
  );
  const privateTheme = await ok<{ id: string; image_url: string }>(
    app,
    'POST',
    '/api/themes/custom',
    a.token,
    { ...THEME_BODY, name: `private ${secret}`, is_public: false, image_url: PNG_16 },
  );
  const publicTheme = await ok<{ id: string }>(app, 'POST', '/api/themes/custom', a.token, {
    ...THEME_BODY,
    name: 'Shared by A',
    is_public: true,
  });
  await ok(app, 'PUT', '/api/themes/user', a.token, { theme_id: privateTheme.id });
  // A reports the other account's public theme: a report of A's for the admin routes.
  const theirs = await ok<{ id: string }>(app, 'POST', '/api/themes/custom', other.token, {
    ...THEME_BODY,
    name: 'Shared by B',
  });
  await ok(app, 'POST', `/api/themes/${theirs.id}/report`, a.token, { reason: `report ${secret}` });
  const report = await database.db
    .selectFrom('theme_reports')
    .select('id')
    .where('user_id', '=', a.id)
    .executeTakeFirstOrThrow();
  // A connected GitHub account (the row the external sign-in flow writes).
  await database.db
    .insertInto('external_accounts')
    .values({
      id: randomUUID(),
      user_id: a.id,
      provider: 'github',
      subject: `gh-${secret}`,
      email: `${secret}@github.example`,
      created_at: new Date().toISOString(),
    })
    .execute();
  // A's phone receives A's alarms (a push service's address that only A's browser knows).
  const pushDevice = await ok<{ id: string }>(
    app,
    'PUT',
    '/api/push/devices',
    a.token,
    pushSubscription(`https://fcm.googleapis.com/fcm/send/${secret}`, `phone ${secret}`),
  );
  expect(privateTheme.image_url).toMatch(/^\/uploads\//);
  return {
    a,
    owned: {
      secret,
      session: session.id,
      sessionClientId,
      todo: todos[0]?.id ?? '',
      playlist: playlist.id,
      song: playlist.tracks[0]?.id ?? '',
      privateTheme: privateTheme.id,
      publicTheme: publicTheme.id,
      upload: privateTheme.image_url,
      report: report.id,
      pushDevice: pushDevice.id,
    },
  };
}

/** A's data as A's own reads answer it (the export is left out: it says when it was made). */
const OWNER_READS = [
  '/api/auth/me',
  '/api/settings',
  '/api/pomodoro/sessions',
  '/api/pomodoro/sessions/export.csv',
  '/api/pomodoro/stats?tz=UTC',
  '/api/pomodoro/todos',
  '/api/themes',
  '/api/themes/custom/user',
  '/api/themes/user',
  '/api/playlists',
  '/api/users/me/connections',
  '/api/push/devices',
];

async function readBack(app: App, a: Account, owned: Owned): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const url of [
    ...OWNER_READS,
    `/api/themes/${owned.privateTheme}`,
    `/api/playlists/${owned.playlist}`,
  ]) {
    const response = await call(app, 'GET', url, a.token);
    out[url] = `${response.statusCode} ${response.body}`;
  }
  const upload = await app.inject({ method: 'GET', url: owned.upload });
  out[owned.upload] = `${upload.statusCode} ${upload.rawPayload.toString('base64')}`;
  return out;
}

/** The texts of A that no other account may ever see. */
function secretsOf(a: Account, owned: Owned): string[] {
  return [
    owned.secret,
    a.id,
    a.email,
    owned.session,
    owned.sessionClientId,
    owned.todo,
    owned.playlist,
    owned.song,
    owned.privateTheme,
    owned.report,
    owned.pushDevice,
  ];
}

describe.each(DIALECTS)('other people’s data on %s', (dialect) => {
  const shared = useSharedApp(dialect, { env: () => ({ ADMIN_EMAILS: ADMIN_EMAIL }) });

  it('has a matrix entry for every per-account route, and no stale one', async () => {
    const { app } = shared();
    await app.ready();
    const routes = [...capturedRoutes.keys()];
    const missing = routes.filter((key) => !(key in MATRIX) && !NOT_PER_ACCOUNT.has(key));
    const stale = Object.keys(MATRIX).filter((key) => !capturedRoutes.has(key));
    expect(missing, 'routes with no IDOR entry').toEqual([]);
    expect(stale, 'entries naming no route').toEqual([]);
  });

  it('another user and an admin, naming A’s ids on every route and verb: 0 leaks, 0 changes', async () => {
    const s = shared();
    const { app, mailer, database } = s;
    const bMade = await register(app);
    const b: Account = { ...bMade.identity, id: bMade.user.id, token: bMade.token };
    const adminMade = await verifiedUser(app, mailer, { email: ADMIN_EMAIL });
    const admin: Account = { ...adminMade.identity, id: adminMade.user.id, token: adminMade.token };
    const { a, owned } = await makeOwner(s, b);

    const apiBefore = await readBack(app, a, owned);
    const rowsBefore = await rowsOwnedBy(database.db, a.id, [b.id, admin.id]);
    expect(Object.keys(rowsBefore)).toEqual(
      expect.arrayContaining([
        'users',
        'sessions',
        'user_settings',
        'focus_sessions',
        'todos',
        'themes',
        'theme_preferences',
        'theme_reports',
        'playlists',
        'playlist_tracks',
        'external_accounts',
      ]),
    );
    const secrets = secretsOf(a, owned);
    const problems: string[] = [];

    const anonymous: Account = { id: '', email: '', username: '', token: '' };
    for (const [who, actor] of [
      ['B', b],
      ['admin', admin],
      ['nobody', anonymous],
    ] as const) {
      for (const [key, attempts] of Object.entries(MATRIX)) {
        const [method = 'GET'] = key.split(' ');
        for (const attempt of attempts(owned, actor, a.id)) {
          // Admin routes are an admin's to use on anyone (admin.test.ts); the admin here only
          // tries everyone's own routes with A's ids.
          if (who === 'admin' && attempt.expect === 403) continue;
          const url = attempt.url.replace('{A}', a.id);
          const response = await call(app, method, url, actor.token, attempt.payload);
          const label = `${who}: ${method} ${url} -> ${response.statusCode} ${response.body.slice(0, 200)}`;
          if (response.statusCode >= 500) problems.push(`${label}: a 5xx`);
          // Signed out, every route that names someone's rows answers 401 first.
          const expected = who === 'nobody' && !attempt.open ? 401 : attempt.expect;
          if (typeof expected === 'number' && response.statusCode !== expected) {
            problems.push(`${label}: expected ${expected}`);
          }
          const answer = `${JSON.stringify(response.headers)}\n${response.body}`;
          for (const secret of secrets) {
            if (attempt.reveals?.includes(secret)) continue;
            // A 404 may not echo the id it was asked for either.
            if (answer.includes(secret)) problems.push(`${label}: carries A's ${secret}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);

    expect(await rowsOwnedBy(database.db, a.id, [b.id, admin.id])).toEqual(rowsBefore);
    expect(await readBack(app, a, owned)).toEqual(apiBefore);
  });

  it('an upload shared by content stays while another account’s theme that used it goes', async () => {
    const s = shared();
    const { app } = s;
    const b = await register(app);
    const other: Account = { ...b.identity, id: b.user.id, token: b.token };
    const { a, owned } = await makeOwner(s, other);
    // The same picture uploaded by B is the same file; B deleting their theme keeps A's.
    const theirs = await ok<{ id: string; image_url: string }>(
      app,
      'POST',
      '/api/themes/custom',
      other.token,
      { ...THEME_BODY, is_public: false, image_url: PNG_16 },
    );
    expect(theirs.image_url).toBe(owned.upload);
    await ok(app, 'DELETE', `/api/themes/custom/${theirs.id}`, other.token);
    await app.background.idle();
    expect((await app.inject({ method: 'GET', url: owned.upload })).statusCode).toBe(200);
    const mine = await ok<{ image_url: string }>(
      app,
      'GET',
      `/api/themes/${owned.privateTheme}`,
      a.token,
    );
    expect(mine.image_url).toBe(owned.upload);
  });

  it('after A deletes their account, no row of any table names A or what A owned', async () => {
    const s = shared();
    const { app, database } = s;
    const b = await register(app);
    const other: Account = { ...b.identity, id: b.user.id, token: b.token };
    const { a, owned } = await makeOwner(s, other);
    // B's own rows that point at A's public theme go with it too (preference, report).
    await ok(app, 'PUT', '/api/themes/user', other.token, { theme_id: owned.publicTheme });
    await ok(app, 'POST', `/api/themes/${owned.publicTheme}/report`, other.token, { reason: 'r' });
    const ownedRows = await rowsOwnedBy(database.db, a.id, [other.id]);
    const ownedIds = Object.values(ownedRows)
      .flat()
      .map((row) => (JSON.parse(row) as { id?: unknown }).id)
      .filter((id): id is string => typeof id === 'string');

    const needles = [a.id, a.email, a.username, owned.secret, ...ownedIds, ...secretsOf(a, owned)];
    // The search finds A's rows while they are there: in every table A had a row in.
    const before = new Set(
      (await rowsMentioning(database.db, needles)).map((row) => row.split(':')[0]),
    );
    expect([...before].sort()).toEqual(Object.keys(ownedRows).sort());

    const response = await call(app, 'DELETE', '/api/users/delete', a.token, {
      password: PASSWORD,
    });
    expect(response.statusCode, response.body).toBe(200);
    await app.background.idle();

    expect(await rowsMentioning(database.db, needles)).toEqual([]);
    expect((await call(app, 'GET', '/api/auth/me', a.token)).statusCode).toBe(401);
  });
});
