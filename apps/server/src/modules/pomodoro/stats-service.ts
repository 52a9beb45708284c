import { computeStats, localDate, type StatsResponse } from '@focusroom/core';
import { LRUCache } from 'lru-cache';
import type { StatsResponseJson } from '@focusroom/core/schemas';
import type { AppContext } from '../../context.js';
import { ifNoneMatchIncludes, weakTag } from '../../lib/revalidation.js';
import type { AuthContext } from '../auth/service.js';
import type { DayTotals, RollupRepository } from './rollups.js';

/** Answers kept for reuse (~35 KB of JSON each, most of it the 365-day heatmap). */
const CACHE_ENTRIES = 200;

/**
 * Part of every tag: raise it when the answer's fields or what computeStats makes of the same
 * totals change, so a tag a browser kept from before the change never matches again.
 */
export const STATS_TAG_FORMAT = 1;

/**
 * The ETag of the answer for a cache key (user, zone, local date, rollup version): weak, because
 * an answer may hold newer data than its key says (see StatsService).
 */
export function statsTag(key: string): string {
  return weakTag(`stats/${STATS_TAG_FORMAT}`, key);
}

/** The answer (JSON bytes), or null when the caller's If-None-Match named it; its tag either way. */
export interface StatsAnswer {
  etag: string;
  json: Buffer | null;
}

/**
 * GET /pomodoro/stats (product §3, §7): core's computeStats over per-local-day totals that the
 * database computes. Which totals:
 * - the zone asked for is the rollup's zone: the rollup (a few hundred rows a year);
 * - it is the user's own zone (time_zone, else UTC) but the rollup is in another one, because
 *   the user changed zones since: the rollup is rebuilt in the new zone first (lazily, on this
 *   read, so the users module needs no hook), then read;
 * - any other zone (`?tz=`): aggregated directly from the sessions by the database.
 *
 * An answer is reused while the user's rollup version (raised by every write), the zone and the
 * local date stay the same: a repeated read costs one primary-key lookup. The version is read
 * before the totals, so an entry may hold newer data than its key says, never older. Answers
 * are kept as UTF-8 bytes, so a repeat skips the serializer and the encoding (a 35 KB string
 * encoded per response was the largest source of garbage under load).
 *
 * The same key, hashed, is the answer's ETag: a browser that sends it back in If-None-Match
 * gets a 304 after that one lookup, with nothing read, computed or serialized (the 60 s refresh
 * of every active user's statistics page, docs/decisions/040-stats-revalidation.md). Older
 * data behind a key is never possible, so a matching tag never hides a change.
 */
export class StatsService {
  private readonly cache = new LRUCache<string, Buffer>({ max: CACHE_ENTRIES });

  constructor(
    private readonly ctx: AppContext,
    private readonly rollups: RollupRepository,
  ) {}

  /**
   * The answer as JSON bytes with its tag, or only the tag when `ifNoneMatch` names it. `zone`
   * was validated against Intl by the route's schema.
   */
  async stats(
    auth: AuthContext,
    zone: string | undefined,
    ifNoneMatch?: string,
  ): Promise<StatsAnswer> {
    const userId = auth.user.id;
    const ownZone = auth.user.time_zone ?? 'UTC';
    const tz = zone ?? ownZone;
    const today = localDate(this.ctx.clock.now().getTime(), tz);
    const state = await this.rollups.state(userId);
    const key = `${userId} ${tz} ${today} ${state?.version ?? 'none'}`;
    const etag = statsTag(key);
    if (ifNoneMatchIncludes(ifNoneMatch, etag)) return { etag, json: null };
    const cached = this.cache.get(key);
    if (cached) return { etag, json: cached };

    const days = state ? await this.dayTotals(userId, tz, ownZone, state.zone) : [];
    let totalSessions = 0;
    for (const day of days) totalSessions += day.sessions;
    const result: StatsResponse = computeStats({
      days: days.map((d) => ({ date: d.day, count: d.completed, minutes: d.minutes })),
      totalSessions,
      today,
    });
    // Core's type is the response schema's type, so the JSON matches what OpenAPI documents.
    const json = Buffer.from(JSON.stringify(result satisfies StatsResponseJson));
    this.cache.set(key, json);
    return { etag, json };
  }

  private async dayTotals(
    userId: string,
    tz: string,
    ownZone: string,
    rollupZone: string,
  ): Promise<DayTotals[]> {
    if (rollupZone === tz) {
      // Zone and rows in one statement: a rebuild may have moved the rollup since `state`.
      const rollup = await this.rollups.read(userId);
      if (rollup?.zone === tz) return rollup.days;
    } else if (tz === ownZone) {
      return this.rollups.rebuild(userId, tz);
    }
    return this.rollups.aggregate(userId, tz);
  }
}
