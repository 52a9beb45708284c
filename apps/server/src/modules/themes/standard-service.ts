import { ADMIN_MESSAGES, STANDARD_THEMES, THEME_ART_PATH } from '@focusroom/core';
import type {
  AdminTheme,
  StandardThemeBody,
  UpdateStandardThemeBody,
} from '@focusroom/core/schemas';
import { v7 as uuidv7 } from 'uuid';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/index.js';
import type { NewTheme } from '../../db/schema.js';
import { conflict } from '../../lib/http-errors.js';
import type { ThemeImagesService } from './images-service.js';
import type { ThemeListCache } from './list-cache.js';
import { findModeratedOr404 } from './lookups.js';
import type { ModerationRecord } from './moderation-service.js';
import type { ModeratedTheme, ThemesRepository } from './repository.js';
import { patchOf } from './theme-patch.js';
import { themeNotFound, toAdminThemeJson } from './theme-json.js';

/** The ten standard themes every database is seeded with: edited, never deleted. */
const SEEDED_THEME_IDS: ReadonlySet<string> = new Set(STANDARD_THEMES.map((t) => t.id));

/**
 * The standard themes (product §3, §6): the admin area adds, edits, deletes them and sets the
 * default (the admin module checks the role and writes the audit row through a
 * ModerationRecord); the seeded ones follow this build's art at start-up.
 */
export class StandardThemesService {
  constructor(
    private readonly ctx: Pick<AppContext, 'db' | 'clock'>,
    private readonly repo: ThemesRepository,
    private readonly images: ThemeImagesService,
    private readonly lists: ThemeListCache,
  ) {}

  private now(): string {
    return this.ctx.clock.now().toISOString();
  }

  /** The standard themes with their state (never hidden; no reports). */
  async listForAdmin(): Promise<AdminTheme[]> {
    return (await this.repo.listStandard()).map((row) =>
      toAdminThemeJson({ ...row, open_reports: 0 }),
    );
  }

  private async findOr404(db: Db, id: string): Promise<ModeratedTheme> {
    const theme = await findModeratedOr404(this.repo, db, id);
    if (theme.is_standard !== 1) throw themeNotFound();
    return theme;
  }

  /** Adds a standard theme (not the default until set so). */
  async create(body: StandardThemeBody, record: ModerationRecord): Promise<AdminTheme> {
    const image = await this.images.prepare('image_url', body.image_url);
    const background = await this.images.prepare('background_url', body.background_url);
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
    await this.images.withImages([image, background], async (trx) => {
      await this.repo.insert(trx, row);
      await record(trx, await this.findOr404(trx, row.id));
    });
    await this.lists.changed();
    return toAdminThemeJson(await this.findOr404(this.ctx.db, row.id));
  }

  /** Changes the fields sent of a standard theme (the ten seeded ones included). */
  async update(
    id: string,
    body: UpdateStandardThemeBody,
    record: ModerationRecord,
  ): Promise<AdminTheme> {
    await this.findOr404(this.ctx.db, id);
    const { patch, prepared } = await patchOf(this.images, body, this.now());
    const previous = await this.images.withImages(prepared, async (trx) => {
      const current = await this.findOr404(trx, id);
      await this.repo.updateStandard(trx, id, patch);
      await record(trx, current);
      return current;
    });
    await this.lists.changed();
    await this.images.release([previous.image_url, previous.background_url]);
    return toAdminThemeJson(await this.findOr404(this.ctx.db, id));
  }

  /** Makes a standard theme the default everyone without a choice gets; 409 if it already is. */
  async setDefault(id: string, record: ModerationRecord): Promise<AdminTheme> {
    await this.ctx.db.transaction().execute(async (trx) => {
      const theme = await this.findOr404(trx, id);
      if (theme.is_default === 1) throw conflict(ADMIN_MESSAGES.alreadyDefault);
      await this.repo.setDefaultStandard(trx, id, this.now());
      await record(trx, theme);
    });
    await this.lists.changed();
    return toAdminThemeJson(await this.findOr404(this.ctx.db, id));
  }

  /**
   * Deletes an added standard theme: never one of the ten seeded ones, nor the default (409).
   * Whoever chose it is back on the default (their preference goes with it).
   */
  async delete(id: string, record: ModerationRecord): Promise<void> {
    const removed = await this.ctx.db.transaction().execute(async (trx) => {
      const theme = await this.findOr404(trx, id);
      if (SEEDED_THEME_IDS.has(theme.id)) throw conflict(ADMIN_MESSAGES.seededThemeUndeletable);
      if (theme.is_default === 1) throw conflict(ADMIN_MESSAGES.defaultThemeUndeletable);
      await this.repo.deleteStandard(trx, id);
      await record(trx, theme);
      return theme;
    });
    await this.lists.changed();
    await this.images.release([removed.image_url, removed.background_url]);
  }

  /**
   * Moves the seeded standard themes to the art files of this build: the files are named by the
   * hash of their bytes (apps/web/public/themes/art/README.md), so a redrawn file has a new URL
   * the database must learn. Run at start-up, before the first request.
   */
  async syncArt(): Promise<number> {
    let changed = 0;
    for (const theme of STANDARD_THEMES) {
      if (theme.image_url === null) continue;
      changed += await this.repo.moveStandardArt(theme.id, THEME_ART_PATH, theme.image_url);
    }
    if (changed > 0) await this.lists.changed();
    return changed;
  }
}
