import { Readable } from 'node:stream';
import { DEFAULT_SESSION_TASK, ID_PATTERN, SESSION_MESSAGES } from '@focusroom/core';
import {
  sessionMinutes,
  sessionProblem,
  type CreateSessionBody,
  type ListSessionsQuery,
  type Session,
  type UpdateSessionBody,
} from '@focusroom/core/schemas';
import { v7 as uuidv7 } from 'uuid';
import type { AppContext } from '../../context.js';
import type { FocusSessionRow, NewFocusSession } from '../../db/schema.js';
import { badRequest, notFound } from '../../lib/http-errors.js';
import { ifNoneMatchIncludes, weakTag } from '../../lib/revalidation.js';
import type { AuthContext } from '../auth/service.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import { CSV_HEADER, csvLine } from './csv.js';
import type { RollupRepository } from './rollups.js';
import {
  SessionsRepository,
  type SessionKey,
  type SessionPatch,
  type SessionUtcDay,
} from './sessions-repository.js';

/**
 * Part of every page's tag: raise it when a session's fields change, so a tag a browser kept
 * from before never matches again.
 */
export const SESSIONS_TAG_FORMAT = 1;

/** Rows read per query when streaming a whole history (JSON list or CSV). */
const STREAM_PAGE_SIZE = 500;

export function toSessionJson(row: FocusSessionRow): Session {
  return {
    id: row.id,
    duration: row.duration,
    task: row.task,
    completed: row.completed === 1,
    created_at: row.created_at,
    start_time: row.start_time,
    end_time: row.end_time,
    client_id: row.client_id,
  };
}

/** Stored times are UTC in one fixed-width form, so string order is time order. */
function toStoredInstant(iso: string): string {
  return new Date(iso).toISOString();
}

function taskOrDefault(task: string | null | undefined): string {
  return task ? task : DEFAULT_SESSION_TASK;
}

function invalidSession(problem: { field: string; message: string }) {
  return badRequest(problem.message, { [problem.field]: problem.message });
}

const sessionNotFound = () => notFound(SESSION_MESSAGES.notFound);

export interface SessionPage {
  sessions: Session[];
  nextCursor: string | undefined;
}

/**
 * Recorded focus sessions (product §3, §7). Every write keeps the per-day rollup in
 * step in the same transaction (see rollups.ts).
 */
export class SessionsService {
  private readonly repo: SessionsRepository;

  constructor(
    private readonly ctx: AppContext,
    private readonly rollups: RollupRepository,
  ) {
    this.repo = new SessionsRepository(ctx.db);
  }

  /**
   * Records a session. With a client_id, a repeat (sequential or concurrent) by the same user
   * returns the first session unchanged and `created: false`; the unique index on
   * (user_id, client_id) decides the race.
   */
  async create(
    auth: AuthContext,
    body: CreateSessionBody,
  ): Promise<{ created: boolean; session: Session }> {
    const userId = auth.user.id;
    const clientId = body.client_id ?? null;
    const now = this.ctx.clock.now().toISOString();
    const row: Required<NewFocusSession> = {
      id: uuidv7(),
      user_id: userId,
      client_id: clientId,
      duration: sessionMinutes(body.start_time, body.end_time, body.duration),
      task: taskOrDefault(body.task),
      completed: body.completed ? 1 : 0,
      start_time: toStoredInstant(body.start_time),
      end_time: toStoredInstant(body.end_time),
      created_at: now,
      updated_at: now,
    };
    if (this.ctx.dialect === 'postgres') {
      // One statement, one round trip (decision 033); the steps below only when it cannot answer.
      const written = await this.repo.insertCounted(this.ctx.db, row);
      if (written) return { created: written.created, session: toSessionJson(written.session) };
    }
    return this.createStepByStep(auth, row);
  }

