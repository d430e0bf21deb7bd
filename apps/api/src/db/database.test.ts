import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { withStatementCache } from './database';

describe('withStatementCache', () => {
  let sqlite: SQLite.Database;
  afterEach(() => sqlite?.open && sqlite.close());

  it('prepares each SQL text once and hands back the same statement', () => {
    sqlite = new SQLite(':memory:');
    const db = withStatementCache(sqlite);
    const a = db.prepare('select ? as v');
    expect(db.prepare('select ? as v')).toBe(a);
    expect(db.prepare('select ? + 1 as v')).not.toBe(a);
    expect(a.all([41])).toEqual([{ v: 41 }]);
  });

  it('drops the least recently used statement past its size', () => {
    sqlite = new SQLite(':memory:');
    const db = withStatementCache(sqlite, 2);
    const one = db.prepare('select 1');
    const two = db.prepare('select 2');
    expect(db.prepare('select 1')).toBe(one); // now the most recent
    db.prepare('select 3'); // evicts 'select 2'
    expect(db.prepare('select 1')).toBe(one);
    expect(db.prepare('select 2')).not.toBe(two);
  });

  it('gives a fresh statement while the cached one is still being iterated', () => {
    sqlite = new SQLite(':memory:');
    const db = withStatementCache(sqlite);
    sqlite.exec('create table t (n integer); insert into t values (1), (2)');
    const first = db.prepare('select n from t order by n');
    const it1 = first.iterate([]) as IterableIterator<{ n: number }>;
    expect(it1.next().value).toEqual({ n: 1 });
    const second = db.prepare('select n from t order by n');
    expect(second).not.toBe(first);
    expect(second.all([])).toEqual([{ n: 1 }, { n: 2 }]);
    expect(it1.next().value).toEqual({ n: 2 });
    expect(it1.next().done).toBe(true);
  });

  it('still runs a cached statement after the schema changed under it', () => {
    sqlite = new SQLite(':memory:');
    const db = withStatementCache(sqlite);
    sqlite.exec('create table t (n integer); insert into t values (7)');
    const stmt = db.prepare('select * from t');
    expect(stmt.all([])).toEqual([{ n: 7 }]);
    sqlite.exec('create index t_n on t (n)');
    expect(db.prepare('select * from t').all([])).toEqual([{ n: 7 }]);
  });
});
