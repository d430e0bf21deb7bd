import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from './database';
import { prepareQuery } from './prepared';

describe('prepareQuery', () => {
  let db: Db;
  beforeEach(async () => {
    db = openDatabase(':memory:');
    await sql`create table sessions (id text primary key, user_id text, last_seen_at integer, expires_at integer)`.execute(
      db.kysely,
    );
    await sql`insert into sessions values ('a', 'u1', 10, 100), ('b', 'u2', 20, 200), ('c', 'u1', 30, 50)`.execute(
      db.kysely,
    );
  });
  afterEach(() => db.close());

  it('runs the compiled SQL with each call’s values and keeps the other literals', async () => {
    const byUser = prepareQuery<{ user: string }, { id: string }>(db.kysely, (q, param) =>
      q
        .selectFrom('sessions')
        .select('id')
        .where('user_id', '=', param('user'))
        .where('expires_at', '>', 60)
        .orderBy('id'),
    );
    expect(await byUser({ user: 'u1' })).toEqual([{ id: 'a' }]);
    expect(await byUser({ user: 'u2' })).toEqual([{ id: 'b' }]);
    expect(await byUser({ user: 'nobody' })).toEqual([]);
  });

  it('writes with new values each time', async () => {
    const touch = prepareQuery<{ id: string; now: number }, never>(db.kysely, (q, param) =>
      q
        .updateTable('sessions')
        .set({ last_seen_at: param('now') })
        .where('id', '=', param('id')),
    );
    await touch({ id: 'a', now: 11 });
    await touch({ id: 'b', now: 22 });
    const rows = await db.kysely.selectFrom('sessions').select(['id', 'last_seen_at']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 'a', last_seen_at: 11 },
      { id: 'b', last_seen_at: 22 },
      { id: 'c', last_seen_at: 30 },
    ]);
  });

  it('waits for an open transaction instead of running inside it (SQLite: one shared connection)', async () => {
    const read = prepareQuery<{ id: string }, { last_seen_at: number }>(db.kysely, (q, param) =>
      q.selectFrom('sessions').select('last_seen_at').where('id', '=', param('id')),
    );
    let wrote!: () => void;
    let finish!: () => void;
    const written = new Promise<void>((r) => (wrote = r));
    const gate = new Promise<void>((r) => (finish = r));
    const tx = db.kysely.transaction().execute(async (t) => {
      await t.updateTable('sessions').set({ last_seen_at: 99 }).where('id', '=', 'a').execute();
      wrote();
      await gate;
      throw new Error('rolled back');
    });
    await written;
    // Run inside the transaction, this would read its uncommitted 99.
    const during = read({ id: 'a' });
    finish();
    await expect(tx).rejects.toThrow('rolled back');
    expect(await during).toEqual([{ last_seen_at: 10 }]);
    expect(await read({ id: 'a' })).toEqual([{ last_seen_at: 10 }]);
  });

  it('refuses at once a marker that does not reach the SQL as a parameter', () => {
    expect(() =>
      prepareQuery<{ user: string }, { id: string }>(db.kysely, (q, param) => {
        param('user');
        return q.selectFrom('sessions').select('id');
      }),
    ).toThrow(/user is not a parameter/);
  });

  it('refuses a query that selects * (a prepared statement must keep its shape when a column is added)', () => {
    expect(() =>
      prepareQuery<{ user: string }, { id: string }>(db.kysely, (q, param) =>
        q.selectFrom('sessions').selectAll().where('user_id', '=', param('user')),
      ),
    ).toThrow(/name the columns/);
    expect(() =>
      prepareQuery<{ user: string }, { id: string }>(db.kysely, (q, param) =>
        q.selectFrom('sessions').selectAll('sessions').where('user_id', '=', param('user')),
      ),
    ).toThrow(/name the columns/);
  });
});
