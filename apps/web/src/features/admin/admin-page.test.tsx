import { ADMIN_MESSAGES, THEME_API_MESSAGES } from '@focusroom/core';
import { i18n } from '@lingui/core';
import { ADMIN_WEB_MESSAGES } from './page-messages';
import type {
  AdminOverview,
  AdminReport,
  AdminTheme,
  AdminUserDetail,
  AuditEntry,
} from '@focusroom/core/schemas';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, stubAuth } from '../../../test/render';
import { makeUser } from '../../../test/fixtures';
import { setApiNavigator } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { AdminPage } from './admin-page';

vi.mock('../../lib/notify', () => ({ notify: vi.fn() }));

const ME = makeUser({ id: 'admin-1', username: 'boss', is_admin: true });

function adminUser(overrides: Partial<AdminUserDetail> = {}): AdminUserDetail {
  return {
    ...makeUser({
      id: 'user-2',
      name: 'Ada Lovelace',
      username: 'Ada_1',
      email: 'ada@example.com',
    }),
    has_admin_role: false,
    in_admin_emails: false,
    disabled_at: null,
    updated_at: '2026-11-20T10:00:00.000Z',
    counts: { focus_sessions: 12, custom_themes: 1, playlists: 3, active_sign_ins: 2 },
    ...overrides,
  };
}

const OVERVIEW: AdminOverview = {
  users: { total: 1234, verified: 1200, new_this_week: 17 },
  sessions: { today: 40, this_week: 260 },
  focus_minutes: { today: 1000, this_week: 6500 },
  active_users: { d7: 90, d30: 300 },
  reports_waiting: 3,
  series: [
    { date: '2026-11-22', signups: 2, sessions: 30, focus_minutes: 700 },
    { date: '2026-11-23', signups: 1, sessions: 40, focus_minutes: 1000 },
  ],
  generated_at: '2026-11-23T12:00:00.000Z',
};

const THEME: AdminTheme = {
  id: 'theme-9',
  name: 'Neon Nights',
  description: '',
  background_color: '#101010',
  text_color: '#ffffff',
  primary_color: '#7c3aed',
  secondary_color: '#a78bfa',
  accent_color: '#60a5fa',
  is_dark: true,
  is_default: false,
  is_standard: false,
  image_url: null,
  background_url: null,
  user_id: 'user-3',
  created_at: '2026-11-21T10:00:00.000Z',
  is_public: true,
  username: 'painter',
  is_hidden: false,
  hidden_at: null,
  hidden_reason: null,
  open_reports: 1,
};

const REPORT: AdminReport = {
  id: 'report-1',
  reason: 'Rude words in the picture',
  status: 'open',
  created_at: '2026-11-22T10:00:00.000Z',
  resolved_at: null,
  reporter: { id: 'user-2', username: 'Ada_1' },
  theme: THEME,
};

const AUDIT: AuditEntry = {
  id: 'audit-1',
  actor_id: 'admin-1',
  actor_username: 'boss',
  action: 'user.disable',
  target_type: 'user',
  target_id: 'user-2',
  target_label: 'Ada_1',
  ip: '203.0.113.7',
  details: null,
  created_at: '2026-11-23T11:00:00.000Z',
};

const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, page_size: 20 });

type Handler = (url: URL, init: RequestInit) => Response | Promise<Response>;

