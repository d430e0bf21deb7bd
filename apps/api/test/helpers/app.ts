import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildApp, type BuildOptions } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import { openDatabase, type Db, type StatementListener } from '../../src/db/database';
import { migrateToLatest } from '../../src/db/migrations';
import { seedDemoData, DEMO_PASSWORD } from '../../src/seed/demo';
import { completeCpf } from '@portal/domain/cpf';

export { DEMO_PASSWORD };

/** The databases the API suite runs on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const DATABASES: ('sqlite' | 'postgres')[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  /** The private PostgreSQL schema (undefined on SQLite). */
  schema?: string;
  close(): Promise<void>;
  /** Drops the private PostgreSQL schema (nothing on SQLite): for a test that closed the database itself. */
  dropDatabase(): Promise<void>;
}

/**
 * A fresh app on a fresh database: SQLite in a temp folder, or a private PostgreSQL schema that
 * is dropped afterwards. Demo data is seeded unless seed is false.
 */
export async function createTestApp(
  dialect: 'sqlite' | 'postgres',
  options: {
    seed?: boolean;
    env?: Record<string, string>;
    logger?: object;
    /** Database options (openDatabase's): SQLite's lock wait, the PostgreSQL connections' name, a statement listener. */
    database?: { busyTimeoutMs?: number; applicationName?: string; onStatement?: StatementListener };
    /** Jobs added to the app's own (buildApp's extraJobs). */
    extraJobs?: BuildOptions['extraJobs'];
    /**
     * PostgreSQL: a second instance on the database (and jobs schema) of this app, as two API
     * processes share one database. It neither migrates, seeds nor drops anything.
     */
    joins?: TestApp;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-test-'));
  let db: Db;
  let dropSchema = async () => {};
  let schema: string | undefined;
  if (dialect === 'postgres' && options.joins) {
    schema = options.joins.schema;
    db = openDatabase(process.env.TEST_DATABASE_URL!, { searchPath: schema, poolSize: 4, ...options.database });
  } else if (dialect === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    schema = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    db = openDatabase(url, { searchPath: schema, poolSize: 4, ...options.database });
    dropSchema = async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      // pg-boss's schema, when a test started the jobs.
      await c.query(`drop schema if exists ${schema}_jobs cascade`);
      await c.end();
    };
  } else {
    db = openDatabase(join(dataDir, 'portal.db'), options.database);
  }
  if (!options.joins) {
    await migrateToLatest(db.kysely, { schema });
    if (options.seed !== false) await seedDemoData(db.kysely);
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    WEB_DIST: join(dataDir, 'no-web'),
    // Background jobs on PostgreSQL (pg-boss) next to the test's own schema, dropped with it.
    ...(schema ? { JOBS_SCHEMA: `${schema}_jobs` } : {}),
    ...options.env,
  });
  const app = await buildApp({ config, db, logger: options.logger ?? false, extraJobs: options.extraJobs });
  await app.ready();
  return {
    app,
    db,
    config,
    schema,
    async close() {
      await app.close();
      await db.close();
      await dropSchema();
    },
    dropDatabase: () => dropSchema(),
  };
}

/** The access_token value a response sets, or undefined. */
export function sessionCookie(res: LightMyRequestResponse): string | undefined {
  const set = res.cookies.find((c) => c.name === 'access_token');
  return set?.value || undefined;
}

/** Logs a demo account in and returns the cookie header to send on later requests. */
export async function login(
  app: FastifyInstance,
  username: string,
  type: 'buyer' | 'seller' | 'operator',
  password = DEMO_PASSWORD,
): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/v3/auth/login', payload: { username, password, type } });
  if (res.statusCode !== 200) throw new Error(`login of ${username} failed: ${res.statusCode} ${res.body}`);
  return `access_token=${sessionCookie(res)}`;
}

/** The raw Set-Cookie line for access_token, or undefined. */
export function sessionSetCookie(res: LightMyRequestResponse): string | undefined {
  const header = res.headers['set-cookie'];
  const lines = Array.isArray(header) ? header : header ? [String(header)] : [];
  return lines.find((l) => l.startsWith('access_token='));
}

/** Forgets every rate-limit counter: the tests all come from one IP and log in often. */
export async function resetRateLimits(t: TestApp): Promise<void> {
  await t.db.kysely.deleteFrom('rate_limits').execute();
}

let userSeq = 0;
/**
 * Adds an account whose password is the demo one, reusing the seeded hash (no argon2 cost), so
 * a test that changes a password or trips a limit does not disturb the demo accounts.
 */
export async function createUser(
  t: TestApp,
  args: { role?: 'buyer' | 'seller' | 'operator'; name?: string } = {},
): Promise<{ id: string; email: string; cpf: string; name: string; role: 'buyer' | 'seller' | 'operator' }> {
  const demo = await t.db.kysely
    .selectFrom('users')
    .select('password_hash')
    .where('email', '=', 'comprador@demo.com.br')
    .executeTakeFirstOrThrow();
  userSeq++;
  const base = String(100_000_000 + ((userSeq * 7_919 + Number(randomBytes(3).readUIntBE(0, 3))) % 800_000_000));
  const user = {
    id: crypto.randomUUID(),
    role: args.role ?? ('buyer' as const),
    name: args.name ?? `Pessoa Teste ${userSeq}`,
    email: `pessoa${userSeq}.${randomBytes(3).toString('hex')}@teste.com.br`,
    cpf: completeCpf(base),
  };
  const now = Date.now();
  await t.db.kysely
    .insertInto('users')
    .values({ ...user, password_hash: demo.password_hash, created_at: now, updated_at: now })
    .execute();
  return user;
}
