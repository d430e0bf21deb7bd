import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineJob } from '../src/jobs/jobs';
import { clientFor, createTestApp, login, until, type TestApp } from './helpers';

/**
 * Two API instances on one PostgreSQL database share pg-boss's queues (docs/decisions/048-background-jobs.md):
 * a failing job is attempted once per try across both — not once per instance — waits longer before
 * each retry, is dead after its limit, and the back office of either instance shows it.
 * (The schedules firing once across instances: test-system/jobs-two-instances.test.ts.)
 */

describe.skipIf(!process.env.TEST_DATABASE_URL)('background jobs on two instances (PostgreSQL)', () => {
  let a: TestApp;
  let b: TestApp;
  const attempts: { instance: string; at: number }[] = [];
  const failingOn = (instance: string) =>
    defineJob({
      name: 'test.fails',
      retryLimit: 2,
      retryDelaySeconds: 1,
      backoff: true,
      handler: async () => {
        attempts.push({ instance, at: Date.now() });
        throw new Error(`O serviço recusou (tentativa ${attempts.length}, instância ${instance})`);
      },
    });

  beforeAll(async () => {
    a = await createTestApp('postgres', { extraJobs: [failingOn('a')] });
    b = await createTestApp('postgres', { extraJobs: [failingOn('b')], joins: a });
    await a.app.jobs.start();
    await b.app.jobs.start();
  }, 60_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('a failing job is retried with backoff across both, then dead, and either back office shows it', async () => {
    await a.app.jobs.send('test.fails', { motivo: 'teste' });
    const operator = await login(b.app, 'operador@demo.com.br', 'operator');
    const page = async () => {
      const res = await clientFor(b, operator).get('/api/v3/backoffice/jobs');
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as {
        failures: { id: string; queue: string; state: string; attempts: number; lastError: string }[];
      };
    };
    const dead = await until(
      'the job to be dead',
      async () => (await page()).failures.find((f) => f.queue === 'test.fails' && f.state === 'dead'),
      30_000,
    );
    // Both instances poll the queue; still each try ran exactly once.
    await new Promise((r) => setTimeout(r, 2_000));
    expect(attempts).toHaveLength(3);
    expect(dead.attempts).toBe(3);
    expect(dead.lastError).toBe(`O serviço recusou (tentativa 3, instância ${attempts[2]!.instance})`);
    expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(950);
    expect(attempts[2]!.at - attempts[1]!.at).toBeGreaterThanOrEqual(1950);
    // The other instance's page shows the same dead job.
    const operatorOnA = await login(a.app, 'operador@demo.com.br', 'operator');
    const onA = await clientFor(a, operatorOnA).get('/api/v3/backoffice/jobs');
    expect(onA.json().data.failures.find((f: { id: string }) => f.id === dead.id)).toMatchObject({ state: 'dead' });
  }, 60_000);
});
