import { sql, type Kysely } from 'kysely';
import { precompile } from '../../db/precompiled.js';
import type { Database, FocusSessionRow, NewFocusSession } from '../../db/schema.js';
import { postgresLocalDay } from './rollups.js';

type Executor = Kysely<Database>;

/** The columns a new session sets, all of them. */
const SESSION_COLUMNS = [
  'id',
  'user_id',
  'client_id',
  'duration',
  'task',
  'completed',
  'start_time',
  'end_time',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof NewFocusSession)[];

/** Each column's PostgreSQL type, for the values the one-statement write selects. */
const POSTGRES_TYPES: Record<(typeof SESSION_COLUMNS)[number], 'text' | 'integer'> = {
  id: 'text',
  user_id: 'text',
  client_id: 'text',
  duration: 'integer',
  task: 'text',
  completed: 'integer',
  start_time: 'text',
  end_time: 'text',
  created_at: 'text',
  updated_at: 'text',
};

/** Sessions and completed minutes of one UTC day (`YYYY-MM-DD`). */
export interface SessionUtcDay {
  date: string;
  sessions: number;
  focus_minutes: number;
}

/** What the one-statement write answers: the new session, or the one holding its client_id. */
export interface CountedInsert {
  created: boolean;
  session: FocusSessionRow;
}

/** Where a page starts: strictly after this session in newest-first order. */
export interface SessionKey {
  start_time: string;
  id: string;
}

export interface SessionPageQuery {
  limit: number;
  after?: SessionKey | undefined;
  /** Inclusive lower bound on start_time (ISO UTC). */
  from?: string | undefined;
  /** Exclusive upper bound on start_time (ISO UTC). */
  to?: string | undefined;
}

export type SessionPatch = Partial<
  Pick<FocusSessionRow, 'duration' | 'task' | 'completed' | 'start_time' | 'end_time'>
> & { updated_at: string };

/**
 * Named queries on `focus_sessions`. Every query names the owner, so another user's id reads as
 * absent. Methods take the executor so services can run them inside a transaction.
 */
export class SessionsRepository {
  /** Every write of a session runs this: precompiled (db/precompiled.ts). */
  private readonly insertQuery;

  /** PostgreSQL's whole session write in one statement (insertCounted). */
  private readonly countedInsertQuery;

  constructor(db: Executor) {
    this.insertQuery = precompile(db, SESSION_COLUMNS, (values) =>
      db
        .insertInto('focus_sessions')
        // Markers stand for the values while the statement is compiled (precompile).
        .values(values as unknown as NewFocusSession)
        .onConflict((oc) => oc.columns(['user_id', 'client_id']).doNothing())
        .returningAll(),
    );
    this.countedInsertQuery = precompile(db, SESSION_COLUMNS, (values) => {
      const statement = countedInsertSql(values);
      return { compile: () => statement.compile(db) };
    });
  }

  /**
   * PostgreSQL only: the whole write of a new session as one statement, one round trip. It
   * locks the user's zone row and raises its version, inserts the session unless the user
   * already has one with its client_id, and adds it to its day in the rollup, all or nothing
   * (the statement is its own transaction, committed before it answers).
   *
   * Answers the new session (`created`), or the session already holding the client_id when it
   * was committed before this statement began. Undefined when there is nothing to answer: the
   * user has no zone row yet (nothing was written), or a concurrent write with the same
   * client_id committed while this one waited for the zone lock (its row is newer than this
   * statement's snapshot). The caller then takes the step-by-step path, which handles both.
   */
  async insertCounted(
    db: Executor,
    session: Required<NewFocusSession>,
  ): Promise<CountedInsert | undefined> {
    const [row] = await this.countedInsertQuery(session, db);
    if (!row) return undefined;
    const { created, ...stored } = row;
    return { created, session: stored };
  }

  /** Inserts unless the user already has a session with this client_id; undefined then. */
  async insertUnlessClientIdTaken(
    db: Executor,
    session: Required<NewFocusSession>,
  ): Promise<FocusSessionRow | undefined> {
    const [row] = await this.insertQuery(session, db);
    return row;
  }

