import {
  ADMIN_MESSAGES,
  ADMIN_SERIES_DAYS,
  ID_PATTERN,
  fillAdminSeries,
  utcDayBefore,
  type AdminAction,
} from '@focusroom/core';
import type {
  AdminOverview,
  AdminPageQuery,
  AdminUser,
  AdminUserDetail,
  AdminUserListQuery,
  AuditEntry,
} from '@focusroom/core/schemas';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/index.js';
import type { UserRow } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../lib/http-errors.js';
import type { AuthService } from '../auth/service.js';
import type { ModerationRecord, ThemesServices } from '../themes/service.js';
import type { UsersService } from '../users/service.js';
import {
  reportDismissalAudit,
  themeAudit,
  toAuditJson,
  writeAudit,
  type Actor,
  type AuditTarget,
} from './audit.js';
import { AdminRepository } from './repository.js';

export { CLI_ACTOR_NAME, type Actor } from './audit.js';

/**
 * How long the overview keeps the sessions of closed days (only a late offline sync or a
 * deletion changes them) and the active-user counts (decision 024).
 */
const CLOSED_DAYS_TTL_MS = 10 * 60_000;
const ACTIVE_USERS_TTL_MS = 60_000;

/** Counts of one UTC day, as the owning module grouped them. */
interface DayCounts {
  date: string;
  signups?: number;
  sessions?: number;
  focus_minutes?: number;
}

/** A figure read from the database at `at` for the window starting `from`. */
interface Kept<T> {
  from: string;
  at: number;
  value: T;
  refreshing?: boolean;
}

interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  page_size: number;
}

/**
 * The services the admin area reads and acts through (decision 068): users and auth (the
 * accounts and their sign-ins), the themes services (reports waiting, a user's themes), and the
 * focus sessions and playlists, which app.ts hands in and which are named here by shape only.
 */
export interface AdminSources {
  users: UsersService;
  auth: AuthService;
  themes: Pick<ThemesServices, 'own' | 'moderation'>;
  sessions: {
    /** Sessions and completed minutes per UTC day of their start, for starts in [from, to). */
    utcDays(
      from: string,
      to: string,
    ): Promise<{ date: string; sessions: number; focus_minutes: number }[]>;
    activeUsers(since7: string, since30: string): Promise<{ d7: number; d30: number }>;
    countOf(userId: string): Promise<number>;
  };
  playlists: { countOwned(userId: string): Promise<number> };
}

export type RoleChange = 'changed' | 'unchanged' | 'unknown';

/**
 * The command line's grant and revoke (`npm run admin -- grant|revoke <email>`): sets the
 * stored role of the account with this email, with its audit row (actor: the command line).
 * Needs only the database, the clock and the config, so it runs without the web server.
 */
export async function setAdminRoleByEmail(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  users: UsersService,
  email: string,
  admin: boolean,
): Promise<RoleChange> {
  const now = ctx.clock.now().toISOString();
  return ctx.db.transaction().execute(async (trx) => {
    const scoped = users.withTransaction(trx);
    const user = await scoped.findByEmail(email.trim());
    if (!user) return 'unknown';
    if (scoped.hasAdminRole(user) === admin) return 'unchanged';
    await scoped.setAdminRole(user.id, admin, now);
    await writeAudit(
      trx,
      ctx.clock,
      { kind: 'cli' },
      admin ? 'user.grant_admin' : 'user.revoke_admin',
      {
        type: 'user',
        id: user.id,
        label: user.username,
      },
    );
    return 'changed';
  });
}

/**
 * The admin area (product §6). The role check is the routes' (requireAdmin on every route);
 * this service holds the rules: what an admin may not do to their own account, what each
 * action changes, and the audit row every action writes in the same transaction as its effect.
 * Users, sessions and themes change only through their own services.
 */
