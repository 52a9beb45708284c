import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Db, Dialect } from '../../db/index.js';
import { precompile } from '../../db/precompiled.js';
import type { Database } from '../../db/schema.js';
import { badRequest } from '../../lib/http-errors.js';

/** Sessions of one local day: all of them, the completed ones and the completed minutes. */
export interface DayTotals {
  day: string;
  sessions: number;
  completed: number;
  minutes: number;
}

export const UNKNOWN_ZONE_MESSAGE = 'Unknown time zone';

/** Kysely on the app's database or inside one of its transactions. */
type Executor = Kysely<Database>;

/**
 * The per-day rollup of focus sessions (session_day_rollups) and the zone it is computed in
 * (session_rollup_zones), plus the same aggregate computed directly for any other zone.
 *
 * Local days come from the database in both cases, never from loading sessions into the
 * process: PostgreSQL converts with AT TIME ZONE; SQLite, which has no zones, calls the
 * `local_day` function registered on its connection (db/sqlite-functions.ts). Incremental
 * updates run the same expression on the one session row, so the rollup and a rebuild agree.
 *
 * Concurrency: every write of a user's sessions, and every rebuild, first locks the user's zone
 * row by raising its version (UPDATE … RETURNING holds the row lock on PostgreSQL to the end of
 * the transaction; SQLite runs one transaction at a time), so a rebuild never misses a session
 * written alongside it and a write never lands in a stale zone.
 */