  findByClientId(
    db: Executor,
    userId: string,
    clientId: string,
  ): Promise<FocusSessionRow | undefined> {
    return db
      .selectFrom('focus_sessions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('client_id', '=', clientId)
      .executeTakeFirst();
  }

  findOwned(db: Executor, userId: string, id: string): Promise<FocusSessionRow | undefined> {
    return db
      .selectFrom('focus_sessions')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /** Newest first by start_time, then id: a keyset page on (user_id, start_time, id). */
  page(db: Executor, userId: string, query: SessionPageQuery): Promise<FocusSessionRow[]> {
    const { after, from, to } = query;
    return db
      .selectFrom('focus_sessions')
      .selectAll()
      .where('user_id', '=', userId)
      .$if(from !== undefined, (qb) => qb.where('start_time', '>=', from!))
      .$if(to !== undefined, (qb) => qb.where('start_time', '<', to!))
      .$if(after !== undefined, (qb) =>
        qb.where((eb) =>
          eb(eb.refTuple('start_time', 'id'), '<', eb.tuple(after!.start_time, after!.id)),
        ),
      )
      .orderBy('start_time', 'desc')
      .orderBy('id', 'desc')
      .limit(query.limit)
      .execute();
  }

  update(
    db: Executor,
    userId: string,
    id: string,
    patch: SessionPatch,
  ): Promise<FocusSessionRow | undefined> {
    return db
      .updateTable('focus_sessions')
      .set(patch)
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .returningAll()
      .executeTakeFirst();
  }

  async delete(db: Executor, userId: string, id: string): Promise<boolean> {
    const result = await db
      .deleteFrom('focus_sessions')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  // ---- Figures of the admin area (decisions 024, 068) ----

  /**
   * Focus sessions and completed minutes per UTC day of their start, for starts in
   * [from, to): a range of focus_sessions_start_idx, which covers every column read. Times are
   * ISO strings, so the UTC day is their first ten characters on both engines.
   */
  async utcDays(db: Executor, from: string, to: string): Promise<SessionUtcDay[]> {
    const rows = await sql<{ date: string; sessions: unknown; focus_minutes: unknown }>`
      select substr(start_time, 1, 10) as date, count(*) as sessions,
             coalesce(sum(case when completed = 1 then duration else 0 end), 0) as focus_minutes
      from focus_sessions where start_time >= ${from} and start_time < ${to}
      group by substr(start_time, 1, 10)`.execute(db);
    return rows.rows.map((r) => ({
      date: r.date,
      sessions: Number(r.sessions ?? 0),
      focus_minutes: Number(r.focus_minutes ?? 0),
    }));
  }

  /**
   * Users who recorded a session starting since `since7` / `since30`: one probe per user of
   * focus_sessions_user_start_idx (its newest session), cheaper than a distinct count over
   * every session of the month. The users table is read for its ids only, the parent key of
   * focus_sessions.user_id (decision 068).
   */
  async activeUsers(
    db: Executor,
    since7: string,
    since30: string,
  ): Promise<{ d7: number; d30: number }> {
    const rows = await sql<{ d7: unknown; d30: unknown }>`
      select coalesce(sum(case when exists (select 1 from focus_sessions f
                 where f.user_id = u.id and f.start_time >= ${since7}) then 1 else 0 end), 0) as d7,
             coalesce(sum(case when exists (select 1 from focus_sessions f
                 where f.user_id = u.id and f.start_time >= ${since30}) then 1 else 0 end), 0) as d30
      from users u`.execute(db);
    return { d7: Number(rows.rows[0]?.d7 ?? 0), d30: Number(rows.rows[0]?.d30 ?? 0) };
  }

  async countOf(db: Executor, userId: string): Promise<number> {
    const row = await db
      .selectFrom('focus_sessions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n ?? 0);
  }
}

/**
 * The statement behind insertCounted. Data-modifying CTEs run in one snapshot and see each
 * other's rows only through RETURNING, so the rollup is computed from the inserted row (`ins`),
 * with the same day expression, signs and upsert as RollupRepository.apply. `ins` selects from
 * `zone`, so the zone row is locked before anything is inserted; `counted` reads `ins`, so it
 * runs after the insert, and runs although the answer does not read it. The rollup upsert
 * updates the latest committed row of the day (ON CONFLICT takes its lock), so concurrent
 * writes to one day add up exactly.
 */
function countedInsertSql(values: Record<(typeof SESSION_COLUMNS)[number], string>) {
  const columns = sql.join(SESSION_COLUMNS.map((c) => sql.ref(c)));
  const typed = sql.join(
    SESSION_COLUMNS.map((c) => sql`cast(${values[c]} as ${sql.raw(POSTGRES_TYPES[c])})`),
  );
  const insCols = sql.join(SESSION_COLUMNS.map((c) => sql.ref(`ins.${c}`)));
  const oldCols = sql.join(SESSION_COLUMNS.map((c) => sql.ref(`s.${c}`)));
  const day = postgresLocalDay(sql.ref('ins.start_time'), sql.ref('zone.time_zone'));
  return sql<FocusSessionRow & { created: boolean }>`
with zone as (
  update session_rollup_zones set version = version + 1
  where user_id = ${values.user_id}
  returning time_zone
), ins as (
  insert into focus_sessions (${columns})
  select ${typed} from zone
  on conflict (user_id, client_id) do nothing
  returning ${columns}
), counted as (
  insert into session_day_rollups (user_id, day, sessions, completed, minutes)
  select ins.user_id, ${day}, 1, ins.completed, ins.completed * ins.duration
  from ins cross join zone
  on conflict (user_id, day) do update set
    sessions = session_day_rollups.sessions + excluded.sessions,
    completed = session_day_rollups.completed + excluded.completed,
    minutes = session_day_rollups.minutes + excluded.minutes
)
select true as created, ${insCols} from ins
union all
select false as created, ${oldCols} from focus_sessions s
where s.user_id = ${values.user_id} and s.client_id = ${values.client_id}
  and exists (select 1 from zone) and not exists (select 1 from ins)`;
}