  /**
   * The write as separate statements in one transaction: zone lock, insert, rollup upsert. The
   * only path on SQLite (where a statement costs no round trip); on PostgreSQL it takes over
   * when the one-statement write cannot answer (the user's first session, a concurrent repeat of
   * a client_id).
   */
  private async createStepByStep(
    auth: AuthContext,
    row: Required<NewFocusSession>,
  ): Promise<{ created: boolean; session: Session }> {
    const userId = auth.user.id;
    const clientId = row.client_id;
    for (let attempt = 0; ; attempt++) {
      const result = await this.ctx.db.transaction().execute(async (trx) => {
        const zone = await this.rollups.lockZone(trx, userId);
        // The user's first session: the zone row is made outside any transaction, then again.
        if (zone === undefined) return undefined;
        const inserted = await this.repo.insertUnlessClientIdTaken(trx, row);
        if (inserted) {
          await this.rollups.apply(trx, userId, zone, inserted.id, 1);
          return { created: true, session: toSessionJson(inserted) };
        }
        const first = clientId && (await this.repo.findByClientId(trx, userId, clientId));
        if (!first) throw new Error('insert skipped without a session holding its client_id');
        return { created: false, session: toSessionJson(first) };
      });
      if (result) return result;
      if (attempt > 0) throw new Error('rollup zone row missing after it was made');
      await this.rollups.ensureZone(userId, auth.user.time_zone ?? 'UTC');
    }
  }

  /** One page, newest first; `nextCursor` is set when more sessions follow. */
  async page(userId: string, query: ListSessionsQuery & { limit: number }): Promise<SessionPage> {
    const bounds = this.bounds(query);
    const rows = await this.repo.page(this.ctx.db, userId, { ...bounds, limit: query.limit + 1 });
    const sessions = rows.slice(0, query.limit).map(toSessionJson);
    const last = sessions.at(-1);
    const nextCursor =
      rows.length > query.limit && last
        ? encodeCursor({ start_time: last.start_time, id: last.id })
        : undefined;
    return { sessions, nextCursor };
  }

  /**
   * A page with its tag: the user's rollup version (raised by every write of their sessions)
   * with the query. The version is read before the rows, so a page may hold newer rows than its
   * tag says, never older. When `ifNoneMatch` names the tag nothing else is read and `page` is
   * null (the history's 60 s refresh, decision 040).
   */
  async revalidatedPage(
    userId: string,
    query: ListSessionsQuery & { limit: number },
    ifNoneMatch: string | undefined,
  ): Promise<{ etag: string; page: SessionPage | null }> {
    const state = await this.rollups.state(userId);
    const { limit, cursor, from, to } = query;
    const key = [userId, state?.version ?? 'none', limit, cursor ?? '', from ?? '', to ?? ''];
    const etag = weakTag(`sessions/${SESSIONS_TAG_FORMAT}`, key.join(' '));
    if (ifNoneMatchIncludes(ifNoneMatch, etag)) return { etag, page: null };
    return { etag, page: await this.page(userId, query) };
  }

  /** Every session (within from/to) as one JSON array, streamed page by page. */
  async streamJson(userId: string, query: ListSessionsQuery): Promise<Readable> {
    const pages = await firstPageRead(this.walk(userId, this.bounds(query)));
    return Readable.from(
      (async function* () {
        yield '[';
        let separator = '';
        for await (const rows of pages) {
          let chunk = '';
          for (const row of rows) {
            chunk += separator + JSON.stringify(toSessionJson(row));
            separator = ',';
          }
          yield chunk;
        }
        yield ']';
      })(),
    );
  }

  /** The CSV export, newest first, streamed page by page with times in `zone`. */
  async streamCsv(userId: string, zone: string): Promise<Readable> {
    const pages = await firstPageRead(this.walk(userId, {}));
    return Readable.from(
      (async function* () {
        yield CSV_HEADER + '\r\n';
        for await (const rows of pages) yield rows.map((row) => csvLine(row, zone)).join('');
      })(),
    );
  }

