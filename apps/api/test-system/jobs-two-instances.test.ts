import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from './fault-services';
import { buildApi, createTestDatabase, dropTestDatabase, startApi, stopApi, type ApiProcess } from './processes';

/**
 * Two API instances on one PostgreSQL run the jobs on pg-boss: a schedule's occurrence is one job,
 * not one per instance (docs/decisions/048-background-jobs.md). The e-mail delivery pass is
 * scheduled every minute; with JOBS_CRON_CHECK_SECONDS=1 both instances check the schedules every
 * second, so during the minute an occurrence stays due each of them tries to send it dozens of
 * times. The test waits for the first occurrence after both started (at most a minute) and then
 * 15 s of those checks.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('jobs on two instances (PostgreSQL)', () => {
  const name = `jobs_two_${process.pid}`;
  let api: ReturnType<typeof buildApi>;
  let a: ApiProcess | undefined;
  let b: ApiProcess | undefined;
  let db: pg.Client;
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-jobs-two-'));

  beforeAll(async () => {
    const databaseUrl = await createTestDatabase(name);
    api = buildApi();
    const env = { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, JOBS_CRON_CHECK_SECONDS: '1' };
    // One after the other: the demo seed of two instances starting at once on an empty database
    // collides (a unique e-mail), which is not what this test is about.
    a = await startApi(api.entry, env, { captureStderr: true });
    b = await startApi(api.entry, env, { captureStderr: true });
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
  }, 120_000);

  afterAll(async () => {
    for (const instance of [a, b]) if (instance) await stopApi(instance);
    await db?.end();
    api?.remove();
    await dropTestDatabase(name);
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Scheduled delivery jobs per minute, oldest first. */
  const scheduledPerMinute = async () =>
    (
      await db.query<{ minute: Date; jobs: string; done: string }>(
        `select date_trunc('minute', created_on) as minute, count(*) as jobs,
                count(*) filter (where state = 'completed') as done
           from pgboss.job where name = 'mail.deliver' and data ? 'cron' group by 1 order by 1`,
      )
    ).rows.map((r) => ({ minute: r.minute.toISOString(), jobs: Number(r.jobs), done: Number(r.done) }));

  it('a scheduled job fires once per period, not once per instance', async () => {
    const started = (await db.query<{ now: Date }>('select now()')).rows[0]!.now.getTime();
    // Both instances started their engine: each start sends one delivery pass by hand.
    const instances = await db.query<{ n: string }>(`select count(*) as n from pgboss.job where name = 'mail.deliver'`);
    expect(Number(instances.rows[0]!.n)).toBeGreaterThanOrEqual(2);
    const first = await waitFor(
      'the first occurrence after both instances started',
      async () => (await scheduledPerMinute()).find((r) => Date.parse(r.minute) >= started),
      75_000,
    );
    // Both instances keep checking the schedule while this occurrence stays due.
    await new Promise((r) => setTimeout(r, 15_000));
    const rows = await scheduledPerMinute();
    expect(rows.find((r) => r.minute === first.minute)).toEqual({ minute: first.minute, jobs: 1, done: 1 });
    for (const row of rows) expect(row.jobs).toBe(1);
    expect(a!.child.exitCode).toBeNull();
    expect(b!.child.exitCode).toBeNull();
  }, 120_000);
});
