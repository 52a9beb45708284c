import type { Theme } from '@focusroom/core/schemas';
import { ifNoneMatchIncludes, weakTag } from '../../lib/revalidation.js';
import type { ThemeListCache } from './list-cache.js';
import { findVisibleOr404 } from './lookups.js';
import type { ThemesRepository } from './repository.js';
import { toThemeJsonFor } from './theme-json.js';

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

/**
 * What everyone may see (product §4, §6): the standard list and the public gallery, each
 * answered from the cached lists, the theme check, and one theme by id.
 */
export class ThemeGalleryService {
  constructor(
    private readonly repo: ThemesRepository,
    private readonly lists: ThemeListCache,
    private readonly own: { listOwned(userId: string): Promise<Theme[]> },
  ) {}

  /** The standard themes as JSON text (a Theme[]). */
  async standardJson(): Promise<string> {
    return (await this.lists.get('standard', () => this.repo.listStandard())).json;
  }

  /** Public, unhidden custom themes of everyone, newest first, with usernames, as JSON text. */
  async galleryJson(): Promise<string> {
    return (await this.lists.get('gallery', () => this.repo.listGallery())).json;
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
      this.lists.get('standard', () => this.repo.listStandard()),
      this.lists.get('gallery', () => this.repo.listGallery()),
      this.own.listOwned(userId),
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

  /**
   * A standard theme, one of the user's own (with its moderation state), or a public one that
   * is not hidden; else 404.
   */
  async get(id: string, userId: string | null): Promise<Theme> {
    return toThemeJsonFor(await findVisibleOr404(this.repo, id, userId), userId);
  }
}
