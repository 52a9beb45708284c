import { createHash } from 'node:crypto';
import path from 'node:path';
import {
  ADMIN_MESSAGES,
  CUSTOM_THEMES_MAX_PER_USER,
  FALLBACK_THEME,
  ID_PATTERN,
  STANDARD_THEMES,
  THEME_API_MESSAGES,
  THEME_ART_PATH,
  THEME_IMAGE_PROBLEM_MESSAGES,
  classifyThemeImage,
  missesThemeColours,
  themeColoursFor,
  type PictureColours,
  type ThemeColours,
  type ThemeImageValue,
} from '@focusroom/core';
import type {
  AdminReport,
  AdminTheme,
  CreateThemeBody,
  FiledThemeReport,
  StandardThemeBody,
  Theme,
  ThemeReportBody,
  UpdateStandardThemeBody,
  UpdateThemeBody,
} from '@focusroom/core/schemas';
import { v7 as uuidv7 } from 'uuid';
import type { AppContext } from '../../context.js';
import { isUniqueViolation, type Db } from '../../db/index.js';
import type { NewTheme } from '../../db/schema.js';
import { HttpError, badRequest, conflict, fieldError, notFound } from '../../lib/http-errors.js';
import { ifNoneMatchIncludes, weakTag } from '../../lib/revalidation.js';
import {
  ThemesRepository,
  type ModeratedTheme,
  type ReportWithTheme,
  type ThemePatch,
  type ThemeWithCreator,
} from './repository.js';
import { UploadStore, pictureColours, reencodeUpload } from './uploads.js';

/** The theme JSON of product §3; `username` only on public custom themes. */
export function toThemeJson(row: ThemeWithCreator): Theme {
  const theme: Theme = {
    id: row.id,
    name: row.name,
    description: row.description,
    background_color: row.background_color,
    text_color: row.text_color,
    primary_color: row.primary_color,
    secondary_color: row.secondary_color,
    accent_color: row.accent_color,
    is_dark: row.is_dark === 1,
    is_default: row.is_default === 1,
    is_standard: row.is_standard === 1,
    image_url: row.image_url,
    background_url: row.background_url,
    user_id: row.user_id,
    created_at: row.created_at,
    is_public: row.is_public === 1,
  };
  if (theme.is_public && row.user_id !== null && row.username !== null) {
    theme.username = row.username;
  }
  return theme;
}

/**
 * A theme as `viewerId` may see it: their own custom theme carries its moderation state
 * (`is_hidden`, `hidden_reason`: the admin JSON's names), so the owner can tell a moderator hid
 * it; anyone else's answer never has those fields (decision 031).
 */
export function toThemeJsonFor(row: ThemeWithCreator, viewerId: string | null): Theme {
  const theme = toThemeJson(row);
  if (viewerId === null || row.user_id !== viewerId) return theme;
  const hidden = row.is_hidden === 1;
  return { ...theme, is_hidden: hidden, hidden_reason: hidden ? row.hidden_reason : null };
}

const themeNotFound = () => notFound(THEME_API_MESSAGES.notFound);

/** A theme with its moderation state, for the admin area; the creator's username always. */
export function toAdminThemeJson(row: ModeratedTheme): AdminTheme {
  const theme = toThemeJson(row);
  if (row.user_id !== null && row.username !== null) theme.username = row.username;
  return {
    ...theme,
    is_hidden: row.is_hidden === 1,
    hidden_at: row.hidden_at,
    hidden_reason: row.hidden_reason,
    open_reports: Number(row.open_reports),
  };
}

function toAdminReportJson(row: ReportWithTheme): AdminReport {
  return {
    id: row.report_id,
    reason: row.report_reason,
    status: row.report_status,
    created_at: row.report_created_at,
    resolved_at: row.report_resolved_at,
    reporter: { id: row.reporter_id, username: row.reporter_username },
    theme: toAdminThemeJson(row.theme),
  };
}

/** The ten standard themes every database is seeded with: edited, never deleted. */
const SEEDED_THEME_IDS: ReadonlySet<string> = new Set(STANDARD_THEMES.map((t) => t.id));

/**
 * Runs inside a moderation write's transaction with the theme as it was before: the admin
 * module writes its audit row here, so both commit or neither does.
 */