  async update(auth: AuthContext, id: string, body: UpdateSessionBody): Promise<Session> {
    if (!ID_PATTERN.test(id)) throw sessionNotFound();
    const userId = auth.user.id;
    return this.ctx.db.transaction().execute(async (trx) => {
      const zone = await this.rollups.lockZone(trx, userId);
      const current = zone === undefined ? undefined : await this.repo.findOwned(trx, userId, id);
      if (zone === undefined || !current) throw sessionNotFound();
      const startTime =
        body.start_time === undefined ? current.start_time : toStoredInstant(body.start_time);
      const endTime =
        body.end_time === undefined ? current.end_time : toStoredInstant(body.end_time);
      const duration = body.duration ?? current.duration;
      const problem = sessionProblem(startTime, endTime, duration);
      if (problem) throw invalidSession(problem);

      const patch: SessionPatch = {
        start_time: startTime,
        end_time: endTime,
        duration: Math.round(duration),
        updated_at: this.ctx.clock.now().toISOString(),
      };
      if (body.task !== undefined) patch.task = taskOrDefault(body.task);
      if (body.completed !== undefined) patch.completed = body.completed ? 1 : 0;
      await this.rollups.apply(trx, userId, zone, id, -1);
      const updated = await this.repo.update(trx, userId, id, patch);
      if (!updated) throw sessionNotFound();
      await this.rollups.apply(trx, userId, zone, id, 1);
      return toSessionJson(updated);
    });
  }

  async delete(auth: AuthContext, id: string): Promise<void> {
    if (!ID_PATTERN.test(id)) throw sessionNotFound();
    const userId = auth.user.id;
    await this.ctx.db.transaction().execute(async (trx) => {
      const zone = await this.rollups.lockZone(trx, userId);
      const current = zone === undefined ? undefined : await this.repo.findOwned(trx, userId, id);
      if (zone === undefined || !current) throw sessionNotFound();
      await this.rollups.apply(trx, userId, zone, id, -1);
      await this.repo.delete(trx, userId, id);
    });
  }

  // ---- Figures of the admin area (decisions 024, 068) ----

  /** Sessions and completed minutes per UTC day of their start, for starts in [from, to). */
  utcDays(from: string, to: string): Promise<SessionUtcDay[]> {
    return this.repo.utcDays(this.ctx.db, from, to);
  }

  /** How many users recorded a session starting since `since7`, and since `since30`. */
  activeUsers(since7: string, since30: string): Promise<{ d7: number; d30: number }> {
    return this.repo.activeUsers(this.ctx.db, since7, since30);
  }

  /** How many sessions the user recorded (the admin area's user page). */
  countOf(userId: string): Promise<number> {
    return this.repo.countOf(this.ctx.db, userId);
  }

  private bounds(query: ListSessionsQuery): {
    after?: SessionKey;
    from?: string;
    to?: string;
  } {
    const from = query.from === undefined ? undefined : toStoredInstant(query.from);
    const to = query.to === undefined ? undefined : toStoredInstant(query.to);
    if (from !== undefined && to !== undefined && from > to) {
      throw badRequest(SESSION_MESSAGES.fromAfterTo, { from: SESSION_MESSAGES.fromAfterTo });
    }
    let after: SessionKey | undefined;
    if (query.cursor !== undefined) {
      after = decodeCursor(query.cursor);
      if (!after) throw badRequest(SESSION_MESSAGES.cursor, { cursor: SESSION_MESSAGES.cursor });
    }
    return {
      ...(after ? { after } : {}),
      ...(from !== undefined ? { from } : {}),
      ...(to !== undefined ? { to } : {}),
    };
  }

  private async *walk(
    userId: string,
    bounds: { after?: SessionKey; from?: string; to?: string },
  ): AsyncGenerator<FocusSessionRow[]> {
    let after = bounds.after;
    for (;;) {
      const rows = await this.repo.page(this.ctx.db, userId, {
        ...bounds,
        after,
        limit: STREAM_PAGE_SIZE,
      });
      if (rows.length > 0) yield rows;
      const last = rows.at(-1);
      if (rows.length < STREAM_PAGE_SIZE || !last) return;
      after = { start_time: last.start_time, id: last.id };
    }
  }
}

/**
 * The pages with the first one already read: a stream's 200 goes out before its body, so a
 * database that is away is found out here and answers 503 (decision 037), not a 200 cut short.
 */
async function firstPageRead<T>(pages: AsyncGenerator<T>): Promise<AsyncGenerator<T>> {
  const first = await pages.next();
  return (async function* () {
    if (!first.done) yield first.value;
    yield* pages;
  })();
}
