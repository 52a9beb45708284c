import {
  ADMIN_MESSAGES,
  ADMIN_ONLY_MESSAGE,
  AUTH_MESSAGES,
  DEFAULT_THEME_ID,
  STANDARD_THEMES,
} from '@focusroom/core';
import type {
  AdminOverview,
  AdminReportList,
  AdminTheme,
  AdminThemeList,
  AdminUser,
  AdminUserDetail,
  AdminUserList,
  AuditEntry,
  AuditList,
  Theme,
} from '@focusroom/core/schemas';
import { describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { bearer, login, uniqueIdentity, verifiedUser } from './support/accounts.js';
import { useTestApps } from './support/app.js';
import { DIALECTS } from './support/databases.js';
import { THEME_COLORS } from './support/theme-body.js';

const UNKNOWN_ID = '0190ffff-0000-7000-8000-000000000000';
const SEEDED_ID = STANDARD_THEMES[0]!.id;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

async function call(app: App, method: Method, url: string, token?: string, payload?: object) {
  return app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload ? { payload } : {}),
  });
}

/** Every admin route and verb, with a body that would fail validation if it were read. */
const ROUTES: [Method, string, object?][] = [
  ['GET', '/api/admin/overview'],
  ['GET', '/api/admin/users?page=0'],
  ['GET', `/api/admin/users/${UNKNOWN_ID}`],
  ['POST', `/api/admin/users/${UNKNOWN_ID}/verify`],
  ['POST', `/api/admin/users/${UNKNOWN_ID}/admin`],
  ['DELETE', `/api/admin/users/${UNKNOWN_ID}/admin`],
  ['POST', `/api/admin/users/${UNKNOWN_ID}/disable`],
  ['POST', `/api/admin/users/${UNKNOWN_ID}/enable`],
  ['POST', `/api/admin/users/${UNKNOWN_ID}/sign-out`],
  ['DELETE', `/api/admin/users/${UNKNOWN_ID}`],
  ['GET', '/api/admin/reports?status=bogus'],
  ['POST', `/api/admin/reports/${UNKNOWN_ID}/dismiss`],
  ['POST', `/api/admin/themes/${UNKNOWN_ID}/hide`, { reason: 5 }],
  ['POST', `/api/admin/themes/${UNKNOWN_ID}/restore`],
  ['DELETE', `/api/admin/themes/${UNKNOWN_ID}`],
  ['GET', '/api/admin/themes/standard'],
  ['POST', '/api/admin/themes/standard', { name: '' }],
  ['PUT', `/api/admin/themes/standard/${SEEDED_ID}`, { name: '' }],
  ['POST', `/api/admin/themes/standard/${SEEDED_ID}/default`],
  ['DELETE', `/api/admin/themes/standard/${SEEDED_ID}`],
  ['GET', '/api/admin/themes/public?page_size=1000'],
  ['GET', '/api/admin/audit?page=-1'],
];

