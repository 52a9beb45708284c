import type { Kysely } from 'kysely';
import { precompile } from '../../db/precompiled.js';
import type { Database, FocusSessionRow, NewFocusSession } from '../../db/schema.js';

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

  constructor(db: Executor) {
    this.insertQuery = precompile(db, SESSION_COLUMNS, (values) =>
      db
        .insertInto('focus_sessions')
        // Markers stand for the values while the statement is compiled (precompile).
        .values(values as unknown as NewFocusSession)
        .onConflict((oc) => oc.columns(['user_id', 'client_id']).doNothing())
        .returningAll(),
    );
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
}
