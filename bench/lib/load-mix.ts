/**
 * What one active Focusroom user asks of the API, read from the web app (apps/web) as it stands:
 *
 * - Theme check (features/themes/theme-provider.tsx, core themes/refresh.ts): a 5 s check
 *   refetches the three theme lists (standard, own, public gallery, one call: /themes/lists)
 *   when signed in and 60 s have passed since the last fetch, on every page but the themes
 *   screens, revalidated with its last ETag (decision 041).
 * - Statistics refresh (features/stats/use-auto-refresh.ts, core STATS_REFRESH_THROTTLE_MS):
 *   while /stats is visible, the summary (`/pomodoro/stats?tz=`) and the first history page
 *   (`/pomodoro/sessions?limit=20`) every 60 s. DESIGN §6 counts it for every active user, so it
 *   is in the mix of every user (STATS_SHARE lowers it). Both are revalidated as the app does
 *   (features/stats/api/summary.ts, sessions.ts): the last ETag goes back in If-None-Match, and
 *   a 304 (nothing changed) is a success.
 * - Page load: /auth/me (auth-context), /settings and /pomodoro/todos (use-timer-server-sync),
 *   today's sessions for the daily goal (use-account-today-count), and the theme lists (nothing
 *   held yet, so in full). How often
 *   a user opens or reloads the app is not in the code: PAGE_LOAD_MINUTES (default 10).
 * - A pomodoro (25 min of real time, not compressed): POST /pomodoro/sessions through the outbox
 *   and, with the active to-do's count raised, POST /pomodoro/todos; once the session is saved,
 *   today's sessions again (the outbox's 'saved' event invalidates them) and the statistics
 *   (reloadStatsSoon).
 * - Playlists (features/playlists): the list, then one playlist opened, every PLAYLIST_MINUTES
 *   (default 15; not in the code either).
 */
import { randomUUID } from 'node:crypto';

/** One request of the mix; `route` is the row it is reported under. */
export interface MixRequest {
  route: string;
  method: 'GET' | 'POST';
  /** The path for this user (query included). */
  path: (user: LoadUser) => string;
  body?: (user: LoadUser) => string;
  /** Sends the user's last ETag for this path as If-None-Match; a 304 is a success. */
  revalidate?: boolean;
}

/** What the seeder made for each simulated user. */
export interface LoadUser {
  index: number;
  token: string;
  playlistId: string;
  todoIds: string[];
  /** Pomodoros done so far (the active to-do's count sent with the to-do list). */
  done: number;
  /** The last ETag of each revalidated path, as the browser's query cache keeps it. */
  etags?: Map<string, string>;
}

/** A user activity: requests sent together, then (once they all answered) the follow-ups. */
export interface Activity {
  name: string;
  /** Mean seconds between two of this user's activities of this kind. */
  periodSeconds: number;
  requests: MixRequest[];
  after?: MixRequest[];
}

function utcDayBounds(now: number): { from: string; to: string } {
  const start = Math.floor(now / 86_400_000) * 86_400_000;
  return {
    from: new Date(start).toISOString(),
    to: new Date(start + 86_400_000).toISOString(),
  };
}

export const REQUESTS = {
  me: { route: 'GET /api/auth/me', method: 'GET', path: () => '/api/auth/me' },
  settings: { route: 'GET /api/settings', method: 'GET', path: () => '/api/settings' },
  todos: { route: 'GET /api/pomodoro/todos', method: 'GET', path: () => '/api/pomodoro/todos' },
  today: {
    route: 'GET /api/pomodoro/sessions (today)',
    method: 'GET',
    path: () => {
      const { from, to } = utcDayBounds(Date.now());
      return `/api/pomodoro/sessions?${new URLSearchParams({ from, to, limit: '500' }).toString()}`;
    },
  },
  // The seeded users live in UTC, as their browsers do here: the summary comes from the rollup.
  stats: {
    route: 'GET /api/pomodoro/stats',
    method: 'GET',
    path: () => '/api/pomodoro/stats?tz=UTC',
    revalidate: true,
  },
  history: {
    route: 'GET /api/pomodoro/sessions (page)',
    method: 'GET',
    path: () => '/api/pomodoro/sessions?limit=20',
    revalidate: true,
  },
  // A page load starts with nothing held: the three lists in full.
  themesLoad: {
    route: 'GET /api/themes/lists (page load)',
    method: 'GET',
    path: () => '/api/themes/lists',
  },
  themeCheck: {
    route: 'GET /api/themes/lists',
    method: 'GET',
    path: () => '/api/themes/lists',
    revalidate: true,
  },
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
  playlists: { route: 'GET /api/playlists', method: 'GET', path: () => '/api/playlists' },
  playlist: {
    route: 'GET /api/playlists/{id}',
    method: 'GET',
    path: (u) => `/api/playlists/${u.playlistId}`,
  },
} satisfies Record<string, MixRequest>;

export interface MixOptions {
  /** Share of users with the statistics page open (its 60 s refresh); DESIGN §6 counts all. */
  statsShare: number;
  pageLoadMinutes: number;
  playlistMinutes: number;
  pomodoroMinutes: number;
}

export function mixOptionsFromEnv(env: NodeJS.ProcessEnv): MixOptions {
  return {
    statsShare: Number(env.STATS_SHARE ?? 1),
    pageLoadMinutes: Number(env.PAGE_LOAD_MINUTES ?? 10),
    playlistMinutes: Number(env.PLAYLIST_MINUTES ?? 15),
    pomodoroMinutes: Number(env.POMODORO_MINUTES ?? 25),
  };
}

/** The activities of one user; the stats refresh only for the `statsShare` of users. */
export function activities(options: MixOptions, withStats: boolean): Activity[] {
  const r = REQUESTS;
  const list: Activity[] = [
    {
      name: 'page load',
      periodSeconds: options.pageLoadMinutes * 60,
      requests: [r.me, r.settings, r.todos, r.today, r.themesLoad],
    },
    { name: 'theme check', periodSeconds: 60, requests: [r.themeCheck] },
    {
      name: 'pomodoro',
      periodSeconds: options.pomodoroMinutes * 60,
      requests: [r.write, r.saveTodos],
      after: withStats ? [r.today, r.stats, r.history] : [r.today],
    },
    {
      name: 'playlists',
      periodSeconds: options.playlistMinutes * 60,
      requests: [r.playlists],
      after: [r.playlist],
    },
  ];
  if (withStats) {
    list.push({ name: 'stats refresh', periodSeconds: 60, requests: [r.stats, r.history] });
  }
  return list;
}

/** Requests per second of each route for one average user, and their sum. */
export function ratePerUser(options: MixOptions): { byRoute: Map<string, number>; total: number } {
  const byRoute = new Map<string, number>();
  const add = (list: Activity[], weight: number) => {
    for (const a of list) {
      for (const req of [...a.requests, ...(a.after ?? [])]) {
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