/** Answers the admin API from `routes` ("METHOD /path"); anything else fails the test. */
function serve(routes: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const key = `${init.method ?? 'GET'} ${url.pathname}`;
    const handler = routes[key];
    if (!handler) throw new Error(`unexpected ${key}`);
    return handler(url, init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const calls = (fetchMock: ReturnType<typeof serve>, method: string, path: string) =>
  fetchMock.mock.calls.filter(
    ([input, init]) =>
      (init?.method ?? 'GET') === method && new URL(input, 'http://localhost').pathname === path,
  );

function renderAdmin(route = '/admin', me = ME) {
  return renderWithProviders(<AdminPage />, {
    route,
    auth: stubAuth({ status: 'authenticated', user: me, token: 'token' }),
  });
}

describe('the admin page', () => {
  beforeEach(() => {
    setApiNavigator(() => undefined);
    vi.mocked(notify).mockClear();
    // jsdom lays nothing out, so recharts measures 0 × 0 and says so; that is not a failure.
    const warn = console.warn.bind(console);
    vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
      if (String(args[0]).includes('of chart should be greater than 0')) return;
      warn(...args);
    });
  });

  it('shows the overview figures and a table of each chart for screen readers', async () => {
    serve({ 'GET /api/admin/overview': () => jsonResponse(OVERVIEW) });
    renderAdmin();
    expect(await screen.findByText('1,234')).toBeInTheDocument();
    expect(screen.getByText('1,200 verified')).toBeInTheDocument();
    expect(screen.getByText('16 h 40 min')).toBeInTheDocument();
    expect(screen.getByText('108 h this week')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Review them' })).toHaveAttribute(
      'href',
      '/admin?tab=themes',
    );
    const signups = screen.getByRole('table', { name: 'Sign-ups, last 30 days' });
    expect(within(signups).getByRole('row', { name: '23 Nov 1' })).toBeInTheDocument();
  });

  it('says so when the overview fails, and tries again on request', async () => {
    let fail = true;
    serve({
      'GET /api/admin/overview': () =>
        fail ? jsonResponse({ message: 'Admin access required' }, 403) : jsonResponse(OVERVIEW),
    });
    renderAdmin();
    expect(await screen.findByText('Admin access required')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('1,234')).toBeInTheDocument();
  });

  it('searches users once typing pauses, not on every key', async () => {
    const fetchMock = serve({
      'GET /api/admin/users': (url) =>
        jsonResponse(url.searchParams.get('q') === 'ada' ? page([adminUser()]) : page([])),
    });
    renderAdmin('/admin?tab=users');
    expect(await screen.findByText('No accounts yet.')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: /Search users/ }), 'ada');
    expect(await screen.findByText('ada@example.com')).toBeInTheDocument();
    const searched = calls(fetchMock, 'GET', '/api/admin/users').map(
      ([input]) => new URL(input, 'http://localhost').searchParams.get('q') ?? '',
    );
    expect(searched).toEqual(['', 'ada']);
    const asked = new URL(calls(fetchMock, 'GET', '/api/admin/users')[1]![0], 'http://localhost');
    expect(asked.searchParams.get('page')).toBe('1');
    expect(asked.searchParams.get('page_size')).toBe('20');
  });

  it('disables an account after asking, and says it worked', async () => {
    let user = adminUser();
    const fetchMock = serve({
      'GET /api/admin/users': () => jsonResponse(page([user])),
      'GET /api/admin/users/user-2': () => jsonResponse(user),
      'POST /api/admin/users/user-2/disable': () => {
        user = { ...user, disabled_at: '2026-11-23T12:00:00.000Z' };
        return jsonResponse(user);
      },
    });
    renderAdmin('/admin?tab=users');
    await userEvent.click(await screen.findByRole('button', { name: 'Manage Ada_1' }));
    const account = await screen.findByRole('dialog', { name: 'Account' });
    expect(within(account).getByText('12')).toBeInTheDocument();
    await userEvent.click(within(account).getByRole('button', { name: 'Disable account' }));
    const confirm = await screen.findByRole('dialog', { name: 'Disable account?' });
    expect(calls(fetchMock, 'POST', '/api/admin/users/user-2/disable')).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Disable account' }));
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith({ tone: 'success', message: 'Disabled account: Ada_1' }),
    );
    expect(calls(fetchMock, 'POST', '/api/admin/users/user-2/disable')).toHaveLength(1);
    // The account is read again: now it can be enabled.
    expect(await within(account).findByRole('button', { name: 'Enable account' })).toBeVisible();
  });

  it('shows a new email an account waits to confirm, apart from the address in use', async () => {
    const user = adminUser({ pending_email: 'ada@new.example' });
    serve({
      'GET /api/admin/users': () => jsonResponse(page([user])),
      'GET /api/admin/users/user-2': () => jsonResponse(user),
    });
    renderAdmin('/admin?tab=users');
    await userEvent.click(await screen.findByRole('button', { name: 'Manage Ada_1' }));
    const account = await screen.findByRole('dialog', { name: 'Account' });
    expect(await within(account).findByText('New email waiting')).toBeInTheDocument();
    expect(within(account).getByText('ada@new.example (not confirmed yet)')).toBeInTheDocument();
    expect(within(account).getByText('ada@example.com')).toBeInTheDocument();
  });

  it('deletes only once the username is typed exactly', async () => {
    const user = adminUser();
    const fetchMock = serve({
      'GET /api/admin/users': () => jsonResponse(page([user])),
      'GET /api/admin/users/user-2': () => jsonResponse(user),
      'DELETE /api/admin/users/user-2': () => new Response(null, { status: 204 }),
    });
    renderAdmin('/admin?tab=users');
    await userEvent.click(await screen.findByRole('button', { name: 'Manage Ada_1' }));
    const account = await screen.findByRole('dialog', { name: 'Account' });
    await userEvent.click(within(account).getByRole('button', { name: 'Delete account' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete account?' });
    const go = within(confirm).getByRole('button', { name: 'Delete account' });
    expect(go).toBeDisabled();
    const field = within(confirm).getByRole('textbox', { name: /to confirm/ });
    await userEvent.type(field, 'ada_1');
    expect(go).toBeDisabled();
    await userEvent.clear(field);
    await userEvent.type(field, 'Ada_1');
    expect(go).toBeEnabled();
    await userEvent.click(go);
    await waitFor(() =>
      expect(calls(fetchMock, 'DELETE', '/api/admin/users/user-2')).toHaveLength(1),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(notify).toHaveBeenCalledWith({ tone: 'success', message: 'Deleted account: Ada_1' });
    // The deleted account is not asked for again.
    expect(calls(fetchMock, 'GET', '/api/admin/users/user-2')).toHaveLength(1);
  });

  it('keeps the confirmation open and shows the server’s reason when an action is refused', async () => {
    const user = adminUser();
    serve({
      'GET /api/admin/users': () => jsonResponse(page([user])),
      'GET /api/admin/users/user-2': () => jsonResponse(user),
      'POST /api/admin/users/user-2/sign-out': () =>
        jsonResponse({ message: ADMIN_MESSAGES.userNotFound }, 404),
    });
    renderAdmin('/admin?tab=users');
    await userEvent.click(await screen.findByRole('button', { name: 'Manage Ada_1' }));
    const account = await screen.findByRole('dialog', { name: 'Account' });
    await userEvent.click(within(account).getByRole('button', { name: 'End all sessions' }));
    const confirm = await screen.findByRole('dialog', { name: 'End all sessions?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'End all sessions' }));
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith({ tone: 'error', message: ADMIN_MESSAGES.userNotFound }),
    );
    expect(screen.getByRole('dialog', { name: 'End all sessions?' })).toBeInTheDocument();
  });

  it('turns off the dangerous actions on the admin’s own account and says why', async () => {
    const self = adminUser({
      id: 'admin-1',
      username: 'boss',
      is_admin: true,
      role: 'admin',
      has_admin_role: true,
    });
    serve({
      'GET /api/admin/users': () => jsonResponse(page([self])),
      'GET /api/admin/users/admin-1': () => jsonResponse(self),
    });
    renderAdmin('/admin?tab=users');
    await userEvent.click(await screen.findByRole('button', { name: 'Manage boss' }));
    const account = await screen.findByRole('dialog', { name: 'Account' });
    const disable = await within(account).findByRole('button', { name: 'Disable account' });
    expect(disable).toBeDisabled();
    expect(disable).toHaveAccessibleDescription(ADMIN_MESSAGES.cannotDisableSelf);
    expect(within(account).getByRole('button', { name: 'Remove admin role' })).toBeDisabled();
    expect(within(account).getByRole('button', { name: 'Delete account' })).toBeDisabled();
    expect(within(account).getByText(ADMIN_MESSAGES.cannotRevokeOwnAdmin)).toBeInTheDocument();
  });

  it('hides a reported theme with a reason, and dismisses a report', async () => {
    const fetchMock = serve({
      'GET /api/admin/reports': () => jsonResponse(page([REPORT])),
      'GET /api/admin/themes/standard': () => jsonResponse([]),
      'GET /api/admin/themes/public': () => jsonResponse(page([THEME])),
      'POST /api/admin/themes/theme-9/hide': () => jsonResponse({ ...THEME, is_hidden: true }),
      'POST /api/admin/reports/report-1/dismiss': () => jsonResponse({ ...REPORT }),
    });
    renderAdmin('/admin?tab=themes');
    const reports = await screen.findByRole('region', { name: 'Reports' });
    expect(await within(reports).findByText('“Rude words in the picture”')).toBeInTheDocument();
    await userEvent.click(within(reports).getByRole('button', { name: 'Hide theme' }));
    const confirm = await screen.findByRole('dialog', { name: 'Hide theme?' });
    // The reason's note says who reads it: the creator sees it on their card (decision 031).
    const reason = within(confirm).getByRole('textbox', { name: /Reason/ });
    expect(reason).toHaveAccessibleDescription(
      'Shown to the theme’s creator on their card, and to admins.',
    );
    await userEvent.type(reason, ' Rude ');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Hide theme' }));
    await waitFor(() =>
      expect(calls(fetchMock, 'POST', '/api/admin/themes/theme-9/hide')).toHaveLength(1),
    );
    const [, init] = calls(fetchMock, 'POST', '/api/admin/themes/theme-9/hide')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ reason: 'Rude' });
    expect(notify).toHaveBeenCalledWith({ tone: 'success', message: 'Hid theme: Neon Nights' });

    await userEvent.click(within(reports).getByRole('button', { name: 'Dismiss report' }));
    await waitFor(() =>
      expect(calls(fetchMock, 'POST', '/api/admin/reports/report-1/dismiss')).toHaveLength(1),
    );
  });

  it('deletes a reported theme only after asking', async () => {
    const fetchMock = serve({
      'GET /api/admin/reports': () => jsonResponse(page([REPORT])),
      'GET /api/admin/themes/standard': () => jsonResponse([]),
      'GET /api/admin/themes/public': () => jsonResponse(page([])),
      'DELETE /api/admin/themes/theme-9': () => new Response(null, { status: 204 }),
    });
    renderAdmin('/admin?tab=themes');
    const reports = await screen.findByRole('region', { name: 'Reports' });
    await userEvent.click(await within(reports).findByRole('button', { name: 'Delete theme' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete theme?' });
    expect(calls(fetchMock, 'DELETE', '/api/admin/themes/theme-9')).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete theme' }));
    await waitFor(() =>
      expect(calls(fetchMock, 'DELETE', '/api/admin/themes/theme-9')).toHaveLength(1),
    );
    expect(notify).toHaveBeenCalledWith({ tone: 'success', message: 'Deleted theme: Neon Nights' });
  });

  it('lists the audit log: who, what, target, when and from where', async () => {
    serve({ 'GET /api/admin/audit': () => jsonResponse(page([AUDIT])) });
    renderAdmin('/admin?tab=audit');
    expect(await screen.findByText('Disabled account')).toBeInTheDocument();
    expect(screen.getByText('Account Ada_1')).toBeInTheDocument();
    expect(screen.getByText(/@boss/)).toHaveTextContent('203.0.113.7');
  });

  it('pages through users with Next and Previous', async () => {
    const fetchMock = serve({
      'GET /api/admin/users': (url) => {
        const n = Number(url.searchParams.get('page'));
        return jsonResponse({
          items: [adminUser({ id: `user-${n}`, username: `user_${n}` })],
          total: 45,
          page: n,
          page_size: 20,
        });
      },
    });
    renderAdmin('/admin?tab=users');
    expect(await screen.findByText('Page 1 of 3 · 45 accounts')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3 · 45 accounts')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Manage user_2' })).toBeInTheDocument();
    const pages = calls(fetchMock, 'GET', '/api/admin/users').map(([input]) =>
      new URL(input, 'http://localhost').searchParams.get('page'),
    );
    expect(pages).toEqual(['1', '2']);
  });

  it('keeps the pager on a page its last row left, so the admin can step back', async () => {
    serve({
      'GET /api/admin/audit': (url) =>
        jsonResponse(
          url.searchParams.get('page') === '2'
            ? { items: [], total: 20, page: 2, page_size: 20 }
            : { items: [AUDIT], total: 21, page: 1, page_size: 20 },
        ),
    });
    renderAdmin('/admin?tab=audit');
    expect(await screen.findByText('Page 1 of 2 · 21 entries')).toBeInTheDocument();
    // As if the list had shrunk since it was drawn: the next page is empty.
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 1 of 1 · 20 entries')).toBeInTheDocument();
    expect(screen.queryByText(i18n._(ADMIN_WEB_MESSAGES.noAudit))).toBeNull();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();
  });

  const ABSTRACT: AdminTheme = {
    ...THEME,
    id: 'd8a7c463-e2a0-4b15-9c1b-cb1d4e59d933',
    name: 'Abstract',
    description: 'Shapes',
    is_standard: true,
    is_public: false,
    user_id: null,
    image_url: '/themes/art/abstract.svg',
    open_reports: 0,
  };
  const ADDED: AdminTheme = { ...ABSTRACT, id: 'added-1', name: 'Dusk', image_url: null };

  /**
   * Replaces a field's text at once: typing key by key, and the colour picker a click opens, are
   * slow on a loaded CI machine.
   */
  function replaceText(field: HTMLElement, text: string) {
    fireEvent.change(field, { target: { value: text } });
  }

  function serveThemes(extra: Record<string, Handler>) {
    return serve({
      'GET /api/admin/reports': () => jsonResponse(page([])),
      'GET /api/admin/themes/public': () => jsonResponse(page([])),
      'GET /api/admin/themes/standard': () => jsonResponse([ABSTRACT, ADDED]),
      ...extra,
    });
  }

  it('creates a standard theme, refusing a bad colour before asking the server', async () => {
    const fetchMock = serveThemes({
      'POST /api/admin/themes/standard': () => jsonResponse(ADDED, 201),
    });
    renderAdmin('/admin?tab=themes');
    const standard = await screen.findByRole('region', { name: 'Standard themes' });
    // The ten originals are never offered for deletion; an added theme is.
    expect(await within(standard).findByRole('button', { name: 'Edit Abstract' })).toBeVisible();
    expect(within(standard).queryByRole('button', { name: 'Delete Abstract' })).toBeNull();
    expect(within(standard).getByRole('button', { name: 'Delete Dusk' })).toBeVisible();

    await userEvent.click(within(standard).getByRole('button', { name: 'New standard theme' }));
    const form = await screen.findByRole('dialog', { name: 'New standard theme' });
    replaceText(within(form).getByRole('textbox', { name: /^Name/ }), 'Dusk');
    const accent = within(form).getByRole('textbox', { name: 'Accent colour' });
    replaceText(accent, 'purple');
    await userEvent.click(within(form).getByRole('button', { name: 'Create theme' }));
    expect(await within(form).findByText(THEME_API_MESSAGES.color)).toBeInTheDocument();
    expect(calls(fetchMock, 'POST', '/api/admin/themes/standard')).toHaveLength(0);
    replaceText(accent, '#60a5fa');
    await userEvent.click(within(form).getByRole('button', { name: 'Create theme' }));
    await waitFor(() =>
      expect(calls(fetchMock, 'POST', '/api/admin/themes/standard')).toHaveLength(1),
    );
    const [, created] = calls(fetchMock, 'POST', '/api/admin/themes/standard')[0]!;
    expect(JSON.parse(String(created?.body))).toMatchObject({
      name: 'Dusk',
      accent_color: '#60a5fa',
      image_url: null,
    });
    expect(notify).toHaveBeenCalledWith({
      tone: 'success',
      message: 'Created standard theme: Dusk',
    });
  });

  it('edits a seeded standard theme, sending only what changed', async () => {
    const put = `/api/admin/themes/standard/${ABSTRACT.id}`;
    const fetchMock = serveThemes({ [`PUT ${put}`]: () => jsonResponse(ABSTRACT) });
    renderAdmin('/admin?tab=themes');
    const standard = await screen.findByRole('region', { name: 'Standard themes' });
    await userEvent.click(await within(standard).findByRole('button', { name: 'Edit Abstract' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Abstract' });
    replaceText(within(edit).getByRole('textbox', { name: 'Description' }), 'Soft shapes');
    await userEvent.click(within(edit).getByRole('button', { name: 'Save theme' }));
    await waitFor(() => expect(calls(fetchMock, 'PUT', put)).toHaveLength(1));
    // Its picture, served with the app, is not an address the API takes back: never sent.
    expect(JSON.parse(String(calls(fetchMock, 'PUT', put)[0]![1]?.body))).toEqual({
      description: 'Soft shapes',
    });
  });
});
