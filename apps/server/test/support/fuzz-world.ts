import sharp from 'sharp';
import { expect } from 'vitest';
import type { AuthResponse } from '@focusroom/core/schemas';
import type { App } from '../../src/app.js';
import { PASSWORD, bearer, uniqueIdentity } from './accounts.js';
import type { CapturingMailer } from './capturing-mailer.js';

/** A signed-in account the fuzzer acts as, remade when a fuzzed request ended it. */
export interface Actor {
  id: string;
  email: string;
  token: string;
}

export const STANDARD_THEME_IDS = [
  'e4b0c7d2-267a-4c46-860a-e6c48cc0d4e0',
  '550e8400-e29b-41d4-a716-446655440000',
  'd7e6f5c4-3b2a-1c9d-8e7f-6a5b4c3d2e1f',
];

export const THEME_BODY = {
  name: 'Fuzz theme',
  description: 'made by the fuzzer',
  background_color: '#101010',
  text_color: '#fafafa',
  primary_color: '#7c3aed',
  secondary_color: '#222222',
  accent_color: '#22c55e',
  is_dark: true,
  is_public: true,
};

let png: string | undefined;
/** A small PNG as a data: URL, the upload a theme form sends. */
export async function smallPng(): Promise<string> {
  png ??= `data:image/png;base64,${(
    await sharp({ create: { width: 16, height: 16, channels: 3, background: '#6b21a8' } })
      .png()
      .toBuffer()
  ).toString('base64')}`;
  return png;
}

