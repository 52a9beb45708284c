import { THEME_GALLERY_MAX } from '@focusroom/core';
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Db, Dialect } from '../../db/index.js';
import { precompile } from '../../db/precompiled.js';
import type { Database, NewTheme, ThemeReportStatus, ThemeRow } from '../../db/schema.js';
import { lockUserRow } from '../users/service.js';

type Executor = Kysely<Database>;

/** A theme row with its creator's username (null for the standard themes). */
export type ThemeWithCreator = ThemeRow & { username: string | null };

/** A theme as moderators see it: with its creator and how many reports wait on it. */
export type ModeratedTheme = ThemeWithCreator & { open_reports: number | string };

/** A report with its reporter and theme. */
export interface ReportWithTheme {
  report_id: string;
  report_reason: string;
  report_status: ThemeReportStatus;
  report_created_at: string;
  report_resolved_at: string | null;
  reporter_id: string;
  reporter_username: string;
  theme: ModeratedTheme;
}

/** `%text%` for LIKE with `%`, `_` and backslash in `text` matching themselves. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export type ThemePatch = Partial<
  Pick<
    ThemeRow,
    | 'name'
    | 'description'
    | 'background_color'
    | 'text_color'
    | 'primary_color'
    | 'secondary_color'
    | 'accent_color'
    | 'is_dark'
    | 'is_public'
    | 'image_url'
    | 'background_url'
  >
> & { updated_at: string };

function withCreator(db: Executor) {
  return db
    .selectFrom('themes')
    .leftJoin('users', 'users.id', 'themes.user_id')
    .selectAll('themes')
    .select('users.username');
}

/** withCreator plus the count of open reports on each theme. */
function moderated(db: Executor) {
  return withCreator(db).select((eb) =>
    eb
      .selectFrom('theme_reports')
      .select(eb.fn.countAll<number>().as('n'))
      .whereRef('theme_reports.theme_id', '=', 'themes.id')
      .where('theme_reports.status', '=', 'open')
      .as('open_reports'),
  );
}

/** Who may see a theme: everyone sees the standard ones and the public, unhidden ones. */
function visibleTo(userId: string | null) {
  return (eb: ExpressionBuilder<Database & { users: Database['users'] }, 'themes'>) => {
    const anyone = [
      eb('themes.is_standard', '=', 1),
      eb.and([eb('themes.is_public', '=', 1), eb('themes.is_hidden', '=', 0)]),
    ];
    return eb.or(userId === null ? anyone : [...anyone, eb('themes.user_id', '=', userId)]);
  };
}

