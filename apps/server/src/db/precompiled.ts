import type { Compilable, CompiledQuery, Kysely } from 'kysely';

/** What stands for a parameter while the query is compiled; never a value a caller sends. */
const marker = (name: string) => `\u0000focusroom-parameter:${name}`;

/**
 * A query built and compiled once, then run with new parameter values: Kysely builds and
 * compiles every query it runs, ~20 µs here, several times the cost of a primary-key lookup on
 * SQLite (measured with the built server's AuthRepository against better-sqlite3 alone). Used
 * for the lookups every authenticated request makes.
 *
 * `build` receives a marker string for each named parameter and must pass it where the value
 * goes, unchanged (a parameter used in an expression the compiler rewrites would be lost, and
 * is refused here). Constant values the builder adds stay as they were compiled. The returned
 * function runs on `db`, or on the transaction it is given.
 */
export function precompile<DB, Name extends string, Row>(
  db: Kysely<DB>,
  names: readonly Name[],
  build: (params: Record<Name, string>) => Compilable<Row>,
): (params: Record<Name, unknown>, executor?: Kysely<DB>) => Promise<Row[]> {
  const markers = Object.fromEntries(names.map((name) => [name, marker(name)])) as Record<
    Name,
    string
  >;
  const compiled = build(markers).compile();
  // Each compiled parameter is either one of ours (by name) or a constant of the builder's.
  const slots: { name: Name | null; constant: unknown }[] = compiled.parameters.map((value) => ({
    name: names.find((n) => value === marker(n)) ?? null,
    constant: value,
  }));
  for (const name of names) {
    if (!slots.some((slot) => slot.name === name)) {
      throw new Error(`precompile: parameter ${name} is not a parameter of the compiled query`);
    }
  }
  return async (params, executor = db) => {
    const parameters = slots.map((slot) =>
      slot.name === null ? slot.constant : params[slot.name],
    );
    const query: CompiledQuery<Row> = { ...compiled, parameters };
    return (await executor.executeQuery(query)).rows;
  };
}
