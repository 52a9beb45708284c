import { ADMIN_MESSAGES, ID_PATTERN, THEME_API_MESSAGES } from '@focusroom/core';
import type {
  AdminReport,
  AdminReportList,
  AdminReportListQuery,
  AdminTheme,
  AdminThemeList,
  AdminThemeListQuery,
  FiledThemeReport,
  ThemeReportBody,
} from '@focusroom/core/schemas';
import { v7 as uuidv7 } from 'uuid';
import type { AppContext } from '../../context.js';
import { isUniqueViolation, type Db } from '../../db/index.js';
import { badRequest, conflict, notFound } from '../../lib/http-errors.js';
import type { ThemeImagesService } from './images-service.js';
import type { ThemeListCache } from './list-cache.js';
import { findModeratedOr404, findVisibleOr404 } from './lookups.js';
import type { ModeratedTheme, ThemesRepository } from './repository.js';
import { toAdminReportJson, toAdminThemeJson } from './theme-json.js';

/**
 * Runs inside a moderation write's transaction with the theme as it was before: the admin
 * module writes its audit row here, so both commit or neither does (decision 024).
 */
export type ModerationRecord = (trx: Db, before: ModeratedTheme) => Promise<void>;

/**
 * Reports and moderation (product §6): a user reports someone else's public theme; the admin
 * area (which checks the role and writes the audit row through a ModerationRecord) lists the
 * reports and the public themes, dismisses a report, hides, shows again or deletes a theme.
 */
export class ThemeModerationService {
  constructor(
    private readonly ctx: Pick<AppContext, 'db' | 'clock'>,
    private readonly repo: ThemesRepository,
    private readonly images: ThemeImagesService,
    private readonly lists: ThemeListCache,
  ) {}

  private now(): string {
    return this.ctx.clock.now().toISOString();
  }

  /** Reports someone else's public theme for moderation; once per user and theme (409). */
  async report(userId: string, themeId: string, body: ThemeReportBody): Promise<void> {
    const theme = await findVisibleOr404(this.repo, themeId, userId);
    if (theme.is_standard === 1 || theme.is_public !== 1 || theme.user_id === userId) {
      throw badRequest(THEME_API_MESSAGES.reportOnlyOthersPublic);
    }
    try {
      await this.repo.insertReport({
        id: uuidv7(),
        theme_id: theme.id,
        user_id: userId,
        reason: body.reason,
        created_at: this.now(),
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(THEME_API_MESSAGES.alreadyReported);
      throw error;
    }
  }

  /** The reports the user filed against others' public themes, newest first (the export). */
  async reportsBy(userId: string): Promise<FiledThemeReport[]> {
    return (await this.repo.listReportsBy(userId)).map((row) => ({
      id: row.id,
      theme: { id: row.theme_id, name: row.theme_name },
      reason: row.reason,
      status: row.status,
      created_at: row.created_at,
      resolved_at: row.resolved_at,
    }));
  }

  /** How many reports wait for a moderator (the admin overview). */
  countOpenReports(): Promise<number> {
    return this.repo.countOpenReports();
  }

  /** Public custom themes, hidden ones included, with their state; one page and the total. */
  async listPublic(query: AdminThemeListQuery): Promise<AdminThemeList> {
    const { page, page_size } = query;
    const { rows, total } = await this.repo.listPublicModerated(
      query.q,
      page_size,
      (page - 1) * page_size,
    );
    return { items: rows.map(toAdminThemeJson), total, page, page_size };
  }

  /** Reports, newest first (open ones only unless `all`), with reporter and theme; one page. */
  async listReports(query: AdminReportListQuery): Promise<AdminReportList> {
    const { page, page_size } = query;
    const { rows, total } = await this.repo.listReports(
      query.status === 'all',
      page_size,
      (page - 1) * page_size,
    );
    return { items: rows.map(toAdminReportJson), total, page, page_size };
  }

  /** One report (404 unknown). */
  private async findReportOr404(db: Db, id: string) {
    const report = ID_PATTERN.test(id) ? await this.repo.findReport(db, id) : undefined;
    if (!report) throw notFound(ADMIN_MESSAGES.reportNotFound);
    return report;
  }

  /** Dismisses an open report (409 once resolved); the theme stays as it is. */
  async dismissReport(id: string, record: ModerationRecord): Promise<AdminReport> {
    await this.ctx.db.transaction().execute(async (trx) => {
      const report = await this.findReportOr404(trx, id);
      if (!(await this.repo.resolveReport(trx, id, 'dismissed', this.now()))) {
        throw conflict(ADMIN_MESSAGES.reportNotOpen);
      }
      await record(trx, await findModeratedOr404(this.repo, trx, report.theme_id));
    });
    const report = await this.repo.findReportWithTheme(id);
    if (!report) throw notFound(ADMIN_MESSAGES.reportNotFound);
    return toAdminReportJson(report);
  }

  /**
   * Hides a custom theme from the gallery (its owner still sees it) and marks its open reports
   * acted on; 409 when already hidden.
   */
  async hide(
    id: string,
    reason: string | undefined,
    record: ModerationRecord,
  ): Promise<AdminTheme> {
    const now = this.now();
    await this.ctx.db.transaction().execute(async (trx) => {
      const theme = await findModeratedOr404(this.repo, trx, id);
      if (theme.is_standard === 1) throw badRequest(ADMIN_MESSAGES.notPublicCustom);
      if (theme.is_hidden === 1) throw conflict(ADMIN_MESSAGES.alreadyHidden);
      await this.repo.setHidden(
        trx,
        id,
        { at: now, reason: reason?.trim() || ADMIN_MESSAGES.hiddenByModerator },
        now,
      );
      await this.repo.resolveReportsOf(trx, id, 'actioned', now);
      await record(trx, theme);
    });
    await this.lists.changed();
    return toAdminThemeJson(await findModeratedOr404(this.repo, this.ctx.db, id));
  }

  /** Shows a hidden custom theme again; 409 when it is not hidden. */
  async restore(id: string, record: ModerationRecord): Promise<AdminTheme> {
    const now = this.now();
    await this.ctx.db.transaction().execute(async (trx) => {
      const theme = await findModeratedOr404(this.repo, trx, id);
      if (theme.is_standard === 1) throw badRequest(ADMIN_MESSAGES.notPublicCustom);
      if (theme.is_hidden !== 1) throw conflict(ADMIN_MESSAGES.notHidden);
      await this.repo.setHidden(trx, id, null, now);
      await record(trx, theme);
    });
    await this.lists.changed();
    return toAdminThemeJson(await findModeratedOr404(this.repo, this.ctx.db, id));
  }

  /** Deletes anyone's custom theme (its reports go with it) and any upload no theme uses now. */
  async delete(id: string, record: ModerationRecord): Promise<void> {
    const removed = await this.ctx.db.transaction().execute(async (trx) => {
      const theme = await findModeratedOr404(this.repo, trx, id);
      if (theme.is_standard === 1) throw badRequest(ADMIN_MESSAGES.notCustomTheme);
      await this.repo.deleteCustom(trx, id);
      await record(trx, theme);
      return theme;
    });
    await this.lists.changed();
    await this.images.release([removed.image_url, removed.background_url]);
  }
}
