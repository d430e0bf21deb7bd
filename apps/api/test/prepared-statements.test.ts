import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../src/db/database';
import { prepareQuery } from '../src/db/prepared';

// PostgreSQL only: the hot queries run as named prepared statements there (docs/decisions/028-api-hot-paths.md).
const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('prepared statements on PostgreSQL', () => {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  let db: Db;
  const admin = () => new pg.Client({ connectionString: url });
  beforeAll(async () => {
    const c = admin();
    await c.connect();
    await c.query(`create schema ${schema}`);
    await c.end();
    // One connection: every query below runs on it, so its prepared statements can be listed.
    db = openDatabase(url!, { searchPath: schema, poolSize: 1 });
    await sql`create table sessions (id text primary key, user_id text, last_seen_at bigint, expires_at bigint)`.execute(
      db.kysely,
    );
    await sql`insert into sessions values ('a', 'u1', 10, 100), ('b', 'u2', 20, 200)`.execute(db.kysely);
  });
  afterAll(async () => {
    await db.close();
    const c = admin();
    await c.connect();
    await c.query(`drop schema ${schema} cascade`);
    await c.end();
  });
  const prepared = async () =>
    (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(db.kysely)).rows.map(
      (r) => r.statement,
    );

  it('runs a prepared query as one named statement, parsed once, and other queries unnamed', async () => {
    const byUser = prepareQuery<{ user: string }, { id: string }>(db.kysely, (q, param) =>
      q.selectFrom('sessions').select(['id', 'expires_at']).where('user_id', '=', param('user')),
    );
    expect(await byUser({ user: 'u1' })).toEqual([{ id: 'a', expires_at: 100 }]);
    expect(await byUser({ user: 'u2' })).toEqual([{ id: 'b', expires_at: 200 }]);
    await db.kysely.selectFrom('sessions').select('id').where('user_id', '=', 'u1').execute();
    const statements = await prepared();
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/select "id", "expires_at" from "sessions" where "user_id" = \$1/);
  });

  it('still answers after a migration adds a column to the table', async () => {
    const byId = prepareQuery<{ id: string }, { user_id: string }>(db.kysely, (q, param) =>
      q.selectFrom('sessions').select('user_id').where('id', '=', param('id')),
    );
    expect(await byId({ id: 'a' })).toEqual([{ user_id: 'u1' }]);
    await sql`alter table sessions add column ip text`.execute(db.kysely);
    expect(await byId({ id: 'b' })).toEqual([{ user_id: 'u2' }]);
  });
});
