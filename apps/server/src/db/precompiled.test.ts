import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { precompile } from './precompiled.js';

interface Schema {
  notes: { id: string; owner: string; rank: number };
}

function notesDb() {
  const sqlite = new Database(':memory:');
  sqlite.exec(`create table notes (id text primary key, owner text not null, rank integer not null);
    insert into notes values ('a', 'ada', 1), ('b', 'ada', 2), ('c', 'bob', 2);`);
  return new Kysely<Schema>({ dialect: new SqliteDialect({ database: sqlite }) });
}

describe('precompile', () => {
  let db: Kysely<Schema> | undefined;
  afterEach(async () => db?.destroy());

  it('runs one compiled query with new values each time, keeping the constants', async () => {
    db = notesDb();
    const d = db;
    const ranked = precompile(d, ['owner'], ({ owner }) =>
      d.selectFrom('notes').select('id').where('owner', '=', owner).where('rank', '=', 2),
    );
    expect(await ranked({ owner: 'ada' })).toEqual([{ id: 'b' }]);
    expect(await ranked({ owner: 'bob' })).toEqual([{ id: 'c' }]);
    expect(await ranked({ owner: 'nobody' })).toEqual([]);
  });

  it('refuses a query that does not pass a parameter through', () => {
    db = notesDb();
    const d = db;
    expect(() =>
      precompile(d, ['owner', 'rank'], ({ owner }) =>
        d.selectFrom('notes').select('id').where('owner', '=', owner),
      ),
    ).toThrow('parameter rank is not a parameter of the compiled query');
  });

  it('runs inside a transaction it is given, so a rollback undoes its write', async () => {
    db = notesDb();
    const d = db;
    const rerank = precompile(d, ['id', 'rank'], ({ id, rank }) =>
      d
        .updateTable('notes')
        .set({ rank: rank as unknown as number })
        .where('id', '=', id)
        .returning('rank'),
    );
    await expect(
      d.transaction().execute(async (trx) => {
        expect(await rerank({ id: 'a', rank: 7 }, trx)).toEqual([{ rank: 7 }]);
        expect(
          await trx.selectFrom('notes').select('rank').where('id', '=', 'a').execute(),
        ).toEqual([{ rank: 7 }]);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await d.selectFrom('notes').select('rank').where('id', '=', 'a').execute()).toEqual([
      { rank: 1 },
    ]);
    expect(await rerank({ id: 'a', rank: 3 })).toEqual([{ rank: 3 }]);
  });
});
