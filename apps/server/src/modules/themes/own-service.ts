import {
  CUSTOM_THEMES_MAX_PER_USER,
  FALLBACK_THEME,
  ID_PATTERN,
  THEME_API_MESSAGES,
  missesThemeColours,
  themeColoursFor,
  type ThemeColours,
} from '@focusroom/core';
import type { CreateThemeBody, Theme, UpdateThemeBody } from '@focusroom/core/schemas';
import { v7 as uuidv7 } from 'uuid';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/index.js';
import type { NewTheme } from '../../db/schema.js';
import { badRequest } from '../../lib/http-errors.js';
import type { PreparedImage, ThemeImagesService } from './images-service.js';
import type { ThemeListCache } from './list-cache.js';
import { findVisibleOr404 } from './lookups.js';
import type { ThemesRepository } from './repository.js';
import { patchOf } from './theme-patch.js';
import { themeNotFound, toThemeJson, toThemeJsonFor } from './theme-json.js';

/**
 * A user's own themes (product §4, §5): their custom themes with uploads, and the theme they
 * chose. Anyone else's theme answers 404 exactly like an unknown id (product §6).
 */
export class OwnThemesService {
  constructor(
    private readonly ctx: Pick<AppContext, 'db' | 'clock'>,
    private readonly repo: ThemesRepository,
    private readonly images: ThemeImagesService,
    private readonly lists: ThemeListCache,
  ) {}

  private now(): string {
    return this.ctx.clock.now().toISOString();
  }

  async listOwned(userId: string): Promise<Theme[]> {
    return (await this.repo.listOwned(userId)).map((row) => toThemeJsonFor(row, userId));
  }

  /** How many custom themes the user has (the admin area's user page). */
  countOwned(userId: string): Promise<number> {
    return this.repo.countOwned(this.ctx.db, userId);
  }

  async create(userId: string, body: CreateThemeBody): Promise<Theme> {
    // Checked before an upload is decoded, and again under the lock below.
    if ((await this.repo.countOwned(this.ctx.db, userId)) >= CUSTOM_THEMES_MAX_PER_USER) {
      throw badRequest(THEME_API_MESSAGES.tooManyThemes);
    }
    const image = await this.images.prepare('image_url', body.image_url);
    const background = await this.images.prepare('background_url', body.background_url);
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
    await this.images.withImages([image, background], async (trx) => {
      await this.repo.lockUser(trx, userId);
      if ((await this.repo.countOwned(trx, userId)) >= CUSTOM_THEMES_MAX_PER_USER) {
        throw badRequest(THEME_API_MESSAGES.tooManyThemes);
      }
      await this.repo.insert(trx, row);
    });
    await this.lists.changed();
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
    const picture = await this.images.firstPictureColours(images);
    const defaults = (await this.repo.findDefault()) ?? FALLBACK_THEME;
    return themeColoursFor(body, picture, defaults);
  }

  /** Changes the fields sent; only the owner may (anyone else: 404). */
  async update(userId: string, id: string, body: UpdateThemeBody): Promise<Theme> {
    if (!ID_PATTERN.test(id)) throw themeNotFound();
    const before = await this.repo.findOwned(this.ctx.db, userId, id);
    if (!before) throw themeNotFound();
    const { patch, prepared } = await patchOf(this.images, body, this.now());
    if (body.is_public !== undefined) patch.is_public = body.is_public ? 1 : 0;

    const previous = await this.images.withImages(prepared, async (trx) => {
      await this.repo.lockUser(trx, userId);
      const current = await this.repo.findOwned(trx, userId, id);
      if (!current) throw themeNotFound();
      await this.repo.update(trx, userId, id, patch);
      return current;
    });
    await this.lists.changed();
    await this.images.release([previous.image_url, previous.background_url]);
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
    await this.lists.changed();
    await this.images.release([removed.image_url, removed.background_url]);
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
    const row = await findVisibleOr404(this.repo, themeId, userId);
    await this.repo.savePreference(userId, row.id, this.now());
    return toThemeJsonFor(row, userId);
  }

  private async defaultTheme(): Promise<Theme> {
    const row = await this.repo.findDefault();
    return row ? toThemeJson(row) : { ...FALLBACK_THEME };
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
      await this.lists.changed();
      await this.images.release(removed.flatMap((t) => [t.image_url, t.background_url]));
    };
  }
}