export class RollupRepository {
  /** Read before every statistics answer: precompiled, as are the statements of every write. */
  private readonly zoneState;
  private readonly lockQuery;
  private readonly addQuery;
  private readonly removeQuery;

  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
  ) {
    this.zoneState = precompile(db, ['userId'], ({ userId }) =>
      db
        .selectFrom('session_rollup_zones')
        .select(['time_zone', 'version'])
        .where('user_id', '=', userId),
    );
    this.lockQuery = precompile(db, ['userId'], ({ userId }) =>
      db
        .updateTable('session_rollup_zones')
        .set((eb) => ({ version: eb('version', '+', 1) }))
        .where('user_id', '=', userId)
        .returning('time_zone'),
    );
    const applyNames = ['userId', 'zone', 'sessionId'] as const;
    this.addQuery = precompile(db, applyNames, (p) => this.applyQuery(p, 1));
    this.removeQuery = precompile(db, applyNames, (p) => this.applyQuery(p, -1));
  }

  /** SQL for the local day (YYYY-MM-DD) of `column` (an ISO UTC instant) in `zone`. */
  private localDay(column: string, zone: string): RawBuilder<string> {
    return this.dialect === 'postgres'
      ? postgresLocalDay(sql.ref(column), sql.val(zone))
      : sql<string>`local_day(${sql.ref(column)}, ${zone})`;
  }

  /**
   * Whether the database can compute days in `zone`. Zones are validated against Intl first;
   * PostgreSQL's own zone list could still lack a very new one.
   */
  async engineKnowsZone(zone: string): Promise<boolean> {
    if (this.dialect !== 'postgres') return true;
    try {
      await sql`select now() at time zone ${zone}`.execute(this.db);
      return true;
    } catch (error) {
      if (isUnknownZoneError(error)) return false;
      throw error;
    }
  }

  /**
   * Creates the user's zone row (empty rollup) unless it exists, outside any transaction: on
   * PostgreSQL the zone is tried first, and a failed statement would end a transaction.
   */
  async ensureZone(userId: string, preferredZone: string): Promise<void> {
    const existing = await this.db
      .selectFrom('session_rollup_zones')
      .select('time_zone')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (existing) return;
    const zone = (await this.engineKnowsZone(preferredZone)) ? preferredZone : 'UTC';
    await this.db
      .insertInto('session_rollup_zones')
      .values({ user_id: userId, time_zone: zone })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
  }

  /**
   * Locks the user's zone row for the rest of the transaction and raises its version (undone
   * with the transaction if it fails); answers the rollup's zone, undefined when there is none.
   */
  async lockZone(trx: Executor, userId: string): Promise<string | undefined> {
    const [row] = await this.lockQuery({ userId }, trx);
    return row?.time_zone;
  }

  /** The rollup's zone and version, undefined before the user's first session. */
  async state(userId: string): Promise<{ zone: string; version: number } | undefined> {
    const [row] = await this.zoneState({ userId });
    return row && { zone: row.time_zone, version: Number(row.version) };
  }

  /** Adds (sign 1) or removes (sign -1) one session's contribution to its day in `zone`. */
  async apply(
    trx: Executor,
    userId: string,
    zone: string,
    sessionId: string,
    sign: 1 | -1,
  ): Promise<void> {
    await (sign > 0 ? this.addQuery : this.removeQuery)({ userId, zone, sessionId }, trx);
    if (sign < 0) {
      await trx
        .deleteFrom('session_day_rollups')
        .where('user_id', '=', userId)
        .where('sessions', '<=', 0)
        .execute();
    }
  }

  /** The upsert behind `apply`, for one sign. */
  private applyQuery(
    { userId, zone, sessionId }: Record<'userId' | 'zone' | 'sessionId', string>,
    sign: 1 | -1,
  ) {
    const s = sql.lit(sign);
    return this.db
      .insertInto('session_day_rollups')
      .columns(['user_id', 'day', 'sessions', 'completed', 'minutes'])
      .expression((eb) =>
        eb
          .selectFrom('focus_sessions')
          .select([
            'user_id',
            this.localDay('start_time', zone).as('day'),
            sql<number>`${s}`.as('sessions'),
            sql<number>`${s} * completed`.as('completed'),
            sql<number>`${s} * completed * duration`.as('minutes'),
          ])
          .where('id', '=', sessionId)
          .where('user_id', '=', userId),
      )
      .onConflict((oc) =>
        oc.columns(['user_id', 'day']).doUpdateSet((eb) => ({
          sessions: eb('session_day_rollups.sessions', '+', eb.ref('excluded.sessions')),
          completed: eb('session_day_rollups.completed', '+', eb.ref('excluded.completed')),
          minutes: eb('session_day_rollups.minutes', '+', eb.ref('excluded.minutes')),
        })),
      );
  }

  /** The rollup and the zone it is in, read in one statement; undefined before any session. */
  async read(userId: string): Promise<{ zone: string; days: DayTotals[] } | undefined> {
    const rows = await this.db
      .selectFrom('session_rollup_zones as z')
      .leftJoin('session_day_rollups as r', 'r.user_id', 'z.user_id')
      .select(['z.time_zone', 'r.day', 'r.sessions', 'r.completed', 'r.minutes'])
      .where('z.user_id', '=', userId)
      .execute();
    const first = rows[0];
    if (!first) return undefined;
    const days: DayTotals[] = [];
    for (const row of rows) {
      if (row.day === null) continue;
      days.push({
        day: row.day,
        sessions: Number(row.sessions),
        completed: Number(row.completed),
        minutes: Number(row.minutes),
      });
    }
    return { zone: first.time_zone, days };
  }

  private aggregateQuery(executor: Executor, userId: string, zone: string) {
    return executor
      .selectFrom((eb) =>
        eb
          .selectFrom('focus_sessions')
          .select(['user_id', this.localDay('start_time', zone).as('day'), 'completed', 'duration'])
          .where('user_id', '=', userId)
          .as('t'),
      )
      .select((eb) => [
        't.user_id',
        't.day',
        eb.fn.countAll<number>().as('sessions'),
        sql<number>`sum(t.completed)`.as('completed'),
        sql<number>`sum(t.completed * t.duration)`.as('minutes'),
      ])
      .groupBy(['t.user_id', 't.day']);
  }

  /** Day totals in any zone, aggregated by the database from the sessions themselves. */
  async aggregate(userId: string, zone: string): Promise<DayTotals[]> {
    try {
      const rows = await this.aggregateQuery(this.db, userId, zone).execute();
      return rows.map((row) => ({
        day: row.day,
        sessions: Number(row.sessions),
        completed: Number(row.completed),
        minutes: Number(row.minutes),
      }));
    } catch (error) {
      throw isUnknownZoneError(error) ? unknownZone() : error;
    }
  }

  /**
   * Recomputes the user's rollup in `zone` (after their time_zone changed) and answers it. A
   * concurrent rebuild to the same zone finds the work done once it gets the lock.
   */
  async rebuild(userId: string, zone: string): Promise<DayTotals[]> {
    try {
      await this.db.transaction().execute(async (trx) => {
        const current = await this.lockZone(trx, userId);
        if (current === undefined || current === zone) return;
        await trx.deleteFrom('session_day_rollups').where('user_id', '=', userId).execute();
        await trx
          .insertInto('session_day_rollups')
          .columns(['user_id', 'day', 'sessions', 'completed', 'minutes'])
          .expression(this.aggregateQuery(trx, userId, zone))
          .execute();
        await trx
          .updateTable('session_rollup_zones')
          .set({ time_zone: zone })
          .where('user_id', '=', userId)
          .execute();
      });
    } catch (error) {
      throw isUnknownZoneError(error) ? unknownZone() : error;
    }
    return (await this.read(userId))?.days ?? [];
  }
}

/**
 * PostgreSQL's local day (YYYY-MM-DD) of `instant` (an ISO UTC instant) in `zone`, both SQL
 * expressions: the one day expression of the rollup, its rebuild and the one-statement session
 * write (sessions-repository.ts), so they always agree.
 */
export function postgresLocalDay(instant: RawBuilder<unknown>, zone: RawBuilder<unknown>) {
  return sql<string>`to_char((${instant}::timestamptz at time zone ${zone}), 'YYYY-MM-DD')`;
}

/** PostgreSQL: `time zone "…" not recognized` (invalid_parameter_value). */
function isUnknownZoneError(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | undefined;
  return e?.code === '22023' && /time zone/i.test(e.message ?? '');
}

function unknownZone() {
  return badRequest(UNKNOWN_ZONE_MESSAGE, { tz: UNKNOWN_ZONE_MESSAGE });
}