/** Named queries on `themes`, `theme_preferences` and `theme_reports`. */
export class ThemesRepository {
  private readonly standardList;
  private readonly galleryList;

  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
  ) {
    // The two lists anyone polls (product §4's refresh) are compiled once (decision 010).
    this.standardList = precompile(db, [], () =>
      withCreator(db).where('themes.is_standard', '=', 1).orderBy('themes.name'),
    );
    this.galleryList = precompile(db, [], () =>
      withCreator(db)
        .where('themes.is_public', '=', 1)
        .where('themes.is_hidden', '=', 0)
        .where('themes.user_id', 'is not', null)
        .orderBy('themes.created_at', 'desc')
        .orderBy('themes.id', 'desc')
        .limit(THEME_GALLERY_MAX),
    );
  }

  listStandard(): Promise<ThemeWithCreator[]> {
    return this.standardList({});
  }

  listGallery(): Promise<ThemeWithCreator[]> {
    return this.galleryList({});
  }

  listOwned(userId: string): Promise<ThemeWithCreator[]> {
    return withCreator(this.db)
      .where('themes.user_id', '=', userId)
      .orderBy('themes.created_at', 'desc')
      .orderBy('themes.id', 'desc')
      .execute();
  }

  /** The theme if `userId` (null: signed out) may see it: standard, own, or public and shown. */
  findVisible(
    id: string,
    userId: string | null,
    db: Executor = this.db,
  ): Promise<ThemeWithCreator | undefined> {
    return withCreator(db).where('themes.id', '=', id).where(visibleTo(userId)).executeTakeFirst();
  }

  findOwned(db: Executor, userId: string, id: string): Promise<ThemeWithCreator | undefined> {
    return withCreator(db)
      .where('themes.id', '=', id)
      .where('themes.user_id', '=', userId)
      .executeTakeFirst();
  }

  findDefault(): Promise<ThemeWithCreator | undefined> {
    return withCreator(this.db)
      .where('themes.is_default', '=', 1)
      .orderBy('themes.id')
      .executeTakeFirst();
  }

  /**
   * Serializes one user's theme writes for the rest of the transaction (the count against the
   * limit, then the insert): a row lock on the user on PostgreSQL; SQLite runs one transaction
   * at a time.
   */
  lockUser(trx: Executor, userId: string): Promise<void> {
    return lockUserRow(trx, this.dialect, userId);
  }

  async countOwned(db: Executor, userId: string): Promise<number> {
    const row = await db
      .selectFrom('themes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async insert(trx: Executor, row: NewTheme): Promise<void> {
    await trx.insertInto('themes').values(row).execute();
  }

  async update(trx: Executor, userId: string, id: string, patch: ThemePatch): Promise<void> {
    await trx
      .updateTable('themes')
      .set(patch)
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .execute();
  }

  async delete(trx: Executor, userId: string, id: string): Promise<void> {
    await trx.deleteFrom('themes').where('id', '=', id).where('user_id', '=', userId).execute();
  }

  /** Deletes every theme of the user; returns the image addresses they showed. */
  async deleteAllOf(
    trx: Executor,
    userId: string,
  ): Promise<{ image_url: string | null; background_url: string | null }[]> {
    return trx
      .deleteFrom('themes')
      .where('user_id', '=', userId)
      .returning(['image_url', 'background_url'])
      .execute();
  }

  /**
   * Points a seeded theme's art at `url` where it still shows art of ours (under `artPath`) and
   * not already that file; an image someone put in its place stays. Returns the rows changed.
   */
  async moveStandardArt(id: string, artPath: string, url: string): Promise<number> {
    let changed = 0;
    for (const column of ['image_url', 'background_url'] as const) {
      const result = await this.db
        .updateTable('themes')
        .set({ [column]: url })
        .where('id', '=', id)
        .where('user_id', 'is', null)
        .where(column, 'like', `${artPath}%`)
        .where(column, '<>', url)
        .executeTakeFirst();
      changed += Number(result.numUpdatedRows);
    }
    return changed;
  }

  /** How many themes still show this stored upload (as image or background). */
  /**
   * PostgreSQL: a lock per upload file, shared by every instance and held until the
   * transaction ends (decision 036), taken in hash order so two saves never wait on each other.
   * SQLite has one instance, whose process lock (UploadStore.withFile) is enough.
   */
  async lockUploads(trx: Executor, hashes: string[]): Promise<void> {
    if (this.dialect !== 'postgres') return;
    for (const sha256 of [...hashes].sort()) {
      await sql`select pg_advisory_xact_lock(hashtextextended(${`focusroom:upload:${sha256}`}, 0))`.execute(
        trx,
      );
    }
  }

  async countReferences(url: string, db: Executor = this.db): Promise<number> {
    const row = await db
      .selectFrom('themes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) => eb.or([eb('image_url', '=', url), eb('background_url', '=', url)]))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async findPreference(userId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('theme_preferences')
      .select('theme_id')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.theme_id;
  }

  async savePreference(userId: string, themeId: string, now: string): Promise<void> {
    await this.db
      .insertInto('theme_preferences')
      .values({ user_id: userId, theme_id: themeId, updated_at: now })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ theme_id: themeId, updated_at: now }))
      .execute();
  }

  // ---- Moderation and the standard list (the admin area) ----

  /** Any theme by id, with its creator and open reports. */
  async findModerated(db: Executor, id: string): Promise<ModeratedTheme | undefined> {
    return (await moderated(db).where('themes.id', '=', id).executeTakeFirst()) as
      ModeratedTheme | undefined;
  }

  /**
   * Public custom themes, hidden ones included, newest first, whose name or creator's username
   * contains `q`; one page and the total.
   */
  async listPublicModerated(
    q: string | undefined,
    limit: number,
    offset: number,
  ): Promise<{ rows: ModeratedTheme[]; total: number }> {
    const text = q?.trim();
    const filter = (eb: ExpressionBuilder<Database & { users: Database['users'] }, 'themes'>) => {
      const conditions = [eb('themes.is_public', '=', 1), eb('themes.user_id', 'is not', null)];
      if (text) {
        const pattern = containsPattern(text);
        conditions.push(
          eb.or([
            sql<boolean>`lower(${eb.ref('themes.name')}) like ${pattern} escape '\\'`,
            sql<boolean>`${sql.ref('users.username_lower')} like ${pattern} escape '\\'`,
          ]),
        );
      }
      return eb.and(conditions);
    };
    const [rows, count] = await Promise.all([
      moderated(this.db)
        .where(filter)
        .orderBy('themes.created_at', 'desc')
        .orderBy('themes.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      this.db
        .selectFrom('themes')
        .leftJoin('users', 'users.id', 'themes.user_id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(filter)
        .executeTakeFirstOrThrow(),
    ]);
    return { rows: rows as ModeratedTheme[], total: Number(count.n) };
  }

  /** How many reports are open (theme_reports_status_created_idx). */
  async countOpenReports(): Promise<number> {
    const row = await this.db
      .selectFrom('theme_reports')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'open')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  private reportsQuery(db: Executor = this.db) {
    return db
      .selectFrom('theme_reports')
      .innerJoin('users as reporter', 'reporter.id', 'theme_reports.user_id')
      .select([
        'theme_reports.id as report_id',
        'theme_reports.theme_id as theme_id',
        'theme_reports.reason as report_reason',
        'theme_reports.status as report_status',
        'theme_reports.created_at as report_created_at',
        'theme_reports.resolved_at as report_resolved_at',
        'reporter.id as reporter_id',
        'reporter.username as reporter_username',
      ]);
  }

  /** Each report with its theme (one query for the page's themes). */
  private async withThemes(
    reports: Awaited<ReturnType<ReturnType<ThemesRepository['reportsQuery']>['execute']>>,
  ): Promise<ReportWithTheme[]> {
    const themeIds = [...new Set(reports.map((r) => r.theme_id))];
    const themes =
      themeIds.length === 0
        ? []
        : ((await moderated(this.db)
            .where('themes.id', 'in', themeIds)
            .execute()) as ModeratedTheme[]);
    const byId = new Map(themes.map((t) => [t.id, t]));
    const rows: ReportWithTheme[] = [];
    for (const { theme_id, ...report } of reports) {
      const theme = byId.get(theme_id);
      if (theme) rows.push({ ...report, theme });
    }
    return rows;
  }

  /** Reports, newest first (only the open ones unless `all`), one page and the total. */
  async listReports(
    all: boolean,
    limit: number,
    offset: number,
  ): Promise<{ rows: ReportWithTheme[]; total: number }> {
    let page = this.reportsQuery();
    let count = this.db
      .selectFrom('theme_reports')
      .select((eb) => eb.fn.countAll<number>().as('n'));
    if (!all) {
      page = page.where('theme_reports.status', '=', 'open');
      count = count.where('theme_reports.status', '=', 'open');
    }
    const [reports, total] = await Promise.all([
      page
        .orderBy('theme_reports.created_at', 'desc')
        .orderBy('theme_reports.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      count.executeTakeFirstOrThrow(),
    ]);
    return { rows: await this.withThemes(reports), total: Number(total.n) };
  }

  async findReportWithTheme(id: string): Promise<ReportWithTheme | undefined> {
    const reports = await this.reportsQuery().where('theme_reports.id', '=', id).execute();
    return (await this.withThemes(reports))[0];
  }

  async findReport(
    db: Executor,
    id: string,
  ): Promise<{ id: string; theme_id: string; status: ThemeReportStatus } | undefined> {
    return db
      .selectFrom('theme_reports')
      .select(['id', 'theme_id', 'status'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Resolves one open report; false when it was not open (any more). */
  async resolveReport(
    trx: Executor,
    id: string,
    status: Exclude<ThemeReportStatus, 'open'>,
    now: string,
  ): Promise<boolean> {
    const result = await trx
      .updateTable('theme_reports')
      .set({ status, resolved_at: now })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Resolves every open report of a theme (it was hidden: the reports were acted on). */
  async resolveReportsOf(
    trx: Executor,
    themeId: string,
    status: Exclude<ThemeReportStatus, 'open'>,
    now: string,
  ): Promise<number> {
    const result = await trx
      .updateTable('theme_reports')
      .set({ status, resolved_at: now })
      .where('theme_id', '=', themeId)
      .where('status', '=', 'open')
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async setHidden(
    trx: Executor,
    id: string,
    hidden: { at: string; reason: string } | null,
    now: string,
  ): Promise<void> {
    await trx
      .updateTable('themes')
      .set({
        is_hidden: hidden ? 1 : 0,
        hidden_at: hidden?.at ?? null,
        hidden_reason: hidden?.reason ?? null,
        updated_at: now,
      })
      .where('id', '=', id)
      .execute();
  }

  /** Deletes a custom theme whoever owns it (never a standard one). */
  async deleteCustom(trx: Executor, id: string): Promise<void> {
    await trx.deleteFrom('themes').where('id', '=', id).where('is_standard', '=', 0).execute();
  }

  async updateStandard(trx: Executor, id: string, patch: ThemePatch): Promise<void> {
    await trx
      .updateTable('themes')
      .set(patch)
      .where('id', '=', id)
      .where('is_standard', '=', 1)
      .execute();
  }

  /** Makes this standard theme the one default (every other loses the flag). */
  async setDefaultStandard(trx: Executor, id: string, now: string): Promise<void> {
    await trx
      .updateTable('themes')
      .set({ is_default: 0, updated_at: now })
      .where('is_default', '=', 1)
      .where('id', '!=', id)
      .execute();
    await trx
      .updateTable('themes')
      .set({ is_default: 1, updated_at: now })
      .where('id', '=', id)
      .where('is_standard', '=', 1)
      .execute();
  }

  async deleteStandard(trx: Executor, id: string): Promise<void> {
    await trx.deleteFrom('themes').where('id', '=', id).where('is_standard', '=', 1).execute();
  }

  /** Throws a unique violation when this user already reported this theme. */
  /** The reports one user filed, newest first, each with the name of the theme reported. */
  listReportsBy(userId: string) {
    return this.db
      .selectFrom('theme_reports')
      .innerJoin('themes', 'themes.id', 'theme_reports.theme_id')
      .where('theme_reports.user_id', '=', userId)
      .select([
        'theme_reports.id as id',
        'theme_reports.theme_id as theme_id',
        'themes.name as theme_name',
        'theme_reports.reason as reason',
        'theme_reports.status as status',
        'theme_reports.created_at as created_at',
        'theme_reports.resolved_at as resolved_at',
      ])
      .orderBy('theme_reports.created_at', 'desc')
      .orderBy('theme_reports.id', 'desc')
      .execute();
  }

  async insertReport(row: {
    id: string;
    theme_id: string;
    user_id: string;
    reason: string;
    created_at: string;
  }): Promise<void> {
    await this.db.insertInto('theme_reports').values(row).execute();
  }
}
