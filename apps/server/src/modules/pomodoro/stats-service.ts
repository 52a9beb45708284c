import { computeStats, localDate, type StatsResponse } from '@focusroom/core';
import { LRUCache } from 'lru-cache';
import type { StatsResponseJson } from '@focusroom/core/schemas';
import type { AppContext } from '../../context.js';
import type { AuthContext } from '../auth/service.js';
import type { DayTotals, RollupRepository } from './rollups.js';

/** Answers kept for reuse (~35 KB of JSON each, most of it the 365-day heatmap). */
const CACHE_ENTRIES = 200;

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
 */
export class StatsService {
  private readonly cache = new LRUCache<string, Buffer>({ max: CACHE_ENTRIES });

  constructor(
    private readonly ctx: AppContext,
    private readonly rollups: RollupRepository,
  ) {}

  /** The answer as JSON bytes. `zone` was validated against Intl by the route's schema. */
  async stats(auth: AuthContext, zone: string | undefined): Promise<Buffer> {
    const userId = auth.user.id;
    const ownZone = auth.user.time_zone ?? 'UTC';
    const tz = zone ?? ownZone;
    const today = localDate(this.ctx.clock.now().getTime(), tz);
    const state = await this.rollups.state(userId);
    const key = `${userId} ${tz} ${today} ${state?.version ?? 'none'}`;
    const cached = this.cache.get(key);
    if (cached) return cached;

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
    return json;
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
