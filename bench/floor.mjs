// A hot route's floor (docs/decisions/057-the-api-at-its-floor.md): bare Fastify and the API's own
// database driver running, with the same parameters, the statements the real route sent (captured
// with the API's STATEMENT_LOG), one after the other; the answer is JSON.stringify of the last rows
// read. No plugins, no cookie, no session or access layer, no serializer but JSON.stringify: the
// least that route's SQL can cost. FLOOR_ROUTES names a JSON file of
// [{ method, path, statements: [{ sql, parameters }] }]; FLOOR_DATABASE is the API's DATABASE_URL
// (postgres://…) or SQLite file; FLOOR_POOL_SIZE the PostgreSQL connections (the API's default, 10).
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import SQLite from 'better-sqlite3';
import pg from 'pg';

const routes = JSON.parse(readFileSync(process.env.FLOOR_ROUTES, 'utf8'));
const url = process.env.FLOOR_DATABASE;

/** Per route: a function running its statements in order, giving the rows of the last that read any. */
let runners;
if (/^postgres(ql)?:\/\//.test(url)) {
  // As the API: int8 as numbers, one pool, every statement a named prepared one.
  pg.types.setTypeParser(20, (v) => Number(v));
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.FLOOR_POOL_SIZE ?? 10) });
  let n = 0;
  // A transaction's statements must share one connection; anything else takes any free one.
  const control = /^\s*(begin|start|commit|rollback|savepoint|release)\b/i;
  runners = routes.map(({ statements }) => {
    const queries = statements.map((s) =>
      control.test(s.sql) ? { text: s.sql } : { name: `floor_${++n}`, text: s.sql, values: s.parameters },
    );
    const oneConnection = queries.some((q) => !q.name);
    return async () => {
      const client = oneConnection ? await pool.connect() : pool;
      try {
        let rows = [];
        for (const query of queries) {
          const result = await client.query(query);
          if (result.command === 'SELECT' || result.rows.length) rows = result.rows;
        }
        return rows;
      } finally {
        if (oneConnection) client.release();
      }
    };
  });
} else {
  // As the API: WAL, the same pragmas, each statement prepared once.
  const sqlite = new SQLite(url);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  runners = routes.map(({ statements }) => {
    const prepared = statements.map((s) => ({ stmt: sqlite.prepare(s.sql), parameters: s.parameters }));
    return async () => {
      let rows = [];
      for (const { stmt, parameters } of prepared) {
        if (stmt.reader) rows = stmt.all(parameters);
        else stmt.run(parameters);
      }
      return rows;
    };
  });
}

const app = Fastify({ logger: false });
routes.forEach(({ method, path }, i) => {
  const run = runners[i];
  app.route({
    method,
    url: path,
    handler: async (_request, reply) => reply.type('application/json').send(JSON.stringify(await run())),
  });
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
