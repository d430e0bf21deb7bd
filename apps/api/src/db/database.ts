import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import {
  CompiledQuery,
  Kysely,
  type Transaction,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDatabase,
} from 'kysely';
import type { Database } from './schema';

export type Dialect = 'sqlite' | 'postgres';
export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** What it was opened with: the PostgreSQL URL (the job engine opens its own pool on it) or the SQLite path. */
  url: string;
  close(): Promise<void>;
  /**
   * Calls `listener` with each error of a pooled PostgreSQL connection (the server stopped or
   * restarted, the network cut it). The pool has already dropped that connection; the next query
   * opens a new one. For logging only: nothing needs to be done about it.
   */
  onConnectionError(listener: (err: Error) => void): void;
}

/** How long a query waits for a PostgreSQL connection (a new one, or a free one of a full pool) before failing. */
const CONNECT_TIMEOUT_MS = 5_000;

// int8 (bigint) columns hold epoch milliseconds: well inside Number's safe range.
pg.types.setTypeParser(20, (v) => Number(v));

/**
 * Transactions take the write lock up front (BEGIN IMMEDIATE): a deferred transaction that reads
 * and then writes can fail at once with SQLITE_BUSY when another process (a second API instance)
 * writes in between; an immediate one waits its turn for up to busy_timeout instead.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}
class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: ConstructorParameters<typeof SqliteDialect>[0];
  constructor(config: ConstructorParameters<typeof SqliteDialect>[0]) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

/** How many distinct SQL texts keep their prepared statement (the app has far fewer hot ones). */
const STATEMENT_CACHE_SIZE = 256;

/**
 * Kysely's SQLite driver prepares every query anew: parsing and planning the same SQL on each request
 * was the largest single cost of a read. This keeps the most recently used statements by their SQL
 * text (least recently used dropped first). A statement still being iterated is busy and cannot be
 * run again before it finishes, so that case gets a fresh one. SQLite re-prepares a cached statement
 * by itself when the schema changes under it.
 */
export function withStatementCache(sqlite: SQLite.Database, max = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      const hit = cache.get(sql);
      if (hit && !hit.busy) {
        // Re-inserting keeps the Map in least-recently-used order.
        cache.delete(sql);
        cache.set(sql, hit);
        return hit;
      }
      const stmt = sqlite.prepare(sql);
      if (!hit) {
        cache.set(sql, stmt);
        if (cache.size > max) cache.delete(cache.keys().next().value!);
      }
      return stmt;
    },
  };
}

/**
 * Runs one hot statement (prepareQuery's) straight on the driver, without Kysely's per-call work
 * (connection provider, mutex, result transform): the rows, or null when it must go through Kysely
 * after all (SQLite inside an open transaction, whose connection Kysely holds).
 */
export type DirectRunner = (sql: string, parameters: readonly unknown[]) => Promise<unknown[]> | unknown[] | null;
const directRunners = new WeakMap<Kysely<Database>, DirectRunner>();
/** The direct runner of a database opened by openDatabase (none for a Kysely built elsewhere). */
export const directRunnerOf = (db: Kysely<Database>) => directRunners.get(db);

/**
 * better-sqlite3 runs a statement synchronously, so outside a transaction a hot statement can run
 * at once on the shared connection: nothing else can be midway through it. While a transaction is
 * open on the connection (Kysely holds it across the transaction's awaits), a statement run here
 * would become part of that transaction; it goes through Kysely instead, which waits its turn.
 */
function sqliteRunner(
  sqlite: SQLite.Database,
  statements: SqliteDatabase,
  onStatement?: StatementListener,
): DirectRunner {
  return (sql, parameters) => {
    if (sqlite.inTransaction) return null;
    onStatement?.(sql, parameters);
    const stmt = statements.prepare(sql);
    if (stmt.reader) return stmt.all(parameters);
    stmt.run(parameters);
    return [];
  };
}

/** The hot SQL texts (prepareQuery's) and the name of their prepared statement on PostgreSQL. */
const statementNames = new Map<string, string>();

/**
 * Marks a SQL text as hot: on PostgreSQL it becomes a named prepared statement, parsed and planned
 * once per connection instead of on every run (the server's plan cache then serves each call). The
 * text must name its columns (no `select *`): a column added later by a migration must not change
 * the result of a statement already prepared, which PostgreSQL refuses. SQLite keeps its own
 * statement cache (withStatementCache) for every text.
 */
export function nameStatement(sql: string): void {
  if (!statementNames.has(sql)) statementNames.set(sql, `portal_hot_${statementNames.size + 1}`);
}

type QueryFn = (this: pg.PoolClient, ...args: unknown[]) => unknown;