export class AdminService {
  private readonly repo: AdminRepository;
  /** The overview's costly figures as last read, for the 30-day window starting `from`. */
  private readonly keptFigures: {
    closedDays?: Kept<DayCounts[]>;
    activeUsers?: Kept<{ d7: number; d30: number }>;
  } = {};

  private readonly users: UsersService;
  private readonly auth: AuthService;

  constructor(
    private readonly ctx: AppContext,
    private readonly sources: AdminSources,
  ) {
    this.users = sources.users;
    this.auth = sources.auth;
    this.repo = new AdminRepository(ctx.db);
  }

  private now(): string {
    return this.ctx.clock.now().toISOString();
  }

  /** Writes the one audit row of an action, inside the action's transaction. */
  private audit(trx: Db, actor: Actor, action: AdminAction, target: AuditTarget): Promise<void> {
    return writeAudit(trx, this.ctx.clock, actor, action, target);
  }

  // ---- Overview ----

  /**
   * Computed by the database, each figure by the module that owns it (decision 068). The
   * figures of today and the user counts are read on every request; the sessions of the 29 closed days before today (the costly part: every session
   * of the month) are kept for CLOSED_DAYS_TTL_MS, and active users for ACTIVE_USERS_TTL_MS,
   * then read again after the response that found them old (decision 024).
   */
  async overview(): Promise<AdminOverview> {
    const now = this.ctx.clock.now();
    const nowMs = now.getTime();
    const today = `${utcDayBefore(now, 0)}T00:00:00.000Z`;
    const since30 = `${utcDayBefore(now, ADMIN_SERIES_DAYS - 1)}T00:00:00.000Z`;
    const since7 = `${utcDayBefore(now, 6)}T00:00:00.000Z`;

    const { sessions, themes } = this.sources;
    const { signups, ...users } = await this.users.overviewFigures(since30, since7);
    const reportsWaiting = await themes.moderation.countOpenReports();
    const todaySessions = await sessions.utcDays(today, '9999');
    const closed = await this.kept('closedDays', since30, nowMs, CLOSED_DAYS_TTL_MS, () =>
      sessions.utcDays(since30, today),
    );
    const active = await this.kept('activeUsers', since30, nowMs, ACTIVE_USERS_TTL_MS, () =>
      sessions.activeUsers(since7, since30),
    );

    const series = fillAdminSeries([...signups, ...closed, ...todaySessions], now);
    const week = series.slice(-7);
    const last = series[series.length - 1];
    return {
      users,
      sessions: {
        today: last?.sessions ?? 0,
        this_week: week.reduce((sum, d) => sum + d.sessions, 0),
      },
      focus_minutes: {
        today: last?.focus_minutes ?? 0,
        this_week: week.reduce((sum, d) => sum + d.focus_minutes, 0),
      },
      active_users: active,
      reports_waiting: reportsWaiting,
      series,
      generated_at: now.toISOString(),
    };
  }

  /**
   * A costly figure kept between requests. Read at once when there is none for this window (the
   * first request, or a new UTC day); once older than `ttlMs` the kept copy is answered one
   * more time while a fresh one is read after the response, so only the first request waits.
   */
  private async kept<K extends keyof AdminService['keptFigures']>(
    key: K,
    from: string,
    nowMs: number,
    ttlMs: number,
    read: () => Promise<NonNullable<AdminService['keptFigures'][K]>['value']>,
  ): Promise<NonNullable<AdminService['keptFigures'][K]>['value']> {
    type Entry = NonNullable<AdminService['keptFigures'][K]>;
    const entry = this.keptFigures[key] as Entry | undefined;
    if (entry && entry.from === from) {
      if (nowMs - entry.at > ttlMs && !entry.refreshing) {
        entry.refreshing = true;
        this.ctx.background.run(`refresh admin overview ${key}`, async () => {
          try {
            const value = await read();
            this.keptFigures[key] = { from, at: this.ctx.clock.now().getTime(), value } as Entry;
          } finally {
            entry.refreshing = false;
          }
        });
      }
      return entry.value;
    }
    const value = await read();
    this.keptFigures[key] = { from, at: nowMs, value } as Entry;
    return value;
  }