async function json<T>(app: App, method: string, url: string, token: string, payload?: unknown) {
  const response = await app.inject({
    method: method as 'GET',
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.body ? (response.json() as T) : (undefined as T);
}

/**
 * The accounts and rows the fuzzer's requests point at: a user, an admin (listed in
 * ADMIN_EMAILS, so no admin route can disable or delete it), a second user whose rows the others
 * may name, and the ids of their sessions, to-dos, playlists, songs, themes and reports.
 */
export class FuzzWorld {
  user!: Actor;
  admin!: Actor;
  other!: Actor;
  private known: string[] = [];
  private byKind: Record<string, string[]> = {};

  constructor(
    private readonly app: App,
    private readonly mailer: CapturingMailer,
    private readonly adminEmail: string,
  ) {}

  ids(): string[] {
    return this.known.length > 0 ? this.known : STANDARD_THEME_IDS;
  }

  paramIds(url: string, param: string): string[] {
    const kind =
      param === 'songId'
        ? 'song'
        : param === 'provider'
          ? 'provider'
          : param === 'file'
            ? 'upload'
            : param === '*'
              ? 'file'
              : (['/sessions', '/todos', '/playlists', '/admin/users', '/admin/reports', '/themes']
                  .find((part) => url.includes(part))
                  ?.replace(/^.*\//, '') ?? '');
    return this.byKind[kind] ?? [];
  }

  async start(): Promise<void> {
    this.user = await this.signUp('fuzzuser');
    this.other = await this.signUp('fuzzother');
    this.admin = await this.signUp('fuzzadmin', this.adminEmail, true);
  }

  /** Registers (verified when asked) and signs in. */
  private async signUp(prefix: string, email?: string, verified = false): Promise<Actor> {
    const identity = { ...uniqueIdentity(prefix), ...(email ? { email } : {}) };
    const registered = await this.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: identity,
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const body = registered.json<AuthResponse>();
    if (!verified) return { id: body.user.id, email: identity.email, token: body.token };
    await this.app.background.idle();
    const link = this.mailer.lastToken(identity.email, 'verify');
    const verify = await this.app.inject({ method: 'GET', url: `/api/auth/verify-email/${link}` });
    expect(verify.statusCode, verify.body).toBe(200);
    return this.signIn(identity.email, body.user.id);
  }

  private async signIn(email: string, id: string): Promise<Actor> {
    const response = await this.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: PASSWORD },
    });
    expect(response.statusCode, response.body).toBe(200);
    return { id, email, token: response.json<AuthResponse>().token };
  }

  private async alive(actor: Actor): Promise<boolean> {
    const me = await this.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(actor.token),
    });
    return me.statusCode === 200;
  }

  /**
   * After a request that may have ended a session (logout, an admin's sign-out, a changed
   * password, a deleted or disabled account): signs in again, or makes a new account.
   */
  async heal(): Promise<void> {
    if (!(await this.alive(this.admin)))
      this.admin = await this.signIn(this.admin.email, this.admin.id);
    for (const role of ['user', 'other'] as const) {
      const actor = this[role];
      if (await this.alive(actor)) continue;
      const login = await this.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: actor.email, password: PASSWORD },
      });
      this[role] =
        login.statusCode === 200
          ? { ...actor, token: login.json<AuthResponse>().token }
          : await this.signUp(role === 'user' ? 'fuzzuser' : 'fuzzother');
    }
  }

  /** A public custom theme of the actor's with an uploaded image (kept under the limit). */
  private async publicTheme(actor: Actor): Promise<{ id: string; image: string | null }> {
    const themes = await json<{ id: string; is_public: boolean; image_url: string | null }[]>(
      this.app,
      'GET',
      '/api/themes/custom/user',
      actor.token,
    );
    for (const theme of themes.slice(20)) {
      await json(this.app, 'DELETE', `/api/themes/custom/${theme.id}`, actor.token);
    }
    const kept = themes.slice(0, 20).find((theme) => theme.is_public && theme.image_url);
    if (kept) return { id: kept.id, image: kept.image_url };
    const made = await json<{ id: string; image_url: string | null }>(
      this.app,
      'POST',
      '/api/themes/custom',
      actor.token,
      { ...THEME_BODY, image_url: await smallPng() },
    );
    return { id: made.id, image: made.image_url };
  }

  /** Fresh rows of every kind for the next route (the last route may have deleted them). */
  async seed(): Promise<void> {
    const { app, user, other } = this;
    const session = await json<{ id: string }>(app, 'POST', '/api/pomodoro/sessions', user.token, {
      duration: 25,
      task: 'fuzz',
      start_time: '2031-03-03T08:00:00.000Z',
      end_time: '2031-03-03T08:25:00.000Z',
    });
    const todos = await json<{ id: string }[]>(app, 'POST', '/api/pomodoro/todos', user.token, {
      todos: [{ text: 'first' }, { text: 'second' }],
    });
    // A long run's creates reach the playlist limit (a 400 the fuzzer accepts): make room.
    const lists = await json<{ id: string }[]>(app, 'GET', '/api/playlists', user.token);
    for (const list of lists.slice(20)) {
      await json(app, 'DELETE', `/api/playlists/${list.id}`, user.token);
    }
    const playlist = await json<{ id: string; tracks: { id: string }[] }>(
      app,
      'POST',
      '/api/playlists',
      user.token,
      {
        name: 'Fuzz list',
        tracks: [
          { title: 'One', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
          { title: 'Two', url: 'https://example.com/two.mp3', source: 'audio' },
        ],
      },
    );
    const mine = await this.publicTheme(user);
    const theirs = await this.publicTheme(other);
    // Once per user and theme: a repeat is a 409, and the first report stays.
    await app.inject({
      method: 'POST',
      url: `/api/themes/${theirs.id}/report`,
      headers: bearer(user.token),
      payload: { reason: 'fuzz report' },
    });
    const reports = await json<{ items?: { id: string }[] }>(
      app,
      'GET',
      '/api/admin/reports',
      this.admin.token,
    );
    const uploads = [mine.image, theirs.image].filter((image): image is string => !!image);
    this.byKind = {
      sessions: [session.id],
      todos: todos.map((todo) => todo.id),
      playlists: [playlist.id],
      song: playlist.tracks.map((track) => track.id),
      themes: [mine.id, theirs.id, ...STANDARD_THEME_IDS],
      users: [user.id, other.id, this.admin.id],
      reports: (reports.items ?? []).slice(0, 3).map((item) => item.id),
      upload: uploads.map((image) => image.replace('/uploads/', '')),
      provider: ['github', 'google', 'oidc'],
      file: ['index.html', 'assets/app-0123abcd.js', 'swagger-ui.css', 'favicon-32x32.png'],
    };
    this.known = [
      session.id,
      ...todos.map((todo) => todo.id),
      playlist.id,
      ...playlist.tracks.map((track) => track.id),
      mine.id,
      theirs.id,
      ...(reports.items ?? []).slice(0, 3).map((item) => item.id),
      user.id,
      other.id,
      this.admin.id,
      ...STANDARD_THEME_IDS,
    ];
  }
}
