import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import type { Database } from './schema';
import { directRunnerOf, nameStatement } from './database';

/** prepareQuery's marker maker: `param(name)` stands for the value of `name` at each call. */
export type Param<P> = <K extends keyof P & string>(name: K) => P[K];

/**
 * A query built and compiled by Kysely once, then run with new parameter values. Building and
 * compiling a query (an immutable tree, frozen node by node, then visited into SQL) cost more CPU
 * than running it on the hot paths; the SQL text never changes, only the values do.
 *
 * `build` receives `param(name)`, a marker to use wherever a value goes; the marker must reach the
 * compiled query as one parameter (a plain `where(col, '=', param('x'))`, a `set`, a `values`), and
 * every marker must appear, or preparing throws at start. Other literals in `build` stay constants.
 * On PostgreSQL the SQL runs as a named prepared statement (nameStatement), so it must name its
 * columns rather than select `*`. Each call runs straight on the driver where it can (DirectRunner
 * in database.ts): Kysely's per-call work was a fifth of a SQLite session read.
 */
export function prepareQuery<P extends Record<string, unknown>, R>(
  db: Kysely<Database>,
  build: (db: Kysely<Database>, param: Param<P>) => Compilable<R>,
): (params: P) => Promise<R[]> {
  const markers = new Map<string, string>();
  const param = <K extends keyof P & string>(name: K) => {
    const marker = `\u0000param:${name}\u0000`;
    markers.set(marker, name);
    return marker as P[K];
  };
  const compiled = build(db, param).compile();
  if (/\bselect \*|\.\*/i.test(compiled.sql)) throw new Error('prepareQuery: name the columns instead of selecting *');
  nameStatement(compiled.sql);
  const slots = compiled.parameters.map((value) => (typeof value === 'string' ? markers.get(value) : undefined));
  for (const [marker, name] of markers) {
    if (!compiled.parameters.includes(marker)) throw new Error(`prepareQuery: ${name} is not a parameter of the SQL`);
  }
  for (const value of compiled.parameters) {
    if (typeof value === 'string' && value.includes('\u0000param:') && !markers.has(value))
      throw new Error('prepareQuery: a marker was altered on its way into the SQL');
  }
  const direct = directRunnerOf(db);
  return async (params: P) => {
    const parameters = compiled.parameters.map((value, i) => {
      const name = slots[i];
      return name === undefined ? value : params[name];
    });
    const rows = direct?.(compiled.sql, parameters);
    if (rows) return (await rows) as R[];
    const result = await db.executeQuery<R>(CompiledQuery.raw(compiled.sql, parameters));
    return result.rows;
  };
}