  // ---- Users ----

  private userJson(row: UserRow): AdminUser {
    return {
      ...this.users.toJson(row),
      has_admin_role: this.users.hasAdminRole(row),
      in_admin_emails: this.users.isInAdminEmails(row),
      disabled_at: row.disabled_at,
      updated_at: row.updated_at,
    };
  }

  async listUsers(query: AdminUserListQuery): Promise<Paged<AdminUser>> {
    const { page, page_size } = query;
    const { rows, total } = await this.users.search(query.q, page_size, (page - 1) * page_size);
    return { items: rows.map((r) => this.userJson(r)), total, page, page_size };
  }

  private async findUser(users: UsersService, id: string): Promise<UserRow> {
    const row = ID_PATTERN.test(id) ? await users.findById(id) : undefined;
    if (!row) throw notFound(ADMIN_MESSAGES.userNotFound);
    return row;
  }

  async getUser(id: string): Promise<AdminUserDetail> {
    const row = await this.findUser(this.users, id);
    const { sessions, themes, playlists } = this.sources;
    const [focus_sessions, custom_themes, playlistCount] = await Promise.all([
      sessions.countOf(row.id),
      themes.own.countOwned(row.id),
      playlists.countOwned(row.id),
    ]);
    const owned = { focus_sessions, custom_themes, playlists: playlistCount };
    const active_sign_ins = await this.auth.countLiveSessions(row.id);
    return { ...this.userJson(row), counts: { ...owned, active_sign_ins } };
  }

  /**
   * Runs one user action in a transaction: loads the user (404), lets `act` check and change
   * it, and writes the audit row.
   */
  private async runUserAction(
    actor: Actor,
    id: string,
    action: AdminAction,
    act: (trx: Db, users: UsersService, user: UserRow) => Promise<Record<string, unknown> | void>,
  ): Promise<void> {
    await this.ctx.db.transaction().execute(async (trx) => {
      const users = this.users.withTransaction(trx);
      const user = await this.findUser(users, id);
      const details = await act(trx, users, user);
      await this.audit(trx, actor, action, {
        type: 'user',
        id: user.id,
        label: user.username,
        ...(details ? { details } : {}),
      });
    });
  }

  /** runUserAction, answering the user as stored afterwards. */
  private async userAction(
    actor: Actor,
    id: string,
    action: AdminAction,
    act: (trx: Db, users: UsersService, user: UserRow) => Promise<Record<string, unknown> | void>,
  ): Promise<AdminUser> {
    await this.runUserAction(actor, id, action, act);
    return this.userJson(await this.findUser(this.users, id));
  }

  private assertNotSelf(actor: Actor, id: string, message: string): void {
    if (actor.kind === 'admin' && actor.id === id) throw badRequest(message);
  }

  verifyUser(actor: Actor, id: string): Promise<AdminUser> {
    return this.userAction(actor, id, 'user.verify', async (_trx, users, user) => {
      if (user.is_verified === 1) throw conflict(ADMIN_MESSAGES.alreadyVerified);
      await users.forceVerified(user.id, this.now());
      return { email: user.email };
    });
  }

  grantAdmin(actor: Actor, id: string): Promise<AdminUser> {
    return this.userAction(actor, id, 'user.grant_admin', async (_trx, users, user) => {
      if (users.hasAdminRole(user)) throw conflict(ADMIN_MESSAGES.alreadyAdmin);
      await users.setAdminRole(user.id, true, this.now());
    });
  }

