import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/lib/free-port.mjs';
import { openDatabase } from '../src/db/database';
import { isDatabaseUnavailable } from '../src/errors';
import { createTestApp, DEMO_PASSWORD, demoProposals, login, type TestApp } from './helpers';

/**
 * A database that is away answers 503 with a Portuguese message and Retry-After, never 500
 * (docs/decisions/039-database-outages.md). The errors are real ones: a refused connection, a
 * PostgreSQL backend ended under a query, SQLite's write lock held by another connection.
 */
const UNAVAILABLE = {
  error: { code: 'unavailable', message: 'Serviço temporariamente indisponível. Tente novamente em instantes.' },
};
const testUrl = process.env.TEST_DATABASE_URL;

const rejection = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('expected a failure');
};

describe('isDatabaseUnavailable', () => {
  it('matches a refused PostgreSQL connection', async () => {
    const db = openDatabase(`postgres://postgres@127.0.0.1:${await freePort()}/none`);
    try {
      const err = await rejection(sql`select 1`.execute(db.kysely));
      expect((err as { code: string }).code).toBe('ECONNREFUSED');
      expect(isDatabaseUnavailable(err)).toBe(true);
    } finally {
      await db.close();
    }
  });

  it('matches SQLITE_BUSY (another connection holds the write lock), not a constraint', () => {
    const dir = mkdtempSync(join(tmpdir(), 'portal-busy-'));
    const holder = new SQLite(join(dir, 'x.db'));
    const other = new SQLite(join(dir, 'x.db'), { timeout: 0 });
    try {
      holder.exec('create table t (id integer primary key)');
      holder.exec('begin immediate');
      let busy: unknown;
      try {
        other.exec('begin immediate');
      } catch (err) {
        busy = err;
      }
      expect((busy as { code: string }).code).toBe('SQLITE_BUSY');
      expect(isDatabaseUnavailable(busy)).toBe(true);
      holder.exec('insert into t values (1)');
      let duplicate: unknown;
      try {
        holder.exec('insert into t values (1)');
      } catch (err) {
        duplicate = err;
      }
      expect((duplicate as { code: string }).code).toMatch(/^SQLITE_CONSTRAINT/);
      expect(isDatabaseUnavailable(duplicate)).toBe(false);
    } finally {
      holder.close();
      other.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('does not match an ordinary error', () => {
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });

  it.skipIf(!testUrl)(
    'matches a backend ended under a query (57P01) and the dead client afterwards, not a unique violation',
    async () => {
      const victim = new pg.Client({ connectionString: testUrl });
      victim.on('error', () => {});
      await victim.connect();
      const admin = new pg.Client({ connectionString: testUrl });
      await admin.connect();
      try {
        const pid = (await victim.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
        const sleeping = rejection(victim.query('select pg_sleep(30)'));
        await admin.query('select pg_terminate_backend($1)', [pid]);
        const cut = await sleeping;
        expect((cut as { code: string }).code).toBe('57P01');
        expect(isDatabaseUnavailable(cut)).toBe(true);
        const after = await rejection(victim.query('select 1'));
        expect(isDatabaseUnavailable(after)).toBe(true);

        const duplicate = await rejection(admin.query('select * from (values (1)) v(x) where 1 / 0 = 1'));
        expect((duplicate as { code: string }).code).toBe('22012');
        expect(isDatabaseUnavailable(duplicate)).toBe(false);
      } finally {
        await victim.end().catch(() => undefined);
        await admin.end();
      }
    },
  );
});

describe('SQLite: a write that waits past busy_timeout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { database: { busyTimeoutMs: 200 } });
  });
  afterAll(() => t.close());

  it('answers 503 with Retry-After while another process holds the write lock, and saves once it is free', async () => {
    const cookie = await login(t.app, 'comprador@demo.com.br', 'buyer', DEMO_PASSWORD);
    const { twoBuyers } = await demoProposals(t);
    const save = (occupation: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v3/proposals/${twoBuyers.id}/sections/data/draft?buyer=0`,
        headers: { cookie },
        payload: { occupation },
      });
    const other = new SQLite(join(t.config.dataDir, 'portal.db'));
    try {
      other.exec('begin immediate');
      const refused = await save('durante');
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('5');
      expect(refused.json()).toEqual(UNAVAILABLE);
      other.exec('rollback');
      expect((await save('depois')).statusCode).toBe(200);
    } finally {
      other.close();
    }
  });
});

describe.skipIf(!testUrl)('PostgreSQL: connections ended by the server', () => {
  const applicationName = `portal-test-${randomBytes(4).toString('hex')}`;
  let t: TestApp;
  let admin: pg.Client;
  let cookie: string;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp('postgres', { database: { applicationName } });
    admin = new pg.Client({ connectionString: testUrl });
    await admin.connect();
    cookie = await login(t.app, 'comprador@demo.com.br', 'buyer', DEMO_PASSWORD);
    url = `/api/v3/proposals/${(await demoProposals(t)).twoBuyers.id}/sections/data/draft?buyer=0`;
  });
  afterEach(() => admin.query('rollback').catch(() => undefined));
  afterAll(async () => {
    await admin?.end();
    await t?.close();
  });

  const save = (occupation: string) =>
    t.app.inject({ method: 'PUT', url, headers: { cookie }, payload: { occupation } });
  /** Ends every connection of this app's pool, as a server restart does (only this app's: by their name). */
  const endPoolConnections = () =>
    admin.query<{ ended: boolean }>(
      'select pg_terminate_backend(pid) as ended from pg_stat_activity where application_name = $1',
      [applicationName],
    );

  it('idle connections ended: the process stays up and the next request connects anew', async () => {
    expect((await save('antes')).statusCode).toBe(200);
    expect((await endPoolConnections()).rows.length).toBeGreaterThan(0);
    // The pool hears of it on its idle connections; without a listener the process would end here.
    await new Promise((r) => setTimeout(r, 200));
    expect((await save('depois')).statusCode).toBe(200);
  });

  it('a connection ended under a running query: that request answers 503, the next one succeeds', async () => {
    // The save waits on a lock the test holds, so its connection is in use when it is ended.
    await admin.query('begin');
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db.kysely);
    await admin.query(`lock table ${rows[0]!.schema}.proposal_sections in access exclusive mode`);
    const pending = save('cortado');
    const deadline = Date.now() + 10_000;
    for (;;) {
      const waiting = await admin.query(
        "select 1 from pg_stat_activity where application_name = $1 and wait_event_type = 'Lock'",
        [applicationName],
      );
      if (waiting.rows.length > 0) break;
      if (Date.now() > deadline) throw new Error('the save never waited on the lock');
      await new Promise((r) => setTimeout(r, 25));
    }
    await endPoolConnections();
    const res = await pending;
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual(UNAVAILABLE);
    await admin.query('rollback');
    expect((await save('de novo')).statusCode).toBe(200);
  });
});
