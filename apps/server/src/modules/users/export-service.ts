import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  ACCOUNT_EXPORT_FORMAT,
  ACCOUNT_EXPORT_VERSION,
  accountExportFileName,
  SESSIONS_PAGE_MAX,
  type TimerSettings,
} from '@focusroom/core';
import type {
  FiledThemeReport,
  OAuthConnection,
  PushDeviceJson,
  Session,
  SharedTimerJson,
  Theme,
  Todo,
  User,
} from '@focusroom/core/schemas';
import type { AppContext } from '../../context.js';
import type { UserRow } from '../../db/schema.js';
import type { UsersService } from './service.js';

/**
 * Where each part of the export comes from: the owning module's service, handed in by app.ts.
 * Named by shape only, so this module imports no other (each method is the one its own
 * endpoint answers with, so every part equals what that endpoint says).
 */
export interface AccountExportSources {
  settings: { get(userId: string): Promise<TimerSettings> };
  /** The account's one timer as GET /api/timer answers it (issue 33). */
  timer: { get(userId: string): Promise<SharedTimerJson> };
  todos: { list(userId: string): Promise<Todo[]> };
  /** The devices that receive the alarms, as GET /api/push/devices answers them. */
  push: { list(userId: string): Promise<PushDeviceJson[]> };
  /** The JSON text of the user's Playlist[]: one string, or a stream of it when long. */
  playlists: { listJson(userId: string): Promise<string | Readable> };
  themes: {
    listOwned(userId: string): Promise<Theme[]>;
    getPreference(userId: string): Promise<Theme>;
    reportsBy(userId: string): Promise<FiledThemeReport[]>;
  };
  connections: { connections(userId: string): Promise<OAuthConnection[]> };
  /** One page of sessions, newest first, as GET /api/pomodoro/sessions?limit=&cursor= answers. */
  sessions: {
    page(
      userId: string,
      query: { limit: number; cursor?: string },
    ): Promise<{ sessions: Session[]; nextCursor: string | undefined }>;
  };
}

export interface AccountExport {
  fileName: string;
  /** The document's JSON text, produced as it is sent. */
  body: Readable;
}

/** The small parts, in the order the document has them (the long ones follow). */
type Head = {
  format: typeof ACCOUNT_EXPORT_FORMAT;
  version: typeof ACCOUNT_EXPORT_VERSION;
  exported_at: string;
  profile: User;
  settings: TimerSettings;
  timer: SharedTimerJson;
  theme_preference: Theme;
  custom_themes: Theme[];
  theme_reports: FiledThemeReport[];
  connected_accounts: OAuthConnection[];
  todos: Todo[];
  alarm_devices: PushDeviceJson[];
};

/** Sessions read per page (SESSIONS_PAGE_MAX, the most one GET may ask for). */
const SESSIONS_PAGE = SESSIONS_PAGE_MAX;

/**
 * A long part's chunks with a turn of the event loop after each. Reading a page from SQLite is
 * synchronous and the rest only awaits promises, so without the pauses one export would keep
 * every other request waiting until its last byte (bench/export.ts measured 3.8 s at 100,000
 * sessions); with them, others are answered between pages. The sessions are read a page at a
 * time here rather than through the sessions' own stream, which reads 16 pages ahead at once.
 */
async function* withPauses(stream: Readable): AsyncGenerator<Buffer | string> {
  for await (const chunk of stream) {
    yield chunk as Buffer | string;
    await nextTurn();
  }
}

/**
 * "Your data is yours" (decision 034): everything stored about one account as one JSON document
 * (core's AccountExportSchema). The small parts are read first, so a failure there is an
 * ordinary error answer; the playlists and the sessions, which can be long, are then written
 * as their services produce them, so memory does not grow with the history.
 */
export class AccountExportService {
  constructor(
    private readonly ctx: Pick<AppContext, 'clock'>,
    private readonly users: Pick<UsersService, 'toJson'>,
    private readonly sources: AccountExportSources,
  ) {}

  async exportFor(user: UserRow): Promise<AccountExport> {
    const now = this.ctx.clock.now();
    const { settings, timer, todos, push, playlists, themes, connections, sessions } = this.sources;
    const [
      settingsJson,
      timerJson,
      preference,
      customThemes,
      reports,
      connected,
      todoList,
      alarmDevices,
      playlistsJson,
    ] = await Promise.all([
      settings.get(user.id),
      timer.get(user.id),
      themes.getPreference(user.id),
      themes.listOwned(user.id),
      themes.reportsBy(user.id),
      connections.connections(user.id),
      todos.list(user.id),
      push.list(user.id),
      playlists.listJson(user.id),
    ]);
    const head: Head = {
      format: ACCOUNT_EXPORT_FORMAT,
      version: ACCOUNT_EXPORT_VERSION,
      exported_at: now.toISOString(),
      profile: this.users.toJson(user),
      settings: settingsJson,
      timer: timerJson,
      theme_preference: preference,
      custom_themes: customThemes,
      theme_reports: reports,
      connected_accounts: connected,
      todos: todoList,
      alarm_devices: alarmDevices,
    };
    const open = JSON.stringify(head).slice(0, -1);
    const userId = user.id;
    const body = Readable.from(
      (async function* () {
        yield `${open},"playlists":`;
        if (typeof playlistsJson === 'string') yield playlistsJson;
        else yield* withPauses(playlistsJson);
        yield ',"sessions":[';
        let cursor: string | undefined;
        let separator = '';
        do {
          const page = await sessions.page(userId, { limit: SESSIONS_PAGE, cursor });
          let text = '';
          for (const session of page.sessions) {
            text += separator + JSON.stringify(session);
            separator = ',';
          }
          if (text !== '') yield text;
          cursor = page.nextCursor;
          await nextTurn();
        } while (cursor !== undefined);
        yield ']}';
      })(),
    );
    return { fileName: accountExportFileName(now), body };
  }
}
