/**
 * What one active Focusroom user asks of the server, derived from what a real tab sends
 * (decision 062): bench/record-tab.ts drives Debian Chromium on the built app and writes
 * bench/results/tab-requests.json; load-mix.test.ts checks every constant below against it.
 *
 * Each simulated user is one signed-in tab, in one of two states:
 * - a timer tab (the dashboard, a pomodoro running or not: the tab sends the same), whose only
 *   refresh is the theme check (`GET /api/themes/lists`, revalidated with its ETag);
 * - a stats tab (/stats), which adds the summary and the first history page, both revalidated.
 * And things that happen now and then, each sending what the recording saw it send:
 * - a page load (a reload: the tab's query cache and its ETags are gone; the service worker and
 *   the HTTP cache stay, so the page's own files are revalidated, not sent);
 * - a login: the sign-in page's calls, `POST /api/auth/login` (a real argon2 verification),
 *   then what the app asks once signed in; the user's token is the new one from then on;
 * - a pomodoro started (timer tabs): the press, sent to the account's one timer (issue 33);
 * - a pomodoro completing (timer tabs): the session, the to-do list, today's sessions;
 * - playlists (not in the recording: a person opens them): the list, then one playlist.
 * Each tab also holds a live channel (issue 33), opened with each page load and login: a
 * WebSocket, not an HTTP request, held by the benchmark's tab holders (lib/live-tabs.ts).
 * How often each happens, and the share of stats tabs, are not in the code: stated below.
 */
import { randomUUID } from 'node:crypto';
import { LIVE_PATH } from '@focusroom/core';

/** One request of the mix; `route` is the recording's key, and the row it is reported under. */
export interface MixRequest {
  route: string;
  method: 'GET' | 'POST' | 'PUT';
  /** The path for this user (query included). */
  path: (user: LoadUser) => string;
  body?: (user: LoadUser) => string;
  /**
   * Sends the held ETag as If-None-Match (a 304 is a success): `app` tags live in the tab's
   * memory and go with a reload; `http` tags are the browser's HTTP cache, kept across reloads.
   */
  revalidate?: 'app' | 'http';
  /** The answer is a login: its token becomes the user's. */
  login?: boolean;
  /** Reads what the tab keeps from a 200's body. */
  answered?: (user: LoadUser, body: string) => void;
  /**
   * The tab's live channel (issue 33), opened (or opened again, as on a reload) through the
   * run's tab holders instead of an HTTP request: counted from the upgrade to its snapshot.
   */
  live?: boolean;
}

/** What the seeder made for each simulated user. */
export interface LoadUser {
  index: number;
  username: string;
  password: string;
  token: string;
  playlistId: string;
  todoIds: string[];
  /** Pomodoros done so far (the active to-do's count sent with the to-do list). */
  done: number;
  /** The version of the account's timer the tab last heard (its presses are made on it). */
  timerVersion?: number;
  /** ETags the tab holds (the query cache, the theme provider): gone on a reload. */
  appTags?: Map<string, string>;
  /** ETags of the browser's HTTP cache (the service worker script): kept across reloads. */
  httpTags?: Map<string, string>;
}

/**
 * Something a user does: `stages` are sent one after another, the requests of a stage together
 * (a page's calls go out at once; a login's follow-ups wait for its token).
 */
export interface Activity {
  name: string;
  /** Mean seconds between two of this user's activities of this kind. */
  periodSeconds: number;
  stages: MixRequest[][];
  /** A reload: the tab's ETags go before it is sent. */
  dropsAppTags?: boolean;
}

function utcDayBounds(now: number): { from: string; to: string } {
  const start = Math.floor(now / 86_400_000) * 86_400_000;
  return {
    from: new Date(start).toISOString(),
    to: new Date(start + 86_400_000).toISOString(),
  };
}

/** The service worker's own script, as the build names it (revalidated on every page load). */
export const WORKBOX_ROUTE_PREFIX = 'GET /workbox-';

