import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/index.js';
import type { AuditLogTable } from '../../db/schema-admin.js';

export type AuditRow = AuditLogTable;

/** Counts of one UTC day, as the database grouped them. */
export interface DayCounts {
  date: string;
  signups?: number;
  sessions?: number;
  focus_minutes?: number;
}

const n = (value: unknown) => Number(value ?? 0);

/** Appends one audit row with `trx`, the transaction of the action it records. */
export async function insertAuditRow(trx: Db, row: AuditRow): Promise<void> {
  await trx.insertInto('audit_log').values(row).execute();
}

/**
 * The admin module's own queries: the audit log, and the read-only aggregates of the overview
 * and a user's page. These read other modules' tables (users, focus_sessions, theme_reports,
 * themes, playlists) but never write them: every change goes through the owning service.
 */
export class AdminRepository {
  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
  ) {}

  /** A page of the audit log, newest first, and the total. */
  async listAudit(limit: number, offset: number): Promise<{ rows: AuditRow[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.db
        .selectFrom('audit_log')
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      this.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: n(count.n) };
  }

  /**
   * The overview's cheap figures, every time: users (one pass: total, verified, new since
   * `since7`), signups per UTC day since `since30` (users_created_idx), open reports
   * (theme_reports_status_created_idx). Times are ISO strings, so the UTC day is their first
   * ten characters on both engines.
   */
  async userFigures(
    since30: string,
    since7: string,
  ): Promise<{
    users: { total: number; verified: number; new_this_week: number };
    reports_waiting: number;
    days: DayCounts[];
  }> {
    const users = await sql<{ total: unknown; verified: unknown; new_week: unknown }>`
      select count(*) as total,
             coalesce(sum(is_verified), 0) as verified,
             coalesce(sum(case when created_at >= ${since7} then 1 else 0 end), 0) as new_week
      from users`.execute(this.db);
    const signups = await sql<{ date: string; signups: unknown }>`
      select substr(created_at, 1, 10) as date, count(*) as signups
      from users where created_at >= ${since30}
      group by substr(created_at, 1, 10)`.execute(this.db);
    const reports = await this.db
      .selectFrom('theme_reports')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'open')
      .executeTakeFirstOrThrow();
    const u = users.rows[0];
    return {
      users: { total: n(u?.total), verified: n(u?.verified), new_this_week: n(u?.new_week) },
      reports_waiting: n(reports.n),
      days: signups.rows.map((r) => ({ date: r.date, signups: n(r.signups) })),
    };
  }

  /**
   * Focus sessions and completed minutes per UTC day of their start, for starts in
   * [from, to): a range of focus_sessions_start_idx, which covers every column read.
   */
  async sessionDays(from: string, to: string): Promise<DayCounts[]> {
    const rows = await sql<{ date: string; sessions: unknown; focus_minutes: unknown }>`
      select substr(start_time, 1, 10) as date, count(*) as sessions,
             coalesce(sum(case when completed = 1 then duration else 0 end), 0) as focus_minutes
      from focus_sessions where start_time >= ${from} and start_time < ${to}
      group by substr(start_time, 1, 10)`.execute(this.db);
    return rows.rows.map((r) => ({
      date: r.date,
      sessions: n(r.sessions),
      focus_minutes: n(r.focus_minutes),
    }));
  }

  /**
   * Users who recorded a session starting since `since7` / `since30`: one probe per user of
   * focus_sessions_user_start_idx (its newest session), cheaper than a distinct count over
   * every session of the month.
   */
  async activeUsers(since7: string, since30: string): Promise<{ d7: number; d30: number }> {
    const rows = await sql<{ d7: unknown; d30: unknown }>`
      select coalesce(sum(case when exists (select 1 from focus_sessions f
                 where f.user_id = u.id and f.start_time >= ${since7}) then 1 else 0 end), 0) as d7,
             coalesce(sum(case when exists (select 1 from focus_sessions f
                 where f.user_id = u.id and f.start_time >= ${since30}) then 1 else 0 end), 0) as d30
      from users u`.execute(this.db);
    return { d7: n(rows.rows[0]?.d7), d30: n(rows.rows[0]?.d30) };
  }

  /** What a user owns: focus sessions, custom themes and playlists. */
  async ownedCounts(
    userId: string,
  ): Promise<{ focus_sessions: number; custom_themes: number; playlists: number }> {
    const count = (table: 'focus_sessions' | 'themes' | 'playlists') =>
      this.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
    const [sessions, themes, playlists] = await Promise.all([
      count('focus_sessions'),
      count('themes'),
      count('playlists'),
    ]);
    return { focus_sessions: n(sessions.n), custom_themes: n(themes.n), playlists: n(playlists.n) };
  }
}