export type ModerationRecord = (trx: Db, before: ModeratedTheme) => Promise<void>;

/**
 * The two lists everyone polls are answered from serialized JSON kept this long at most, and
 * dropped at once by any theme write of this process (a write in another process, or a
 * moderator's change in the database, shows within this time).
 */
const LIST_CACHE_MS = 5000;
/** The broadcast topic of writes that change the standard or gallery list. */
const THEME_LISTS_TOPIC = 'theme-lists';

interface CachedList {
  writes: number;
  at: number;
  json: string;
  /** SHA-256 of `json`, made once per fill: part of the theme check's tag. */
  hash: string;
}

/**
 * Part of the theme check's tag: raise it when a theme's fields or the answer's shape change,
 * so a tag a browser kept from before never matches again.
 */
export const THEME_LISTS_TAG_FORMAT = 1;

/** The theme check's answer: its tag, and the JSON unless the caller's tag is still current. */
export interface ThemeListsAnswer {
  etag: string;
  json: string | null;
}

/** An image field of a payload, made ready to store: the URL to save, and the file it needs. */
interface PreparedImage {
  url: string | null;
  /** A stored upload this URL points at: written (if new) and locked while the theme is saved. */
  upload?: { sha256: string; webp?: Buffer };
}

type ImageField = 'image_url' | 'background_url';

/** The stored upload a saved URL refers to, if any. */
function uploadHashOf(url: string | null): string | null {
  const value = classifyThemeImage(url);
  return value.kind === 'stored' ? value.sha256 : null;
}

/**
 * Themes (product §3-§7): the standard list, custom themes with uploads, the public gallery,
 * each user's preference, and reports for moderation. Anyone else's theme that is not public
 * answers 404 exactly like an unknown id (product §6).
 */
export class ThemesService {
  private readonly repo: ThemesRepository;
  readonly uploads: UploadStore;
  /** Raised after every committed write of a custom theme: the cached lists are stale then. */
  private writes = 0;
  private readonly listCache = new Map<'standard' | 'gallery', CachedList>();

  constructor(private readonly ctx: AppContext) {
    this.repo = new ThemesRepository(ctx.db, ctx.dialect);
    this.uploads = new UploadStore(path.join(ctx.config.dataDir, 'uploads'));
    // A write through any instance makes this one's cached lists stale (decision 036).
    ctx.broadcast.subscribe(THEME_LISTS_TOPIC, () => (this.writes += 1));
  }

  /** After a committed write of a theme: every instance's cached lists are stale. */
  private listsChanged(): Promise<void> {
    return this.ctx.broadcast.publish(THEME_LISTS_TOPIC);
  }

  private now(): string {
    return this.ctx.clock.now().toISOString();
  }

  /** The standard themes as JSON text (a Theme[]). */
  async standardJson(): Promise<string> {
    return (await this.cachedList('standard', () => this.repo.listStandard())).json;
  }

  /** Public, unhidden custom themes of everyone, newest first, with usernames, as JSON text. */
  async galleryJson(): Promise<string> {
    return (await this.cachedList('gallery', () => this.repo.listGallery())).json;
  }

  /**
   * The theme check (product §4): the standard list, the user's own themes and the gallery in
   * one answer, `{"standard":[…],"custom":[…],"public":[…]}`, each as its own route answers it.
   * Its tag is made from the two cached lists' hashes and the user's own list, so while none of
   * them changed the caller's If-None-Match gets a 304 with nothing serialized or sent
   * (decision 041).
   */
  async listsFor(userId: string, ifNoneMatch: string | undefined): Promise<ThemeListsAnswer> {
    const [standard, gallery, owned] = await Promise.all([
      this.cachedList('standard', () => this.repo.listStandard()),
      this.cachedList('gallery', () => this.repo.listGallery()),
      this.listOwned(userId),
    ]);
    const ownJson = JSON.stringify(owned);
    const etag = weakTag(
      `themes/${THEME_LISTS_TAG_FORMAT}`,
      `${standard.hash} ${gallery.hash} ${ownJson}`,
    );
    if (ifNoneMatchIncludes(ifNoneMatch, etag)) return { etag, json: null };
    return {
      etag,
      json: `{"standard":${standard.json},"custom":${ownJson},"public":${gallery.json}}`,
    };
  }