/** Every request the recording saw a signed-in tab send, by its recorded route key. */
export const REQUESTS = {
  me: { route: 'GET /api/auth/me', method: 'GET', path: () => '/api/auth/me' },
  settings: { route: 'GET /api/settings', method: 'GET', path: () => '/api/settings' },
  todos: { route: 'GET /api/pomodoro/todos', method: 'GET', path: () => '/api/pomodoro/todos' },
  today: {
    route: 'GET /api/pomodoro/sessions?from&limit=500&to',
    method: 'GET',
    path: () => {
      const { from, to } = utcDayBounds(Date.now());
      return `/api/pomodoro/sessions?${new URLSearchParams({ from, to, limit: '500' }).toString()}`;
    },
  },
  // The seeded users live in UTC, as their browsers do here: the summary comes from the rollup.
  stats: {
    route: 'GET /api/pomodoro/stats?tz',
    method: 'GET',
    path: () => '/api/pomodoro/stats?tz=UTC',
    revalidate: 'app',
  },
  history: {
    route: 'GET /api/pomodoro/sessions?limit=20',
    method: 'GET',
    path: () => '/api/pomodoro/sessions?limit=20',
    revalidate: 'app',
  },
  themeLists: {
    route: 'GET /api/themes/lists',
    method: 'GET',
    path: () => '/api/themes/lists',
    revalidate: 'app',
  },
  themeChoice: { route: 'GET /api/themes/user', method: 'GET', path: () => '/api/themes/user' },
  providers: {
    route: 'GET /api/auth/providers',
    method: 'GET',
    path: () => '/api/auth/providers',
  },
  standardThemes: { route: 'GET /api/themes', method: 'GET', path: () => '/api/themes' },
  login: {
    route: 'POST /api/auth/login',
    method: 'POST',
    path: () => '/api/auth/login',
    body: (u) => JSON.stringify({ login: u.username, password: u.password, rememberMe: true }),
    login: true,
  },
  timeZone: {
    route: 'PUT /api/users/me',
    method: 'PUT',
    path: () => '/api/users/me',
    body: () => JSON.stringify({ time_zone: 'UTC' }),
  },
  serviceWorker: { route: 'GET /sw.js', method: 'GET', path: () => '/sw.js', revalidate: 'http' },
  write: {
    route: 'POST /api/pomodoro/sessions',
    method: 'POST',
    path: () => '/api/pomodoro/sessions',
    body: () => {
      const end = Date.now();
      return JSON.stringify({
        duration: 25,
        task: 'Load focus',
        completed: true,
        start_time: new Date(end - 25 * 60_000).toISOString(),
        end_time: new Date(end).toISOString(),
        client_id: randomUUID(),
      });
    },
  },
  saveTodos: {
    route: 'POST /api/pomodoro/todos',
    method: 'POST',
    path: () => '/api/pomodoro/todos',
    body: (u) => {
      u.done = (u.done + 1) % 50;
      return JSON.stringify({
        todos: u.todoIds.map((id, i) => ({
          id,
          text: `Task ${i + 1}`,
          completed: false,
          estimate: 4,
          done_pomodoros: i === 0 ? u.done : 0,
          active: i === 0,
        })),
      });
    },
  },
  live: { route: `GET ${LIVE_PATH}`, method: 'GET', path: () => LIVE_PATH, live: true },
  timer: { route: 'GET /api/timer', method: 'GET', path: () => '/api/timer' },
  // Start, pressed on the version the tab last heard (a start on a running timer changes
  // nothing and is answered as such; one that applies goes out to the account's channels).
  timerStart: {
    route: 'POST /api/timer/actions',
    method: 'POST',
    path: () => '/api/timer/actions',
    body: (u) =>
      JSON.stringify({
        requests: [
          {
            id: randomUUID(),
            device: `load-${u.index}`,
            baseVersion: u.timerVersion ?? 0,
            at: Date.now(),
            action: { type: 'start' },
          },
        ],
      }),
    answered: (u, body) => {
      u.timerVersion = (JSON.parse(body) as { timer: { version: number } }).timer.version;
    },
  },
  pushWorker: {
    route: 'GET /push-sw.js',
    method: 'GET',
    path: () => '/push-sw.js',
    revalidate: 'http',
  },
  playlists: { route: 'GET /api/playlists', method: 'GET', path: () => '/api/playlists' },
  playlist: {
    route: 'GET /api/playlists/{id}',
    method: 'GET',
    path: (u) => `/api/playlists/${u.playlistId}`,
  },
} satisfies Record<string, MixRequest>;

/** The service worker's helper script, named by the build (`/workbox-<hash>.js`). */
export function workboxRequest(file: string): MixRequest {
  return { route: `GET /${file}`, method: 'GET', path: () => `/${file}`, revalidate: 'http' };
}

/**
 * Recorded (bench/results/tab-requests.json, checked by load-mix.test.ts): a timer tab checks
 * the themes once a minute; a stats tab also refreshes the summary and the first history page
 * once a minute (core THEME_REFRESH_MIN_GAP_MS, STATS_REFRESH_THROTTLE_MS).
 */
export const THEME_CHECK_SECONDS = 60;
export const STATS_REFRESH_SECONDS = 60;

