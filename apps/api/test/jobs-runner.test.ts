import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrations';
import { defineJob } from '../src/jobs/jobs';
import { createSqliteJobs, nextOccurrence } from '../src/jobs/sqlite-runner';

/**
 * The embedded engine (SQLite) with a clock the test moves: schedules fire once per occurrence even
 * with two processes on one file, a waiting singleton is not queued twice, a job left running by a
 * process that died is retried, and stop() waits for the job under way.
 */
describe('the in-process job runner (SQLite)', () => {
  let dir: string;
  let dbs: Db[];
  let clock: number;
  const open = async () => {
    const db = openDatabase(join(dir, 'portal.db'));
    await migrateToLatest(db.kysely);
    dbs.push(db);
    return db;
  };
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'portal-jobs-runner-'));
    dbs = [];
    clock = Date.UTC(2026, 5, 15, 12, 0, 30);
  });
  afterEach(async () => {
    for (const db of dbs) await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads the next occurrence of a cron expression in UTC', () => {
    expect(new Date(nextOccurrence('*/5 * * * *', Date.UTC(2026, 5, 15, 12, 0, 30))).toISOString()).toBe(
      '2026-06-15T12:05:00.000Z',
    );
    expect(new Date(nextOccurrence('0 3 * * *', Date.UTC(2026, 5, 15, 12))).toISOString()).toBe(
      '2026-06-16T03:00:00.000Z',
    );
  });

  it('a schedule fires once per occurrence, even with two processes on the same file', async () => {
    const runs: string[] = [];
    const job = (who: string) =>
      defineJob({ name: 'sweep', cron: '*/5 * * * *', handler: async () => void runs.push(who) });
    const a = createSqliteJobs({ db: (await open()).kysely, definitions: [job('a')], now: () => clock });
    const b = createSqliteJobs({ db: (await open()).kysely, definitions: [job('b')], now: () => clock });
    await a.start();
    await b.start();
    await a.stop();
    await b.stop();
    // Three occurrences (12:05, 12:10, 12:15), each seen by both processes several times.
    for (const minute of [5, 6, 10, 11, 15]) {
      clock = Date.UTC(2026, 5, 15, 12, minute, 1);
      // One after the other: in one Node process two better-sqlite3 connections would block each
      // other's event loop while waiting for the file's lock (separate processes do not).
      for (const runner of [a, b, b, a]) await runner.runDue();
    }
    expect(runs).toHaveLength(3);
    const jobs = await dbs[0]!.kysely
      .selectFrom('jobs')
      .select(['state', 'created_at'])
      .orderBy('created_at')
      .execute();
    expect(jobs.map((j) => [j.state, new Date(j.created_at).toISOString().slice(11, 16)])).toEqual([
      ['done', '12:05'],
      ['done', '12:10'],
      ['done', '12:15'],
    ]);
  });

  it('a singleton key keeps one waiting job; once it ran, the next send queues again', async () => {
    let runs = 0;
    const jobs = createSqliteJobs({
      db: (await open()).kysely,
      definitions: [defineJob({ name: 'mail', handler: async () => void runs++ })],
      now: () => clock,
    });
    await jobs.send('mail', {}, { singletonKey: 'kick' });
    await jobs.send('mail', {}, { singletonKey: 'kick' });
    expect((await jobs.counts())[0]).toMatchObject({ waiting: 1 });
    await jobs.runDue();
    await jobs.send('mail', {}, { singletonKey: 'kick' });
    await jobs.runDue();
    expect(runs).toBe(2);
    // A delayed job waits for its time.
    await jobs.send('mail', {}, { startAfterSeconds: 30 });
    await jobs.runDue();
    expect(runs).toBe(2);
    clock += 30_000;
    await jobs.runDue();
    expect(runs).toBe(3);
  });

  it('backs off 10 s, 20 s, 40 s between attempts, then the job is dead; a retry gives it one more attempt', async () => {
    const attempts: number[] = [];
    const jobs = createSqliteJobs({
      db: (await open()).kysely,
      definitions: [
        defineJob({
          name: 'flaky',
          retryLimit: 3,
          retryDelaySeconds: 10,
          handler: async () => {
            attempts.push(clock);
            throw new Error('SMTP fora do ar');
          },
        }),
      ],
      now: () => clock,
    });
    const start = clock;
    await jobs.send('flaky', { id: 1 });
    // Run every second for two minutes: each retry runs as soon as its delay is over, not before.
    for (let s = 0; s <= 120; s++) {
      clock = start + s * 1000;
      await jobs.runDue();
    }
    expect(attempts.map((at) => (at - start) / 1000)).toEqual([0, 10, 30, 70]);
    const [dead] = await jobs.failures();
    expect(dead).toMatchObject({
      queue: 'flaky',
      state: 'dead',
      attempts: 4,
      maxAttempts: 4,
      lastError: 'SMTP fora do ar',
    });
    expect(await jobs.counts()).toEqual([{ queue: 'flaky', waiting: 0, running: 0, failed: 0, dead: 1 }]);
    expect(await jobs.retry('other', dead!.id)).toBe(false);
    expect(await jobs.retry('flaky', dead!.id)).toBe(true);
    await jobs.runDue();
    expect(attempts).toHaveLength(5);
    expect((await jobs.failures())[0]).toMatchObject({ state: 'dead', attempts: 5, maxAttempts: 5 });
  });

  it('a job left running by a process that died is retried after its time limit', async () => {
    const db = await open();
    let runs = 0;
    const definition = defineJob({ name: 'sweep', expireSeconds: 60, handler: async () => void runs++ });
    const jobs = createSqliteJobs({ db: db.kysely, definitions: [definition], now: () => clock });
    await jobs.send('sweep');
    // The process that claimed it stopped mid-job.
    await db.kysely.updateTable('jobs').set({ state: 'running', attempts: 1, started_at: clock }).execute();
    await jobs.runDue();
    expect(runs).toBe(0);
    clock += 61_000;
    await jobs.runDue();
    expect((await jobs.failures())[0]).toMatchObject({ state: 'failed', attempts: 1 });
    clock += 30_000;
    await jobs.runDue();
    expect(runs).toBe(1);
    expect(await jobs.counts()).toEqual([{ queue: 'sweep', waiting: 0, running: 0, failed: 0, dead: 0 }]);
  });

  it('stop() waits for the job under way', async () => {
    let finish!: () => void;
    let finished = false;
    const jobs = createSqliteJobs({
      db: (await open()).kysely,
      definitions: [
        defineJob({
          name: 'slow',
          handler: () =>
            new Promise<void>((resolve) => {
              finish = () => {
                finished = true;
                resolve();
              };
            }),
        }),
      ],
    });
    await jobs.start();
    await jobs.send('slow');
    while (!finish) await new Promise((r) => setTimeout(r, 10));
    const stopped = jobs.stop(5_000);
    setTimeout(() => finish(), 50);
    await stopped;
    expect(finished).toBe(true);
    expect(await jobs.counts()).toEqual([{ queue: 'slow', waiting: 0, running: 0, failed: 0, dead: 0 }]);
  });
});
