import { DEFAULT_TIMER_SETTINGS, STORAGE_KEYS, type CarryOver } from '@focusroom/core';
import { i18n } from '../../i18n';
import { CARRY_OVER_MESSAGES as MESSAGES } from './carry-over-messages';
import { renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { jsonResponse, renderWithProviders, stubAuth } from '../../../test/render';
import { forgetAccountStorage } from '../auth/account-storage';
import { announceSessionStart, announceSignOut } from '../auth/session-events';
import { readCarryOver } from './carry-over-account';
import { useForgetAccountOnSignOut } from './forget-account';
import TimerAccountSync from './timer-account-sync';
import { createTimerController, type TimerController } from './timer-store';

const VISITOR_SETTINGS = { ...DEFAULT_TIMER_SETTINGS, pomodoro_duration: 1, daily_goal: 4 };

/** A visitor who set up the timer: three to-dos with estimates, one active, a 1-minute pomodoro. */
function visitorTimer(): TimerController {
  const controller = createTimerController();
  controller.setSettings(VISITOR_SETTINGS);
  controller.addTodo('Write the report', 3);
  controller.addTodo('Read the notes', 2);
  controller.addTodo('Reply to mail');
  controller.setActiveTodo(controller.store.getState().todos[0]!.id);
  return controller;
}

function stored(): CarryOver {
  const carry = readCarryOver();
  if (!carry) throw new Error('nothing set aside');
  return carry;
}

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('a visitor signing in', () => {
  it('sets the set-up aside for a new account, to be carried without a question', () => {
    const controller = visitorTimer();
    renderHook(() => useForgetAccountOnSignOut(controller));
    announceSessionStart({ userId: 'u1', newAccount: true });
    const carry = stored();
    expect(carry).toMatchObject({ userId: 'u1', choice: 'keep' });
    expect(carry.setup.settings).toEqual(VISITOR_SETTINGS);
    expect(carry.setup.todos).toEqual([
      { text: 'Write the report', completed: false, estimate: 3, done_pomodoros: 0, active: true },
      { text: 'Read the notes', completed: false, estimate: 2, done_pomodoros: 0, active: false },
      { text: 'Reply to mail', completed: false, estimate: 1, done_pomodoros: 0, active: false },
    ]);
  });

  it('asks first for an existing account, and sets nothing aside when nothing was set up', () => {
    const controller = visitorTimer();
    const first = renderHook(() => useForgetAccountOnSignOut(controller));
    announceSessionStart({ userId: 'u1', newAccount: false });
    expect(stored().choice).toBe('ask');

    first.unmount();
    localStorage.clear();
    const fresh = createTimerController();
    renderHook(() => useForgetAccountOnSignOut(fresh));
    announceSessionStart({ userId: 'u2', newAccount: false });
    expect(readCarryOver()).toBeNull();
  });

  it('gives the set-up back to the visitor when the session ends before it was carried', () => {
    const controller = visitorTimer();
    renderHook(() => useForgetAccountOnSignOut(controller));
    announceSessionStart({ userId: 'u1', newAccount: false });
    // What the auth state does when the session ends: the settings copy is cleared.
    forgetAccountStorage();
    announceSignOut();
    expect(readCarryOver()).toBeNull();
    const after = controller.store.getState();
    expect(after.settings).toEqual(VISITOR_SETTINGS);
    expect(after.todos.map((t) => t.text)).toEqual([
      'Write the report',
      'Read the notes',
      'Reply to mail',
    ]);
  });
});

/** The server of a signed-in account: its to-dos and settings, and what was sent to it. */
function serve(account: { todos: unknown[]; settings: Record<string, unknown> }) {
  const sent: { method: string; url: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body = init.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
    sent.push({ method, url, body });
    if (url === '/api/pomodoro/todos' && method === 'GET') return jsonResponse(account.todos);
    if (url === '/api/pomodoro/todos' && method === 'POST') {
      const { todos } = body as { todos: Record<string, unknown>[] };
      account.todos = todos.map((t, position) => ({ id: `s${position}`, ...t, position }));
      return jsonResponse(account.todos);
    }
    if (url === '/api/settings' && method === 'PUT') {
      account.settings = { ...account.settings, ...(body as Record<string, unknown>) };
      return jsonResponse(account.settings);
    }
    if (url === '/api/settings') return jsonResponse(account.settings);
    return jsonResponse([]);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { sent, account };
}

function renderSync(controller: TimerController) {
  const user = makeUser({ id: 'u1' });
  return renderWithProviders(<TimerAccountSync controller={controller} userId="u1" />, {
    auth: stubAuth({ status: 'authenticated', user, token: 't' }),
  });
}

const ACCOUNT_TODO = {
  id: 'a1',
  text: 'Account plan',
  completed: false,
  position: 0,
  estimate: 2,
  done_pomodoros: 1,
  active: true,
};

describe('the account sync with a visitor set-up waiting', { timeout: 20_000 }, () => {
  it('carries it into a new account, then shows the account: nothing asked, nothing lost', async () => {
    const controller = visitorTimer();
    renderHook(() => useForgetAccountOnSignOut(controller));
    announceSessionStart({ userId: 'u1', newAccount: true });
    localStorage.setItem(STORAGE_KEYS.token, 't');
    const server = serve({ todos: [], settings: { ...DEFAULT_TIMER_SETTINGS } });
    renderSync(controller);

    await waitFor(() => expect(controller.store.getState().todoSource).toBe('server'));
    await waitFor(() =>
      expect(controller.store.getState().todos.map((t) => [t.text, t.estimate, t.active])).toEqual([
        ['Write the report', 3, true],
        ['Read the notes', 2, false],
        ['Reply to mail', 1, false],
      ]),
    );
    expect(controller.store.getState().settings).toEqual(VISITOR_SETTINGS);
    expect(server.account.settings).toEqual(VISITOR_SETTINGS);
    expect(screen.queryByText(i18n._(MESSAGES.title))).not.toBeInTheDocument();
    expect(readCarryOver()).toBeNull();
    // The visitor's own copy went into the account: it does not come back after signing out.
    expect(localStorage.getItem(STORAGE_KEYS.todos)).toBeNull();
    // The account's settings were asked for only after the visitor's were saved.
    const firstSettingsRead = server.sent.findIndex(
      (s) => s.url === '/api/settings' && s.method === 'GET',
    );
    const settingsSave = server.sent.findIndex((s) => s.method === 'PUT');
    expect(settingsSave).toBeGreaterThanOrEqual(0);
    expect(firstSettingsRead === -1 || firstSettingsRead > settingsSave).toBe(true);
  });

  it('asks before merging into an existing account, and keeping adds the to-dos after its own', async () => {
    const controller = visitorTimer();
    renderHook(() => useForgetAccountOnSignOut(controller));
    announceSessionStart({ userId: 'u1', newAccount: false });
    localStorage.setItem(STORAGE_KEYS.token, 't');
    const server = serve({ todos: [ACCOUNT_TODO], settings: { ...DEFAULT_TIMER_SETTINGS } });
    renderSync(controller);

    expect(await screen.findByText(i18n._(MESSAGES.title))).toBeInTheDocument();
    expect(
      screen.getByText(
        'Before you signed in, you set up this browser: 3 to-dos, timer settings and a daily goal of 4.',
      ),
    ).toBeInTheDocument();
    // Nothing of the account's set-up is read, and nothing sent to it, before the answer.
    const setupCalls = () =>
      server.sent.filter((s) => s.url === '/api/settings' || s.url === '/api/pomodoro/todos');
    expect(setupCalls()).toEqual([]);
    expect(controller.store.getState().settings).toEqual(VISITOR_SETTINGS);

    await userEvent.click(screen.getByRole('button', { name: i18n._(MESSAGES.keep) }));
    await waitFor(() => expect(readCarryOver()).toBeNull());
    const posted = server.sent.find((s) => s.method === 'POST')?.body as {
      todos: { id?: string; text: string; active: boolean }[];
    };
    expect(posted.todos.map((t) => [t.id, t.text, t.active])).toEqual([
      ['a1', 'Account plan', false],
      [undefined, 'Write the report', true],
      [undefined, 'Read the notes', false],
      [undefined, 'Reply to mail', false],
    ]);
    await waitFor(() => expect(controller.store.getState().todos).toHaveLength(4));
    expect(server.account.settings).toEqual(VISITOR_SETTINGS);
  });

  it("sends only the settings the visitor changed: the account's others stay", async () => {
    const controller = visitorTimer();
    renderHook(() => useForgetAccountOnSignOut(controller));
    announceSessionStart({ userId: 'u1', newAccount: false });
    localStorage.setItem(STORAGE_KEYS.token, 't');
    const server = serve({
      todos: [],
      settings: { ...DEFAULT_TIMER_SETTINGS, short_break_duration: 10, pomodoro_duration: 50 },
    });
    renderSync(controller);
    await userEvent.click(await screen.findByRole('button', { name: i18n._(MESSAGES.keep) }));
    await waitFor(() => expect(readCarryOver()).toBeNull());
    expect(server.sent.find((s) => s.method === 'PUT')?.body).toEqual({
      pomodoro_duration: 1,
      daily_goal: 4,
    });
    expect(server.account.settings).toMatchObject({
      short_break_duration: 10,
      pomodoro_duration: 1,
      daily_goal: 4,
    });
    await waitFor(() => expect(controller.store.getState().settings.short_break_duration).toBe(10));
  });

  it("uses the account's set-up when told so: nothing is sent, the visitor's is discarded", async () => {
    const controller = visitorTimer();
    renderHook(() => useForgetAccountOnSignOut(controller));
    announceSessionStart({ userId: 'u1', newAccount: false });
    localStorage.setItem(STORAGE_KEYS.token, 't');
    const server = serve({
      todos: [ACCOUNT_TODO],
      settings: { ...DEFAULT_TIMER_SETTINGS, pomodoro_duration: 50 },
    });
    renderSync(controller);

    await userEvent.click(await screen.findByRole('button', { name: i18n._(MESSAGES.useAccount) }));
    await waitFor(() =>
      expect(controller.store.getState().todos.map((t) => t.text)).toEqual(['Account plan']),
    );
    await waitFor(() => expect(controller.store.getState().settings.pomodoro_duration).toBe(50));
    expect(server.sent.filter((s) => s.method !== 'GET')).toEqual([]);
    expect(readCarryOver()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.todos)).toBeNull();
  });

  it('sends a carry-over interrupted after its list was worked out exactly as worked out: nothing twice', async () => {
    const controller = createTimerController();
    // A reload after the list was stored (and maybe sent): the account already has it.
    const target = [
      {
        id: 'a1',
        text: 'Account plan',
        completed: false,
        estimate: 2,
        done_pomodoros: 1,
        active: false,
      },
      { text: 'Write the report', completed: false, estimate: 3, done_pomodoros: 0, active: true },
    ];
    localStorage.setItem(
      STORAGE_KEYS.carryOver,
      JSON.stringify({
        userId: 'u1',
        choice: 'keep',
        setup: { settings: VISITOR_SETTINGS, todos: [target[1]] },
        target,
      }),
    );
    localStorage.setItem(STORAGE_KEYS.token, 't');
    const server = serve({
      todos: [
        { ...ACCOUNT_TODO, active: false },
        { ...target[1], id: 's1', position: 1 },
      ],
      settings: VISITOR_SETTINGS,
    });
    renderSync(controller);
    await waitFor(() => expect(readCarryOver()).toBeNull());
    const posted = server.sent.filter((s) => s.method === 'POST');
    expect(posted).toHaveLength(1);
    expect(posted[0]?.body).toEqual({ todos: target });
    // The account's list was not read again to add to it.
    expect(
      server.sent.findIndex((s) => s.url === '/api/pomodoro/todos' && s.method === 'GET'),
    ).toBeGreaterThan(server.sent.indexOf(posted[0]!));
    await waitFor(() => expect(controller.store.getState().todos).toHaveLength(2));
  });

  it('keeps the set-up in the browser when the server cannot be reached, and says so', async () => {
    const controller = visitorTimer();
    renderHook(() => useForgetAccountOnSignOut(controller));
    announceSessionStart({ userId: 'u1', newAccount: true });
    localStorage.setItem(STORAGE_KEYS.token, 't');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    renderSync(controller);
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(readCarryOver()?.choice).toBe('keep');
    expect(controller.store.getState().todoSource).toBe('local');
    expect(controller.store.getState().todos).toHaveLength(3);
  });
});
