import { sql } from 'kysely';
import type { Db } from '../../src/db/index.js';

/** Every table of the migrated schema except the migrator's own bookkeeping. */
export async function allTables(db: Db): Promise<string[]> {
  const tables = await db.introspection.getTables();
  return tables
    .map((table) => table.name)
    .filter((name) => !name.startsWith('kysely_'))
    .sort();
}

type Row = Record<string, unknown>;

async function rowsOf(db: Db, table: string): Promise<Row[]> {
  const result = await sql<Row>`select * from ${sql.table(table)}`.execute(db);
  return result.rows;
}

function cellText(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value)) return value.toString('hex');
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function mentions(row: Row, needles: Iterable<string>): boolean {
  const cells = Object.values(row).map(cellText);
  for (const needle of needles) if (cells.some((cell) => cell?.includes(needle))) return true;
  return false;
}

/**
 * Every row of every table that belongs to an account: rows naming its id, then rows naming the
 * ids of those rows (a playlist's tracks name the playlist, not the user), to a fixed point.
 * Rows that also name one of `others` (their own rows pointing at a public theme, say) are left
 * out. Answers `table -> rows` as canonical JSON text, for byte-for-byte comparison.
 */
export async function rowsOwnedBy(
  db: Db,
  ownerId: string,
  others: string[] = [],
): Promise<Record<string, string[]>> {
  const tables = await allTables(db);
  const all = new Map<string, Row[]>();
  for (const table of tables) all.set(table, await rowsOf(db, table));
  const known = new Set([ownerId]);
  const owned = new Map<string, Set<Row>>();
  for (let grew = true; grew;) {
    grew = false;
    for (const [table, rows] of all) {
      for (const row of rows) {
        if (owned.get(table)?.has(row)) continue;
        if (!mentions(row, known) || mentions(row, others)) continue;
        if (!owned.has(table)) owned.set(table, new Set());
        owned.get(table)?.add(row);
        const id = row.id;
        if (typeof id === 'string' && !known.has(id)) {
          known.add(id);
          grew = true;
        }
      }
    }
  }
  const out: Record<string, string[]> = {};
  for (const [table, rows] of owned) {
    out[table] = [...rows].map((row) => JSON.stringify(row, Object.keys(row).sort())).sort();
  }
  return out;
}

/** `table: row` for every row, in any table, that contains one of the texts. */
export async function rowsMentioning(db: Db, needles: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const table of await allTables(db)) {
    for (const row of await rowsOf(db, table)) {
      if (mentions(row, needles)) found.push(`${table}: ${JSON.stringify(row)}`);
    }
  }
  return found;
}
