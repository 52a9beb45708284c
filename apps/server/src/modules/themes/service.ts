import type { AppContext } from '../../context.js';
import { ThemeGalleryService } from './gallery-service.js';
import { ThemeImagesService } from './images-service.js';
import { ThemeListCache } from './list-cache.js';
import { ThemeModerationService } from './moderation-service.js';
import { OwnThemesService } from './own-service.js';
import { ThemesRepository } from './repository.js';
import { StandardThemesService } from './standard-service.js';

export type { ThemeGalleryService, ThemeListsAnswer } from './gallery-service.js';
export type { ThemeImagesService } from './images-service.js';
export type { ModerationRecord, ThemeModerationService } from './moderation-service.js';
export type { OwnThemesService } from './own-service.js';
export type { StandardThemesService } from './standard-service.js';

/**
 * The themes module's public surface (product §3-§7), one service per job. They share one
 * repository, the cached standard and gallery lists (every write drops them, decision 036) and
 * the stored uploads, so they are built together here.
 */
export interface ThemesServices {
  /** A user's custom themes, their chosen theme, and an account's part of its deletion. */
  own: OwnThemesService;
  /** The standard list, the public gallery (both cached), the theme check, one theme by id. */
  gallery: ThemeGalleryService;
  /** Reports filed by users; the admin area's moderation of public themes. */
  moderation: ThemeModerationService;
  /** The admin area's standard themes; the seeded ones' art moved at start-up. */
  standard: StandardThemesService;
  /** Uploaded pictures: the stored files (the /uploads route) and their clean-up at start-up. */
  images: ThemeImagesService;
}

export function createThemesServices(ctx: AppContext): ThemesServices {
  const repo = new ThemesRepository(ctx.db, ctx.dialect);
  const lists = new ThemeListCache(ctx);
  const images = new ThemeImagesService(ctx, repo);
  const own = new OwnThemesService(ctx, repo, images, lists);
  return {
    own,
    gallery: new ThemeGalleryService(repo, lists, own),
    moderation: new ThemeModerationService(ctx, repo, images, lists),
    standard: new StandardThemesService(ctx, repo, images, lists),
    images,
  };
}