export interface MixOptions {
  /** Share of users whose tab is /stats (the rest: the timer). Not in the code: stated. */
  statsShare: number;
  /** Mean minutes between two page loads (reloads, new tabs) of a user. Stated. */
  pageLoadMinutes: number;
  /** Mean hours between two logins of a user (tokens last 30 days). Stated. */
  loginHours: number;
  /** A pomodoro and its break, in real time (timer tabs). */
  pomodoroMinutes: number;
  playlistMinutes: number;
  /** The build's `workbox-<hash>.js` (its page loads revalidate it), or none. */
  workboxFile: string | undefined;
  /** Each tab holds a live channel, opened again on each page load and login (issue 33). */
  live: boolean;
}

export function mixOptionsFromEnv(
  env: NodeJS.ProcessEnv,
  workboxFile: string | undefined,
): MixOptions {
  return {
    statsShare: Number(env.STATS_SHARE ?? 0.2),
    pageLoadMinutes: Number(env.PAGE_LOAD_MINUTES ?? 15),
    loginHours: Number(env.LOGIN_HOURS ?? 4),
    pomodoroMinutes: Number(env.POMODORO_MINUTES ?? 30),
    playlistMinutes: Number(env.PLAYLIST_MINUTES ?? 30),
    workboxFile,
    live: env.LIVE !== '0',
  };
}

/** A page load (reload) of the timer page, as recorded; a stats tab's adds /stats's two calls. */
export function pageLoad(options: MixOptions, stats: boolean): Activity {
  const r = REQUESTS;
  const files = [
    r.serviceWorker,
    r.pushWorker,
    ...(options.workboxFile ? [workboxRequest(options.workboxFile)] : []),
  ];
  return {
    name: 'page load',
    periodSeconds: options.pageLoadMinutes * 60,
    dropsAppTags: true,
    stages: [
      [
        r.me,
        r.settings,
        r.todos,
        r.timer,
        r.today,
        r.themeLists,
        ...files,
        ...(stats ? [r.stats, r.history] : []),
        ...(options.live ? [r.live] : []),
      ],
    ],
  };
}

/** The sign-in page's calls, the login, then what the signed-in app asks, as recorded. */
export function login(options: MixOptions): Activity {
  const r = REQUESTS;
  return {
    name: 'login',
    periodSeconds: options.loginHours * 3600,
    dropsAppTags: true,
    stages: [
      [r.providers, r.standardThemes],
      [r.login],
      [
        r.themeLists,
        r.settings,
        r.todos,
        r.timer,
        r.today,
        r.timeZone,
        // As recorded: the stored choice is asked twice after a sign-in.
        r.themeChoice,
        r.themeChoice,
        ...(options.live ? [r.live] : []),
      ],
      // The theme provider checks again once the stored choice is known: a 304.
      [r.themeLists],
    ],
  };
}

/** The activities of one user in its state. */
export function activities(options: MixOptions, stats: boolean): Activity[] {
  const r = REQUESTS;
  const list: Activity[] = [
    { name: 'theme check', periodSeconds: THEME_CHECK_SECONDS, stages: [[r.themeLists]] },
    pageLoad(options, stats),
    login(options),
    {
      name: 'playlists',
      periodSeconds: options.playlistMinutes * 60,
      stages: [[r.playlists], [r.playlist]],
    },
  ];
  if (stats) {
    list.push({
      name: 'stats refresh',
      periodSeconds: STATS_REFRESH_SECONDS,
      stages: [[r.stats, r.history]],
    });
  } else {
    list.push({
      name: 'pomodoro starts',
      periodSeconds: options.pomodoroMinutes * 60,
      stages: [[r.timerStart]],
    });
    list.push({
      name: 'pomodoro completes',
      periodSeconds: options.pomodoroMinutes * 60,
      stages: [[r.write, r.saveTodos], [r.today]],
    });
  }
  return list;
}

/** Whether user `index` has the stats page open (the first `statsShare` of each thousand). */
export function isStatsTab(index: number, options: MixOptions): boolean {
  return (index % 1000) / 1000 < options.statsShare;
}

/** Requests per second of each route for one average user, and their sum. */
export function ratePerUser(options: MixOptions): { byRoute: Map<string, number>; total: number } {
  const byRoute = new Map<string, number>();
  const add = (list: Activity[], weight: number) => {
    for (const a of list) {
      for (const req of a.stages.flat()) {
        byRoute.set(req.route, (byRoute.get(req.route) ?? 0) + weight / a.periodSeconds);
      }
    }
  };
  add(activities(options, true), options.statsShare);
  add(activities(options, false), 1 - options.statsShare);
  let total = 0;
  for (const v of byRoute.values()) total += v;
  return { byRoute, total };
}