  private async cachedList(
    key: 'standard' | 'gallery',
    load: () => Promise<ThemeWithCreator[]>,
  ): Promise<CachedList> {
    const now = this.ctx.clock.now().getTime();
    const cached = this.listCache.get(key);
    if (cached && cached.writes === this.writes && now - cached.at < LIST_CACHE_MS) {
      return cached;
    }
    const writes = this.writes;
    const json = JSON.stringify((await load()).map(toThemeJson));
    const hash = createHash('sha256').update(json).digest('base64url');
    const fresh = { writes, at: now, json, hash };
    this.listCache.set(key, fresh);
    return fresh;
  }

  async listOwned(userId: string): Promise<Theme[]> {
    return (await this.repo.listOwned(userId)).map((row) => toThemeJsonFor(row, userId));
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

  /**
   * A standard theme, one of the user's own (with its moderation state), or a public one that
   * is not hidden; else 404.
   */
  async get(id: string, userId: string | null): Promise<Theme> {
    return toThemeJsonFor(await this.findVisible(id, userId), userId);
  }

  private async findVisible(id: string, userId: string | null): Promise<ThemeWithCreator> {
    if (!ID_PATTERN.test(id)) throw themeNotFound();
    const row = await this.repo.findVisible(id, userId);
    if (!row) throw themeNotFound();
    return row;
  }

  async create(userId: string, body: CreateThemeBody): Promise<Theme> {
    // Checked before an upload is decoded, and again under the lock below.
    if ((await this.repo.countOwned(this.ctx.db, userId)) >= CUSTOM_THEMES_MAX_PER_USER) {
      throw badRequest(THEME_API_MESSAGES.tooManyThemes);
    }
    const image = await this.prepareImage('image_url', body.image_url);
    const background = await this.prepareImage('background_url', body.background_url);
    const colours = await this.coloursFor(body, [background, image]);
    const now = this.now();
    const row: NewTheme = {
      id: uuidv7(),
      user_id: userId,
      name: body.name,
      description: body.description ?? '',
      background_color: colours.background_color,
      text_color: colours.text_color,
      primary_color: colours.primary_color,
      secondary_color: colours.secondary_color,
      accent_color: colours.accent_color,
      is_dark: colours.is_dark ? 1 : 0,
      is_default: 0,
      is_standard: 0,
      is_public: body.is_public ? 1 : 0,
      image_url: image.url,
      background_url: background.url,
      created_at: now,
      updated_at: now,
    };
    await this.withImages([image, background], async (trx) => {
      await this.repo.lockUser(trx, userId);
      if ((await this.repo.countOwned(trx, userId)) >= CUSTOM_THEMES_MAX_PER_USER) {
        throw badRequest(THEME_API_MESSAGES.tooManyThemes);
      }
      await this.repo.insert(trx, row);
    });
    await this.listsChanged();
    const saved = await this.repo.findOwned(this.ctx.db, userId, row.id);
    if (!saved) throw themeNotFound();
    return toThemeJsonFor(saved, userId);
  }

  /**
   * The colours of a new custom theme (decision 058): those sent, the rest derived from the
   * first picture the server can read (an upload, in the order given: the background picture
   * is the one shown), else from the default theme. An https address is never fetched.
   */
  private async coloursFor(body: CreateThemeBody, images: PreparedImage[]): Promise<ThemeColours> {
    if (!missesThemeColours(body)) return themeColoursFor(body, null, FALLBACK_THEME);
    let picture: PictureColours | null = null;
    for (const image of images) {
      if (!image.upload) continue;
      const webp = image.upload.webp ?? (await this.uploads.read(image.upload.sha256));
      if (!webp) continue;
      try {
        picture = await pictureColours(webp);
        break;
      } catch {
        // A stored file that no longer decodes: the next picture, or the defaults.
      }
    }
    const defaults = (await this.repo.findDefault()) ?? FALLBACK_THEME;
    return themeColoursFor(body, picture, defaults);
  }

  /**
   * The row changes for the fields sent of a theme (custom or standard): images prepared (an
   * upload stored), colours, name, description and the dark flag; `updated_at` always.
   */
  private async patchOf(
    body: UpdateThemeBody | UpdateStandardThemeBody,
  ): Promise<{ patch: ThemePatch; prepared: PreparedImage[] }> {
    const patch: ThemePatch = { updated_at: this.now() };
    const prepared: PreparedImage[] = [];
    for (const field of ['image_url', 'background_url'] as const) {
      if (body[field] === undefined) continue;
      const image = await this.prepareImage(field, body[field]);
      prepared.push(image);
      patch[field] = image.url;
    }
    if (body.name !== undefined) patch.name = body.name;
    if (body.description !== undefined) patch.description = body.description ?? '';
    for (const key of [
      'background_color',
      'text_color',
      'primary_color',
      'secondary_color',
      'accent_color',
    ] as const) {
      const value = body[key];
      if (value !== undefined) patch[key] = value;
    }
    if (body.is_dark !== undefined) patch.is_dark = body.is_dark ? 1 : 0;
    return { patch, prepared };
  }

  /** Changes the fields sent; only the owner may (anyone else: 404). */
  async update(userId: string, id: string, body: UpdateThemeBody): Promise<Theme> {
    if (!ID_PATTERN.test(id)) throw themeNotFound();
    const before = await this.repo.findOwned(this.ctx.db, userId, id);
    if (!before) throw themeNotFound();
    const { patch, prepared } = await this.patchOf(body);
    if (body.is_public !== undefined) patch.is_public = body.is_public ? 1 : 0;

    const previous = await this.withImages(prepared, async (trx) => {
      await this.repo.lockUser(trx, userId);
      const current = await this.repo.findOwned(trx, userId, id);
      if (!current) throw themeNotFound();
      await this.repo.update(trx, userId, id, patch);
      return current;
    });
    await this.listsChanged();
    await this.releaseUploads([previous.image_url, previous.background_url]);
    const saved = await this.repo.findOwned(this.ctx.db, userId, id);
    if (!saved) throw themeNotFound();
    return toThemeJsonFor(saved, userId);
  }

  /** Deletes one of the user's themes (anyone else's: 404) and any upload no theme uses now. */
  async delete(userId: string, id: string): Promise<void> {
    if (!ID_PATTERN.test(id)) throw themeNotFound();
    const removed = await this.ctx.db.transaction().execute(async (trx) => {
      await this.repo.lockUser(trx, userId);
      const current = await this.repo.findOwned(trx, userId, id);
      if (!current) throw themeNotFound();
      await this.repo.delete(trx, userId, id);
      return current;
    });
    await this.listsChanged();
    await this.releaseUploads([removed.image_url, removed.background_url]);
  }

  /** The saved theme while the user may still see it; otherwise the default theme. */
  async getPreference(userId: string): Promise<Theme> {
    const themeId = await this.repo.findPreference(userId);
    if (themeId) {
      const row = await this.repo.findVisible(themeId, userId);
      if (row) return toThemeJsonFor(row, userId);
    }
    return this.defaultTheme();
  }

  async setPreference(userId: string, themeId: string): Promise<Theme> {
    const row = await this.findVisible(themeId, userId);
    await this.repo.savePreference(userId, row.id, this.now());
    return toThemeJsonFor(row, userId);
  }

  private async defaultTheme(): Promise<Theme> {
    const row = await this.repo.findDefault();
    return row ? toThemeJson(row) : { ...FALLBACK_THEME };
  }

  /** Reports someone else's public theme for moderation; once per user and theme (409). */
  async report(userId: string, themeId: string, body: ThemeReportBody): Promise<void> {
    const theme = await this.findVisible(themeId, userId);
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

  // ---- Moderation and the standard list (the admin area; the admin module checks the role) ----

  /** Public custom themes, hidden ones included, with their state; one page and the total. */
  async listPublicForModeration(
    q: string | undefined,
    limit: number,
    offset: number,
  ): Promise<{ items: AdminTheme[]; total: number }> {
    const { rows, total } = await this.repo.listPublicModerated(q, limit, offset);
    return { items: rows.map(toAdminThemeJson), total };
  }

  /** Reports, newest first (open ones only unless `all`), with reporter and theme. */
  async listReports(
    all: boolean,
    limit: number,
    offset: number,
  ): Promise<{ items: AdminReport[]; total: number }> {
    const { rows, total } = await this.repo.listReports(all, limit, offset);
    return { items: rows.map(toAdminReportJson), total };
  }

  /** One report (404 unknown). */
  private async findReportOr404(db: Db, id: string) {
    const report = ID_PATTERN.test(id) ? await this.repo.findReport(db, id) : undefined;
    if (!report) throw notFound(ADMIN_MESSAGES.reportNotFound);
    return report;
  }

  private async findModeratedOr404(db: Db, id: string): Promise<ModeratedTheme> {
    const theme = ID_PATTERN.test(id) ? await this.repo.findModerated(db, id) : undefined;
    if (!theme) throw themeNotFound();
    return theme;
  }

  /** Dismisses an open report (409 once resolved); the theme stays as it is. */
  async dismissReport(id: string, record: ModerationRecord): Promise<AdminReport> {
    await this.ctx.db.transaction().execute(async (trx) => {
      const report = await this.findReportOr404(trx, id);
      if (!(await this.repo.resolveReport(trx, id, 'dismissed', this.now()))) {
        throw conflict(ADMIN_MESSAGES.reportNotOpen);
      }
      await record(trx, await this.findModeratedOr404(trx, report.theme_id));
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
      const theme = await this.findModeratedOr404(trx, id);
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
    await this.listsChanged();
    return toAdminThemeJson(await this.findModeratedOr404(this.ctx.db, id));
  }

  /** Shows a hidden custom theme again; 409 when it is not hidden. */
  async restore(id: string, record: ModerationRecord): Promise<AdminTheme> {
    const now = this.now();
    await this.ctx.db.transaction().execute(async (trx) => {
      const theme = await this.findModeratedOr404(trx, id);
      if (theme.is_standard === 1) throw badRequest(ADMIN_MESSAGES.notPublicCustom);
      if (theme.is_hidden !== 1) throw conflict(ADMIN_MESSAGES.notHidden);
      await this.repo.setHidden(trx, id, null, now);
      await record(trx, theme);
    });
    await this.listsChanged();
    return toAdminThemeJson(await this.findModeratedOr404(this.ctx.db, id));
  }

  /** Deletes anyone's custom theme (its reports go with it) and any upload no theme uses now. */
  async deleteAsModerator(id: string, record: ModerationRecord): Promise<void> {
    const removed = await this.ctx.db.transaction().execute(async (trx) => {
      const theme = await this.findModeratedOr404(trx, id);
      if (theme.is_standard === 1) throw badRequest(ADMIN_MESSAGES.notCustomTheme);
      await this.repo.deleteCustom(trx, id);
      await record(trx, theme);
      return theme;
    });
    await this.listsChanged();
    await this.releaseUploads([removed.image_url, removed.background_url]);
  }

  /** The standard themes with their state (never hidden; no reports). */
  async listStandardForAdmin(): Promise<AdminTheme[]> {
    return (await this.repo.listStandard()).map((row) =>
      toAdminThemeJson({ ...row, open_reports: 0 }),
    );
  }

  private async findStandardOr404(db: Db, id: string): Promise<ModeratedTheme> {
    const theme = await this.findModeratedOr404(db, id);
    if (theme.is_standard !== 1) throw themeNotFound();
    return theme;
  }

  /** Adds a standard theme (not the default until set so). */
  async createStandard(body: StandardThemeBody, record: ModerationRecord): Promise<AdminTheme> {
    const image = await this.prepareImage('image_url', body.image_url);
    const background = await this.prepareImage('background_url', body.background_url);
    const now = this.now();
    const row: NewTheme = {
      id: uuidv7(),
      user_id: null,
      name: body.name,
      description: body.description ?? '',
      background_color: body.background_color,
      text_color: body.text_color,
      primary_color: body.primary_color,
      secondary_color: body.secondary_color,
      accent_color: body.accent_color,
      is_dark: body.is_dark ? 1 : 0,
      is_default: 0,
      is_standard: 1,
      is_public: 0,
      image_url: image.url,
      background_url: background.url,
      created_at: now,
      updated_at: now,
    };
    await this.withImages([image, background], async (trx) => {
      await this.repo.insert(trx, row);
      await record(trx, await this.findStandardOr404(trx, row.id));
    });
    await this.listsChanged();
    return toAdminThemeJson(await this.findStandardOr404(this.ctx.db, row.id));
  }

  /** Changes the fields sent of a standard theme (the ten seeded ones included). */
  async updateStandard(
    id: string,
    body: UpdateStandardThemeBody,
    record: ModerationRecord,
  ): Promise<AdminTheme> {
    await this.findStandardOr404(this.ctx.db, id);
    const { patch, prepared } = await this.patchOf(body);
    const previous = await this.withImages(prepared, async (trx) => {
      const current = await this.findStandardOr404(trx, id);
      await this.repo.updateStandard(trx, id, patch);
      await record(trx, current);
      return current;
    });
    await this.listsChanged();
    await this.releaseUploads([previous.image_url, previous.background_url]);
    return toAdminThemeJson(await this.findStandardOr404(this.ctx.db, id));
  }

  /** Makes a standard theme the default everyone without a choice gets; 409 if it already is. */
  async setDefaultStandard(id: string, record: ModerationRecord): Promise<AdminTheme> {
    await this.ctx.db.transaction().execute(async (trx) => {
      const theme = await this.findStandardOr404(trx, id);
      if (theme.is_default === 1) throw conflict(ADMIN_MESSAGES.alreadyDefault);
      await this.repo.setDefaultStandard(trx, id, this.now());
      await record(trx, theme);
    });
    await this.listsChanged();
    return toAdminThemeJson(await this.findStandardOr404(this.ctx.db, id));
  }

  /**
   * Deletes an added standard theme: never one of the ten seeded ones, nor the default (409).
   * Whoever chose it is back on the default (their preference goes with it).
   */
  async deleteStandard(id: string, record: ModerationRecord): Promise<void> {
    const removed = await this.ctx.db.transaction().execute(async (trx) => {
      const theme = await this.findStandardOr404(trx, id);
      if (SEEDED_THEME_IDS.has(theme.id)) throw conflict(ADMIN_MESSAGES.seededThemeUndeletable);
      if (theme.is_default === 1) throw conflict(ADMIN_MESSAGES.defaultThemeUndeletable);
      await this.repo.deleteStandard(trx, id);
      await record(trx, theme);
      return theme;
    });
    await this.listsChanged();
    await this.releaseUploads([removed.image_url, removed.background_url]);
  }

  /**
   * An account's part of its deletion (UsersService.deleteAccount, the one path for its owner and
   * an admin): in the deletion's transaction, before the user row goes, its themes are deleted
   * (the user row locked first on PostgreSQL, so a theme being saved meanwhile either is among
   * them or fails on the missing user). The returned step runs after the commit: the cached lists
   * drop, and each uploaded file those themes showed goes unless another theme shows it, before
   * the deletion answers, so the image's address answers 404 at once.
   */
  async removeAccountData(trx: Db, userId: string): Promise<() => Promise<void>> {
    await this.repo.lockUser(trx, userId);
    const removed = await this.repo.deleteAllOf(trx, userId);
    return async () => {
      if (removed.length === 0) return;
      await this.listsChanged();
      await this.releaseUploads(removed.flatMap((t) => [t.image_url, t.background_url]));
    };
  }

  /**
   * Turns a payload's image value into what is stored. An upload is decoded, checked and
   * re-encoded here (outside any lock or transaction: it is the slow part).
   */
  private async prepareImage(
    field: ImageField,
    value: string | null | undefined,
  ): Promise<PreparedImage> {
    const image: ThemeImageValue = classifyThemeImage(value);
    switch (image.kind) {
      case 'none':
        return { url: null };
      case 'https':
        return { url: image.url };
      case 'stored':
        return { url: image.url, upload: { sha256: image.sha256 } };
      case 'invalid':
        throw fieldError(field, THEME_IMAGE_PROBLEM_MESSAGES[image.problem]);
      case 'data': {
        if (field !== 'image_url') throw fieldError(field, THEME_API_MESSAGES.backgroundUpload);
        let webp: Buffer;
        try {
          webp = await reencodeUpload(Buffer.from(image.base64, 'base64'));
        } catch (error) {
          // A refused upload is a field error; a busy server's 503 passes as it is.
          if (error instanceof HttpError && error.statusCode === 400) {
            throw fieldError(field, error.message);
          }
          throw error;
        }
        const sha256 = UploadStore.hashOf(webp);
        return { url: UploadStore.urlOf(sha256), upload: { sha256, webp } };
      }
    }
  }

  /**
   * Runs `save` in one transaction that holds the lock of every upload the images use: in this
   * process (UploadStore.withFile) and, on PostgreSQL, across instances (an advisory lock per
   * file, held to the commit; decision 036). New files are written under the locks before the
   * theme is saved, and files named by an earlier answer must still exist. So a file is never
   * removed while a theme that uses it is being saved, by this instance or another. If the save
   * fails, files it wrote that no theme uses are removed again.
   */
  private async withImages<T>(images: PreparedImage[], save: (trx: Db) => Promise<T>): Promise<T> {
    const uploads = [
      ...new Map(
        images.flatMap((image) => (image.upload ? [[image.upload.sha256, image.upload]] : [])),
      ).values(),
    ].sort((a, b) => a.sha256.localeCompare(b.sha256));
    const inTransaction = () =>
      this.ctx.db.transaction().execute(async (trx) => {
        await this.repo.lockUploads(
          trx,
          uploads.map((upload) => upload.sha256),
        );
        for (const upload of uploads) {
          if (upload.webp) await this.uploads.write(upload.sha256, upload.webp);
          else if (!(await this.uploads.exists(upload.sha256))) {
            throw badRequest(THEME_API_MESSAGES.imageUnknownUpload);
          }
        }
        return save(trx);
      });
    const locked = (index: number): Promise<T> => {
      const upload = uploads[index];
      if (!upload) return inTransaction();
      return this.uploads.withFile(upload.sha256, () => locked(index + 1));
    };
    try {
      return await locked(0);
    } catch (error) {
      for (const upload of uploads) {
        if (upload.webp) await this.removeIfUnused(upload.sha256);
      }
      throw error;
    }
  }

  /** After a theme let go of these URLs: removes each stored upload no theme uses any more. */
  private async releaseUploads(urls: (string | null)[]): Promise<void> {
    const hashes = new Set(urls.map(uploadHashOf).filter((h): h is string => h !== null));
    for (const sha256 of hashes) await this.removeIfUnused(sha256);
  }

  /**
   * Moves the seeded standard themes to the art files of this build: the files are named by the
   * hash of their bytes (apps/web/public/themes/art/README.md), so a redrawn file has a new URL
   * the database must learn. Run at start-up, before the first request.
   */
  async syncStandardArt(): Promise<number> {
    let changed = 0;
    for (const theme of STANDARD_THEMES) {
      if (theme.image_url === null) continue;
      changed += await this.repo.moveStandardArt(theme.id, THEME_ART_PATH, theme.image_url);
    }
    if (changed > 0) await this.listsChanged();
    return changed;
  }

  /**
   * Removes every stored upload no theme refers to. Run at start-up: a file can be left behind
   * by a process that ended between an account's deletion and the removal of its files, or by
   * a user row deleted outside the app (its themes go by ON DELETE CASCADE, their files stay).
   */
  async removeUnusedUploads(): Promise<number> {
    let removed = 0;
    for (const sha256 of await this.uploads.list()) {
      if (await this.removeIfUnused(sha256)) removed += 1;
    }
    return removed;
  }

  /**
   * Removes the stored upload if no theme refers to it, holding its locks (see withImages), so
   * no save that is about to use it can run in between. True when it was removed.
   */
  private removeIfUnused(sha256: string): Promise<boolean> {
    return this.uploads.withFile(sha256, () =>
      this.ctx.db.transaction().execute(async (trx) => {
        await this.repo.lockUploads(trx, [sha256]);
        if ((await this.repo.countReferences(UploadStore.urlOf(sha256), trx)) > 0) return false;
        await this.uploads.remove(sha256);
        return true;
      }),
    );
  }
}
