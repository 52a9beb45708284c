import { createHash } from 'node:crypto';
import type { AppContext } from '../../context.js';
import type { ThemeWithCreator } from './repository.js';
import { toThemeJson } from './theme-json.js';

/**
 * The two lists everyone polls are answered from serialized JSON kept this long at most, and
 * dropped at once by any theme write of this process (a write in another process, or a
 * moderator's change in the database, shows within this time).
 */
const LIST_CACHE_MS = 5000;
/** The broadcast topic of writes that change the standard or gallery list. */
const THEME_LISTS_TOPIC = 'theme-lists';

export type CachedListKey = 'standard' | 'gallery';

export interface CachedList {
  writes: number;
  at: number;
  json: string;
  /** SHA-256 of `json`, made once per fill: part of the theme check's tag. */
  hash: string;
}

/**
 * The standard list and the gallery as cached JSON, shared by every themes service: each one
 * that writes a theme calls `changed()` after its commit.
 */
export class ThemeListCache {
  /** Raised after every committed write of a theme: the cached lists are stale then. */
  private writes = 0;
  private readonly lists = new Map<CachedListKey, CachedList>();

  constructor(private readonly ctx: Pick<AppContext, 'broadcast' | 'clock'>) {
    // A write through any instance makes this one's cached lists stale (decision 036).
    ctx.broadcast.subscribe(THEME_LISTS_TOPIC, () => (this.writes += 1));
  }

  /** After a committed write of a theme: every instance's cached lists are stale. */
  changed(): Promise<void> {
    return this.ctx.broadcast.publish(THEME_LISTS_TOPIC);
  }

  async get(key: CachedListKey, load: () => Promise<ThemeWithCreator[]>): Promise<CachedList> {
    const now = this.ctx.clock.now().getTime();
    const cached = this.lists.get(key);
    if (cached && cached.writes === this.writes && now - cached.at < LIST_CACHE_MS) {
      return cached;
    }
    const writes = this.writes;
    const json = JSON.stringify((await load()).map(toThemeJson));
    const hash = createHash('sha256').update(json).digest('base64url');
    const fresh = { writes, at: now, json, hash };
    this.lists.set(key, fresh);
    return fresh;
  }
}