  /**
   * Removes the stored role. Refused for the admin's own account, for an account that is an
   * admin through ADMIN_EMAILS (the role change would change nothing: the list is the server's
   * configuration), and for an account without the role.
   */
  revokeAdmin(actor: Actor, id: string): Promise<AdminUser> {
    this.assertNotSelf(actor, id, ADMIN_MESSAGES.cannotRevokeOwnAdmin);
    return this.userAction(actor, id, 'user.revoke_admin', async (_trx, users, user) => {
      if (users.isListedAdmin(user)) throw conflict(ADMIN_MESSAGES.inAdminEmails);
      if (!users.hasAdminRole(user)) throw conflict(ADMIN_MESSAGES.notAdmin);
      await users.setAdminRole(user.id, false, this.now());
    });
  }

  /**
   * Disables the account and ends every session it has (not the admin's own, nor an admin
   * through ADMIN_EMAILS: the server's configuration keeps it an admin).
   */
  disableUser(actor: Actor, id: string): Promise<AdminUser> {
    this.assertNotSelf(actor, id, ADMIN_MESSAGES.cannotDisableSelf);
    return this.userAction(actor, id, 'user.disable', async (trx, users, user) => {
      if (users.isListedAdmin(user)) throw conflict(ADMIN_MESSAGES.inAdminEmailsDisable);
      if (user.disabled_at !== null) throw conflict(ADMIN_MESSAGES.alreadyDisabled);
      const now = this.now();
      await users.setDisabledAt(user.id, now, now);
      await this.auth.endAllSessions(user.id, trx);
    });
  }

  enableUser(actor: Actor, id: string): Promise<AdminUser> {
    return this.userAction(actor, id, 'user.enable', async (_trx, users, user) => {
      if (user.disabled_at === null) throw conflict(ADMIN_MESSAGES.notDisabled);
      await users.setDisabledAt(user.id, null, this.now());
    });
  }

  /** Ends every session of the account: each of its tokens answers 401 from now on. */
  signOutUser(actor: Actor, id: string): Promise<AdminUser> {
    return this.userAction(actor, id, 'user.sign_out', async (trx, _users, user) => {
      await this.auth.endAllSessions(user.id, trx);
    });
  }

  /**
   * Deletes the account and everything it owns, its uploaded files too; not the admin's own, nor
   * an admin through ADMIN_EMAILS.
   */
  async deleteUser(actor: Actor, id: string): Promise<void> {
    this.assertNotSelf(actor, id, ADMIN_MESSAGES.cannotDeleteSelf);
    const afterCommit: (() => Promise<void>)[] = [];
    await this.runUserAction(actor, id, 'user.delete', async (_trx, users, user) => {
      if (users.isListedAdmin(user)) throw conflict(ADMIN_MESSAGES.inAdminEmailsDelete);
      // The same deletion as the owner's own (UsersService.deleteAccount), with the audit row.
      const finish = await users.deleteAccountInTransaction(user.id);
      if (finish) afterCommit.push(finish);
      return { email: user.email };
    });
    for (const step of afterCommit) await step();
  }

  /** For the command line: see setAdminRoleByEmail. */
  setRoleByEmail(email: string, admin: boolean): Promise<RoleChange> {
    return setAdminRoleByEmail(this.ctx, this.users, email, admin);
  }

  // ---- Themes ----
  // The routes call the themes services themselves; each write takes its audit row from here.

  /** The audit writer a themes action runs inside its own transaction (decision 024). */
  themeAudit(
    actor: Actor,
    action: AdminAction,
    details?: Record<string, unknown>,
  ): ModerationRecord {
    return themeAudit(this.ctx.clock, actor, action, details);
  }

  /** The audit writer of a report's dismissal. */
  reportDismissalAudit(actor: Actor, reportId: string): ModerationRecord {
    return reportDismissalAudit(this.ctx.clock, actor, reportId);
  }

  // ---- Audit ----

  async listAudit(query: AdminPageQuery): Promise<Paged<AuditEntry>> {
    const { page, page_size } = query;
    const { rows, total } = await this.repo.listAudit(page_size, (page - 1) * page_size);
    return { items: rows.map(toAuditJson), total, page, page_size };
  }
}