describe.each(DIALECTS)('the admin area on %s', (dialect) => {
  const apps = useTestApps(dialect);

  /** An app whose ADMIN_EMAILS names one verified, signed-in admin, and one ordinary user. */
  async function setup() {
    const bossIdentity = uniqueIdentity('boss');
    const made = await apps.make({ env: { ADMIN_EMAILS: bossIdentity.email } });
    const boss = await verifiedUser(made.app, made.mailer, bossIdentity);
    const user = await verifiedUser(made.app, made.mailer);
    return { ...made, boss, user };
  }

  async function auditFor(app: App, token: string, targetId: string): Promise<AuditEntry[]> {
    const response = await call(app, 'GET', '/api/admin/audit?page_size=100', token);
    expect(response.statusCode).toBe(200);
    return response.json<AuditList>().items.filter((row) => row.target_id === targetId);
  }

  describe('role enforcement', () => {
    it.each(ROUTES)(
      '%s %s: 401 signed out, 403 for a user, never either for an admin',
      async (method, url, payload) => {
        const { app, boss, user } = await setup();
        const anonymous = await call(app, method, url, undefined, payload);
        expect(anonymous.statusCode).toBe(401);
        const forbidden = await call(app, method, url, user.token, payload);
        expect(forbidden.statusCode).toBe(403);
        expect(forbidden.json()).toEqual({ code: expect.any(String), message: ADMIN_ONLY_MESSAGE });
        const allowed = await call(app, method, url, boss.token, payload);
        expect([401, 403]).not.toContain(allowed.statusCode);
        expect(allowed.statusCode, allowed.body).toBeLessThan(500);
      },
    );

    it('OpenAPI documents every admin route with its 401 and 403', async () => {
      const { app } = await apps.make();
      const doc = (await call(app, 'GET', '/api/docs/json')).json<{
        paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
      }>();
      for (const [method, url] of ROUTES) {
        const docPath = url.split('?')[0]!.replace(UNKNOWN_ID, '{id}').replace(SEEDED_ID, '{id}');
        const operation = doc.paths[docPath]?.[method.toLowerCase()];
        expect(operation, `${method} ${docPath}`).toBeDefined();
        expect(Object.keys(operation!.responses)).toEqual(expect.arrayContaining(['401', '403']));
      }
    });

    it('an ADMIN_EMAILS address counts only once verified', async () => {
      const identity = uniqueIdentity('pending');
      const { app, mailer } = await apps.make({ env: { ADMIN_EMAILS: identity.email } });
      const registered = await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: identity,
      });
      const token = registered.json<{ token: string }>().token;
      expect((await call(app, 'GET', '/api/admin/overview', token)).statusCode).toBe(403);
      await app.background.idle();
      const link = mailer.lastToken(identity.email, 'verify');
      await call(app, 'GET', `/api/auth/verify-email/${link}`);
      expect((await call(app, 'GET', '/api/admin/overview', token)).statusCode).toBe(200);
    });

    it('no route changes or removes audit rows', async () => {
      const { app, boss } = await setup();
      for (const method of ['POST', 'PUT', 'DELETE'] as const) {
        const response = await call(app, method, '/api/admin/audit', boss.token, {});
        expect(response.statusCode).toBe(404);
      }
      const one = await call(app, 'DELETE', `/api/admin/audit/${UNKNOWN_ID}`, boss.token);
      expect(one.statusCode).toBe(404);
    });
  });

  describe('GET /api/admin/overview', () => {
    it('counts users, sessions, focus minutes and active users, and fills 30 days', async () => {
      const { app, boss, clock, mailer } = await setup();
      const overview = async () => {
        const response = await call(app, 'GET', '/api/admin/overview', boss.token);
        expect(response.statusCode, response.body).toBe(200);
        return response.json<AdminOverview>();
      };
      const before = await overview();
      expect(before.series).toHaveLength(30);
      expect(before.series.at(-1)!.date).toBe(clock.now().toISOString().slice(0, 10));

      // Two new users (one verified); one records two sessions today and one ten days ago.
      const active = await verifiedUser(app, mailer);
      await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: uniqueIdentity('unverified'),
      });
      const now = clock.now().getTime();
      const record = (startMs: number, minutes: number, completed: boolean) =>
        call(app, 'POST', '/api/pomodoro/sessions', active.token, {
          duration: minutes,
          task: '',
          completed,
          start_time: new Date(startMs).toISOString(),
          end_time: new Date(startMs + minutes * 60_000).toISOString(),
        });
      expect((await record(now - 60 * 60_000, 25, true)).statusCode).toBe(201);
      expect((await record(now - 30 * 60_000, 10, false)).statusCode).toBe(201);
      expect((await record(now - 10 * 86_400_000, 50, true)).statusCode).toBe(201);

      // Today's sessions count at once; closed days and active users are kept a while
      // (decision 024), then read again.
      const soon = await overview();
      expect(soon.sessions.today - before.sessions.today).toBe(2);
      expect(soon.active_users).toEqual(before.active_users);
      const tenDaysAgoDate = new Date(now - 10 * 86_400_000).toISOString().slice(0, 10);
      expect(soon.series.find((d) => d.date === tenDaysAgoDate)).toEqual(
        before.series.find((d) => d.date === tenDaysAgoDate),
      );
      // Once old, the kept figures are answered one more time and read again after it.
      clock.advanceMinutes(11);
      const stale = await overview();
      expect(stale.active_users).toEqual(before.active_users);
      await app.background.idle();
      const after = await overview();
      expect(after.users.total - before.users.total).toBe(2);
      expect(after.users.verified - before.users.verified).toBe(1);
      expect(after.users.new_this_week - before.users.new_this_week).toBe(2);
      expect(after.sessions.today - before.sessions.today).toBe(2);
      expect(after.sessions.this_week - before.sessions.this_week).toBe(2);
      expect(after.focus_minutes.today - before.focus_minutes.today).toBe(25);
      expect(after.focus_minutes.this_week - before.focus_minutes.this_week).toBe(25);
      expect(after.active_users.d7 - before.active_users.d7).toBe(1);
      expect(after.active_users.d30 - before.active_users.d30).toBe(1);
      const tenDaysAgo = new Date(now - 10 * 86_400_000).toISOString().slice(0, 10);
      const dayBefore = before.series.find((d) => d.date === tenDaysAgo)!;
      const dayAfter = after.series.find((d) => d.date === tenDaysAgo)!;
      expect(dayAfter.sessions - dayBefore.sessions).toBe(1);
      expect(dayAfter.focus_minutes - dayBefore.focus_minutes).toBe(50);
      expect(after.series.at(-1)!.signups - before.series.at(-1)!.signups).toBe(2);
    });

    it('counts a new theme report in reports_waiting at once', async () => {
      const { app, boss, user, mailer } = await setup();
      const read = async () => {
        const response = await call(app, 'GET', '/api/admin/overview', boss.token);
        expect(response.statusCode, response.body).toBe(200);
        return response.json<AdminOverview>().reports_waiting;
      };
      const created = await call(app, 'POST', '/api/themes/custom', user.token, {
        name: `Reported ${Math.random()}`,
        is_public: true,
        ...THEME_COLORS,
      });
      expect(created.statusCode, created.body).toBe(201);
      const reporter = await verifiedUser(app, mailer);
      const before = await read();
      const report = await call(
        app,
        'POST',
        `/api/themes/${created.json<Theme>().id}/report`,
        reporter.token,
        { reason: 'Flashing colours' },
      );
      expect(report.statusCode, report.body).toBe(201);
      expect((await read()) - before).toBe(1);
    });
  });

  describe('users', () => {
    it('searches name, username and email, any case, paged with a total', async () => {
      const { app, boss, mailer } = await setup();
      const tag = `zq${Math.floor(Math.random() * 1e6)}`;
      const a = await verifiedUser(app, mailer, { name: `Ada ${tag.toUpperCase()}` });
      const b = await verifiedUser(app, mailer, { username: `${tag}_b` });
      const c = await verifiedUser(app, mailer, { email: `${tag}@example.org` });
      const page1 = await call(app, 'GET', `/api/admin/users?q=${tag}&page_size=2`, boss.token);
      expect(page1.statusCode, page1.body).toBe(200);
      const list = page1.json<AdminUserList>();
      expect(list.total).toBe(3);
      expect(list.items.map((u) => u.id)).toEqual([c.user.id, b.user.id]);
      const page2 = await call(
        app,
        'GET',
        `/api/admin/users?q=${tag}&page=2&page_size=2`,
        boss.token,
      );
      expect(page2.json<AdminUserList>().items.map((u) => u.id)).toEqual([a.user.id]);
      // LIKE wildcards match only themselves.
      const wild = await call(app, 'GET', '/api/admin/users?q=%25%25%25_', boss.token);
      expect(wild.json<AdminUserList>().total).toBe(0);
    });

    it('shows a user with counts of what they own and live sign-ins', async () => {
      const { app, boss, user } = await setup();
      await call(app, 'POST', '/api/themes/custom', user.token, { name: 'Mine', ...THEME_COLORS });
      for (const name of ['Deep work', 'Breaks']) {
        const made = await call(app, 'POST', '/api/playlists', user.token, { name, tracks: [] });
        expect(made.statusCode).toBe(201);
      }
      const response = await call(app, 'GET', `/api/admin/users/${user.user.id}`, boss.token);
      expect(response.statusCode).toBe(200);
      const detail = response.json<AdminUserDetail>();
      expect(detail).toMatchObject({
        id: user.user.id,
        email: user.identity.email,
        has_admin_role: false,
        in_admin_emails: false,
        disabled_at: null,
      });
      expect(detail.counts).toMatchObject({ focus_sessions: 0, custom_themes: 1, playlists: 2 });
      expect(detail.counts.active_sign_ins).toBe(2);
      expect((await call(app, 'GET', `/api/admin/users/${UNKNOWN_ID}`, boss.token)).json()).toEqual(
        { message: ADMIN_MESSAGES.userNotFound, code: 'admin.userNotFound' },
      );
      // A malformed id is a bad request, not a missing account (product §7: 400 validation).
      expect((await call(app, 'GET', '/api/admin/users/nope', boss.token)).statusCode).toBe(400);
    });

    it('verifies an address once, with one audit row', async () => {
      const { app, boss } = await setup();
      const identity = uniqueIdentity('unv');
      const registered = await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: identity,
      });
      const id = registered.json<{ user: { id: string } }>().user.id;
      const first = await call(app, 'POST', `/api/admin/users/${id}/verify`, boss.token);
      expect(first.statusCode).toBe(200);
      expect(first.json<AdminUser>().is_verified).toBe(true);
      expect((await login(app, identity.email)).statusCode).toBe(200);
      const again = await call(app, 'POST', `/api/admin/users/${id}/verify`, boss.token);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({
        code: expect.any(String),
        message: ADMIN_MESSAGES.alreadyVerified,
      });
      const rows = await auditFor(app, boss.token, id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        actor_id: boss.user.id,
        actor_username: boss.user.username,
        action: 'user.verify',
        target_type: 'user',
        target_label: identity.username,
        ip: '127.0.0.1',
      });
    });

    it('grants and revokes the admin role; the role opens the admin area', async () => {
      const { app, boss, user } = await setup();
      const url = `/api/admin/users/${user.user.id}/admin`;
      const granted = await call(app, 'POST', url, boss.token);
      expect(granted.json<AdminUser>()).toMatchObject({ is_admin: true, role: 'admin' });
      expect((await call(app, 'GET', '/api/admin/overview', user.token)).statusCode).toBe(200);
      expect((await call(app, 'POST', url, boss.token)).statusCode).toBe(409);
      const revoked = await call(app, 'DELETE', url, boss.token);
      expect(revoked.json<AdminUser>()).toMatchObject({ is_admin: false, has_admin_role: false });
      expect((await call(app, 'GET', '/api/admin/overview', user.token)).statusCode).toBe(403);
      const actions = (await auditFor(app, boss.token, user.user.id)).map((r) => r.action);
      expect(actions).toEqual(['user.revoke_admin', 'user.grant_admin']);
    });

    it('refuses to revoke your own role or an ADMIN_EMAILS admin, saying why; no audit row', async () => {
      const { app, boss, user } = await setup();
      await call(app, 'POST', `/api/admin/users/${user.user.id}/admin`, boss.token);
      const own = await call(app, 'DELETE', `/api/admin/users/${user.user.id}/admin`, user.token);
      expect(own.statusCode).toBe(400);
      expect(own.json()).toEqual({
        code: expect.any(String),
        message: ADMIN_MESSAGES.cannotRevokeOwnAdmin,
      });
      const listed = await call(
        app,
        'DELETE',
        `/api/admin/users/${boss.user.id}/admin`,
        user.token,
      );
      expect(listed.statusCode).toBe(409);
      expect(listed.json()).toEqual({
        code: expect.any(String),
        message: ADMIN_MESSAGES.inAdminEmails,
      });
      expect(await auditFor(app, boss.token, boss.user.id)).toHaveLength(0);
    });

    it('disables: every session ends, login is refused with the message, enable restores', async () => {
      const { app, boss, user } = await setup();
      const disabled = await call(
        app,
        'POST',
        `/api/admin/users/${user.user.id}/disable`,
        boss.token,
      );
      expect(disabled.statusCode).toBe(200);
      expect(disabled.json<AdminUser>().disabled_at).not.toBeNull();
      const me = await call(app, 'GET', '/api/auth/me', user.token);
      expect(me.statusCode).toBe(401);
      const refused = await login(app, user.identity.email);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(ADMIN_MESSAGES.accountDisabled);
      expect(refused.json().code).toBe('admin.accountDisabled');
      // A wrong password says nothing about the account.
      const wrong = await login(app, user.identity.email, 'not-the-password-123');
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().message).toBe(AUTH_MESSAGES.invalidCredentials);
      const again = await call(app, 'POST', `/api/admin/users/${user.user.id}/disable`, boss.token);
      expect(again.statusCode).toBe(409);
      const enabled = await call(
        app,
        'POST',
        `/api/admin/users/${user.user.id}/enable`,
        boss.token,
      );
      expect(enabled.json<AdminUser>().disabled_at).toBeNull();
      expect((await login(app, user.identity.email)).statusCode).toBe(200);
      const actions = (await auditFor(app, boss.token, user.user.id)).map((r) => r.action);
      expect(actions).toEqual(['user.enable', 'user.disable']);
    });

    it('refuses to disable or delete an ADMIN_EMAILS admin, saying why; no audit row', async () => {
      const { app, boss, user } = await setup();
      await call(app, 'POST', `/api/admin/users/${user.user.id}/admin`, boss.token);
      const disable = await call(
        app,
        'POST',
        `/api/admin/users/${boss.user.id}/disable`,
        user.token,
      );
      expect(disable.statusCode).toBe(409);
      expect(disable.json()).toEqual({
        code: expect.any(String),
        message: ADMIN_MESSAGES.inAdminEmailsDisable,
      });
      const remove = await call(app, 'DELETE', `/api/admin/users/${boss.user.id}`, user.token);
      expect(remove.statusCode).toBe(409);
      expect(remove.json()).toEqual({
        code: expect.any(String),
        message: ADMIN_MESSAGES.inAdminEmailsDelete,
      });
      expect((await call(app, 'GET', '/api/auth/me', boss.token)).statusCode).toBe(200);
      expect(await auditFor(app, boss.token, boss.user.id)).toHaveLength(0);
    });

    it('refuses to disable or delete yourself', async () => {
      const { app, boss } = await setup();
      const disable = await call(
        app,
        'POST',
        `/api/admin/users/${boss.user.id}/disable`,
        boss.token,
      );
      expect(disable.statusCode).toBe(400);
      expect(disable.json()).toEqual({
        code: expect.any(String),
        message: ADMIN_MESSAGES.cannotDisableSelf,
      });
      const remove = await call(app, 'DELETE', `/api/admin/users/${boss.user.id}`, boss.token);
      expect(remove.statusCode).toBe(400);
      expect(remove.json()).toEqual({
        code: expect.any(String),
        message: ADMIN_MESSAGES.cannotDeleteSelf,
      });
      expect((await call(app, 'GET', '/api/auth/me', boss.token)).statusCode).toBe(200);
    });

    it('ends all sessions of a user', async () => {
      const { app, boss, user } = await setup();
      const response = await call(
        app,
        'POST',
        `/api/admin/users/${user.user.id}/sign-out`,
        boss.token,
      );
      expect(response.statusCode).toBe(200);
      expect((await call(app, 'GET', '/api/auth/me', user.token)).statusCode).toBe(401);
      expect((await login(app, user.identity.email)).statusCode).toBe(200);
      expect((await auditFor(app, boss.token, user.user.id)).map((r) => r.action)).toEqual([
        'user.sign_out',
      ]);
    });

    it('deletes a user with all their data; the audit row keeps their name', async () => {
      const { app, boss, user } = await setup();
      const theme = await call(app, 'POST', '/api/themes/custom', user.token, {
        name: 'Gone soon',
        is_public: true,
        ...THEME_COLORS,
      });
      const themeId = theme.json<Theme>().id;
      const response = await call(app, 'DELETE', `/api/admin/users/${user.user.id}`, boss.token);
      expect(response.statusCode).toBe(204);
      expect(
        (await call(app, 'GET', `/api/admin/users/${user.user.id}`, boss.token)).statusCode,
      ).toBe(404);
      expect((await call(app, 'GET', `/api/themes/${themeId}`, boss.token)).statusCode).toBe(404);
      expect((await login(app, user.identity.email)).statusCode).toBe(401);
      const rows = await auditFor(app, boss.token, user.user.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ action: 'user.delete', target_label: user.user.username });
    });
  });

  describe('themes', () => {
    async function reported() {
      const made = await setup();
      const { app, mailer, user } = made;
      const reporter = await verifiedUser(app, mailer);
      const created = await call(app, 'POST', '/api/themes/custom', user.token, {
        name: `Loud ${Math.random()}`,
        is_public: true,
        ...THEME_COLORS,
      });
      const theme = created.json<Theme>();
      const report = await call(app, 'POST', `/api/themes/${theme.id}/report`, reporter.token, {
        reason: 'Flashing colours',
      });
      expect(report.statusCode).toBe(201);
      return { ...made, reporter, theme };
    }

    async function openReportsOf(app: App, token: string, themeId: string) {
      const response = await call(app, 'GET', '/api/admin/reports?page_size=100', token);
      expect(response.statusCode).toBe(200);
      return response.json<AdminReportList>().items.filter((r) => r.theme.id === themeId);
    }

    it('lists open reports with theme and reporter; dismiss resolves one and leaves the theme', async () => {
      const { app, boss, reporter, theme } = await reported();
      const [report] = await openReportsOf(app, boss.token, theme.id);
      expect(report).toMatchObject({
        reason: 'Flashing colours',
        status: 'open',
        reporter: { id: reporter.user.id, username: reporter.user.username },
        theme: { id: theme.id, is_hidden: false, open_reports: 1 },
      });
      const dismissed = await call(
        app,
        'POST',
        `/api/admin/reports/${report!.id}/dismiss`,
        boss.token,
      );
      expect(dismissed.statusCode).toBe(200);
      expect(dismissed.json()).toMatchObject({ status: 'dismissed' });
      expect(await openReportsOf(app, boss.token, theme.id)).toHaveLength(0);
      const all = await call(app, 'GET', '/api/admin/reports?status=all&page_size=100', boss.token);
      expect(all.json<AdminReportList>().items.some((r) => r.id === report!.id)).toBe(true);
      const twice = await call(app, 'POST', `/api/admin/reports/${report!.id}/dismiss`, boss.token);
      expect(twice.statusCode).toBe(409);
      const rows = await auditFor(app, boss.token, report!.id);
      expect(rows.map((r) => r.action)).toEqual(['report.dismiss']);
    });

    it('hides (reports acted on, gone from the gallery, kept by its owner) and restores', async () => {
      const { app, boss, user, theme } = await reported();
      const hidden = await call(app, 'POST', `/api/admin/themes/${theme.id}/hide`, boss.token, {
        reason: 'Too bright',
      });
      expect(hidden.statusCode, hidden.body).toBe(200);
      expect(hidden.json<AdminTheme>()).toMatchObject({
        is_hidden: true,
        hidden_reason: 'Too bright',
        open_reports: 0,
      });
      const gallery = await call(app, 'GET', '/api/themes/custom/public', user.token);
      expect(gallery.json<Theme[]>().some((t) => t.id === theme.id)).toBe(false);
      const own = await call(app, 'GET', '/api/themes/custom/user', user.token);
      expect(own.json<Theme[]>().some((t) => t.id === theme.id)).toBe(true);
      const publicList = await call(
        app,
        'GET',
        `/api/admin/themes/public?q=${encodeURIComponent(theme.name)}`,
        boss.token,
      );
      expect(publicList.json<AdminThemeList>().items).toMatchObject([
        { id: theme.id, is_hidden: true, username: user.user.username },
      ]);
      // No body at all is a hide without a reason.
      const twice = await call(app, 'POST', `/api/admin/themes/${theme.id}/hide`, boss.token);
      expect(twice.statusCode, twice.body).toBe(409);
      expect(twice.json()).toEqual({
        code: expect.any(String),
        message: ADMIN_MESSAGES.alreadyHidden,
      });
      const restored = await call(app, 'POST', `/api/admin/themes/${theme.id}/restore`, boss.token);
      expect(restored.json<AdminTheme>()).toMatchObject({ is_hidden: false, hidden_reason: null });
      const back = await call(app, 'GET', '/api/themes/custom/public', user.token);
      expect(back.json<Theme[]>().some((t) => t.id === theme.id)).toBe(true);
      const rows = await auditFor(app, boss.token, theme.id);
      expect(rows.map((r) => r.action)).toEqual(['theme.restore', 'theme.hide']);
      expect(rows[1]!.details).toMatchObject({ reason: 'Too bright', owner: user.user.username });
    });

    it("deletes anyone's custom theme, but no standard theme here", async () => {
      const { app, boss, theme } = await reported();
      expect(
        (await call(app, 'DELETE', `/api/admin/themes/${theme.id}`, boss.token)).statusCode,
      ).toBe(204);
      expect((await call(app, 'GET', `/api/themes/${theme.id}`)).statusCode).toBe(404);
      const standard = await call(app, 'DELETE', `/api/admin/themes/${SEEDED_ID}`, boss.token);
      expect(standard.statusCode).toBe(400);
      expect((await auditFor(app, boss.token, theme.id)).map((r) => r.action)).toEqual([
        'theme.delete',
      ]);
    });

    it('creates, edits, sets the default and deletes standard themes; the ten seeded ones stay', async () => {
      const { app, boss, user } = await setup();
      const created = await call(app, 'POST', '/api/admin/themes/standard', boss.token, {
        name: 'Harbour',
        ...THEME_COLORS,
      });
      expect(created.statusCode, created.body).toBe(201);
      const theme = created.json<AdminTheme>();
      expect(theme).toMatchObject({ is_standard: true, is_default: false, user_id: null });
      const listed = await call(app, 'GET', '/api/themes');
      expect(listed.json<Theme[]>().some((t) => t.id === theme.id)).toBe(true);

      const edited = await call(app, 'PUT', `/api/admin/themes/standard/${theme.id}`, boss.token, {
        name: 'Harbour at night',
        is_dark: true,
      });
      expect(edited.json<AdminTheme>()).toMatchObject({ name: 'Harbour at night', is_dark: true });

      const made = await call(
        app,
        'POST',
        `/api/admin/themes/standard/${theme.id}/default`,
        boss.token,
      );
      expect(made.json<AdminTheme>().is_default).toBe(true);
      const chosen = await call(app, 'GET', '/api/themes/user', user.token);
      expect(chosen.json<Theme>().id).toBe(theme.id);
      const standards = await call(app, 'GET', '/api/admin/themes/standard', boss.token);
      expect(
        standards
          .json<AdminTheme[]>()
          .filter((t) => t.is_default)
          .map((t) => t.id),
      ).toEqual([theme.id]);
      const defaultDelete = await call(
        app,
        'DELETE',
        `/api/admin/themes/standard/${theme.id}`,
        boss.token,
      );
      expect(defaultDelete.statusCode).toBe(409);
      expect(defaultDelete.json()).toEqual({
        code: expect.any(String),
        message: ADMIN_MESSAGES.defaultThemeUndeletable,
      });

      await call(app, 'POST', `/api/admin/themes/standard/${DEFAULT_THEME_ID}/default`, boss.token);
      const seeded = await call(
        app,
        'DELETE',
        `/api/admin/themes/standard/${SEEDED_ID}`,
        boss.token,
      );
      expect(seeded.statusCode).toBe(409);
      expect(seeded.json()).toEqual({
        code: expect.any(String),
        message: ADMIN_MESSAGES.seededThemeUndeletable,
      });
      const removed = await call(
        app,
        'DELETE',
        `/api/admin/themes/standard/${theme.id}`,
        boss.token,
      );
      expect(removed.statusCode).toBe(204);
      expect((await call(app, 'GET', `/api/themes/${theme.id}`)).statusCode).toBe(404);

      const actions = (await auditFor(app, boss.token, theme.id)).map((r) => r.action);
      expect(actions).toEqual([
        'standard_theme.delete',
        'standard_theme.set_default',
        'standard_theme.update',
        'standard_theme.create',
      ]);
    });
  });

  describe('GET /api/admin/audit', () => {
    it('pages newest first with a total', async () => {
      const { app, boss, user, clock } = await setup();
      await call(app, 'POST', `/api/admin/users/${user.user.id}/sign-out`, boss.token);
      clock.advance(1000);
      await call(app, 'POST', `/api/admin/users/${user.user.id}/admin`, boss.token);
      const first = await call(app, 'GET', '/api/admin/audit?page_size=1', boss.token);
      const page = first.json<AuditList>();
      expect(page).toMatchObject({ page: 1, page_size: 1 });
      expect(page.total).toBeGreaterThanOrEqual(2);
      expect(page.items).toHaveLength(1);
      const second = await call(app, 'GET', '/api/admin/audit?page=2&page_size=1', boss.token);
      const [newer] = page.items;
      const [older] = second.json<AuditList>().items;
      expect(newer!.created_at >= older!.created_at).toBe(true);
    });
  });
});