/** Each client of the pool runs the texts marked by nameStatement as named prepared statements. */
function runHotStatementsPrepared(pool: pg.Pool) {
  pool.on('connect', (client) => {
    const query = client.query as unknown as QueryFn;
    (client as unknown as { query: QueryFn }).query = function (text, values, ...rest) {
      const name = typeof text === 'string' ? statementNames.get(text) : undefined;
      if (name === undefined || !Array.isArray(values)) return query.call(this, text, values, ...rest);
      return query.call(this, { name, text, values }, ...rest);
    };
  });
}

/**
 * A PostgreSQL restart or failover ends every connection with an error ("terminating connection
 * due to administrator command"). node-postgres emits it as an 'error' event on the client and, for
 * an idle client, on the pool; an 'error' event nobody listens to ends the process. So both get a
 * listener: the pool removes an idle client that failed by itself, a client in use fails its query
 * (the request answers 503, its transaction is rolled back by the server) and is dropped when it is
 * released (pg-pool discards a client that is no longer queryable), and the next query connects anew.
 */
function survivesLostConnections(pool: pg.Pool, report: (err: Error) => void) {
  pool.on('error', report);
  pool.on('connect', (client) => client.on('error', report));
}

/** Told of each statement the app sends to the database, with its SQL and parameters. */
export type StatementListener = (sql: string, parameters: readonly unknown[]) => void;

/**
 * Kysely's query log as a statement listener: every statement Kysely runs (queries, BEGIN/COMMIT of
 * its transactions), told once it has run. Without a listener Kysely logs nothing and pays nothing.
 */
const statementLog = (onStatement?: StatementListener) =>
  onStatement
    ? {
        log: (event: { query: { sql: string; parameters: readonly unknown[] } }) =>
          onStatement(event.query.sql, event.query.parameters),
      }
    : {};

/**
 * Opens the database named by a URL: postgres://… for PostgreSQL, otherwise a SQLite file path
 * (or ':memory:'). `searchPath` isolates a PostgreSQL schema (used by the test suite); `busyTimeoutMs`
 * is how long a SQLite writer waits for the file's lock (default 5 s); `applicationName` names the
 * PostgreSQL connections in pg_stat_activity (default portal-api); `onStatement` is told of every
 * statement sent, the hot ones (DirectRunner) included: the bench's STATEMENT_LOG and the tests
 * that count statements per request (docs/decisions/057-the-api-at-its-floor.md).
 */
export function openDatabase(
  url: string,
  options: {
    searchPath?: string;
    poolSize?: number;
    busyTimeoutMs?: number;
    applicationName?: string;
    onStatement?: StatementListener;
  } = {},
): Db {
  if (/^postgres(ql)?:\/\//.test(url)) {
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize ?? 10,
      // What pg_stat_activity shows for these connections.
      application_name: options.applicationName ?? 'portal-api',
      // A server that does not answer fails the query (503) instead of leaving it waiting for ever.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // The kernel notices a peer that vanished without closing the connection.
      keepAlive: true,
      ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
    });
    const listeners = new Set<(err: Error) => void>();
    // An idle client's error reaches both the client's listener and the pool's: reported once.
    const reported = new WeakSet<Error>();
    const report = (err: Error) => {
      if (reported.has(err)) return;
      reported.add(err);
      for (const listener of listeners) listener(err);
    };
    survivesLostConnections(pool, report);
    runHotStatementsPrepared(pool);
    const kysely = new Kysely<Database>({
      dialect: new PostgresDialect({ pool }),
      ...statementLog(options.onStatement),
    });
    const { onStatement } = options;
    // pool.query takes a client, runs the text (named: runHotStatementsPrepared) and releases it.
    directRunners.set(kysely, (sql, parameters) => {
      onStatement?.(sql, parameters);
      return pool.query(sql, parameters as unknown[]).then((result) => result.rows as unknown[]);
    });
    return {
      kysely,
      dialect: 'postgres',
      url,
      close: () => kysely.destroy(),
      onConnectionError: (listener) => void listeners.add(listener),
    };
  }
  if (url !== ':memory:') mkdirSync(dirname(url), { recursive: true });
  const sqlite = new SQLite(url);
  // WAL: readers never block the writer; NORMAL is durable across process crashes in WAL mode.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  // A writer waits this long for another one (a second instance) before failing with SQLITE_BUSY (503).
  sqlite.pragma(`busy_timeout = ${Math.max(0, Math.trunc(options.busyTimeoutMs ?? 5000))}`);
  const statements = withStatementCache(sqlite);
  const kysely = new Kysely<Database>({
    dialect: new ImmediateSqliteDialect({ database: statements }),
    ...statementLog(options.onStatement),
  });
  directRunners.set(kysely, sqliteRunner(sqlite, statements, options.onStatement));
  // One file, no connection to lose: busy writers are SQLITE_BUSY errors of the query itself.
  return { kysely, dialect: 'sqlite', url, close: () => kysely.destroy(), onConnectionError: () => {} };
}

/** Where a query runs: the database, or a transaction a service opened. */
export type Executor = Kysely<Database> | Transaction<Database>;
