import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_NOT_RETRYABLE } from '@portal/domain/jobs-api';
import { defineJob } from '../src/jobs/jobs';
import { DATABASES, clientFor, createTestApp, login, until, type TestApp } from './helpers';

/**
 * Background jobs through the app on each database (pg-boss on PostgreSQL, the in-process runner on
 * SQLite): a failing job is retried with exponential backoff, then dead; the back office sees it
 * with its last error and runs it again. docs/decisions/048-background-jobs.md.
 */

describe.each(DATABASES)('background jobs on %s', (dialect) => {
  let t: TestApp;
  const attemptsAt: number[] = [];
  const failing = defineJob({
    name: 'test.fails',
    retryLimit: 2,
    retryDelaySeconds: 1,
    backoff: true,
    handler: async () => {
      attemptsAt.push(Date.now());
      throw new Error(`O serviço recusou (tentativa ${attemptsAt.length})`);
    },
  });

  beforeAll(async () => {
    t = await createTestApp(dialect, { extraJobs: [failing] });
    await t.app.jobs.start();
  });
  afterAll(async () => {
    await t?.close();
  });

  const overview = async (cookie: string) => {
    const res = await clientFor(t, cookie).get('/api/v3/backoffice/jobs');
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      engine: string;
      queues: { queue: string; waiting: number; running: number; failed: number; dead: number }[];
      failures: {
        id: string;
        queue: string;
        state: string;
        attempts: number;
        maxAttempts: number;
        lastError: string;
      }[];
    };
  };

  it('a failing job is retried with backoff, then dead; the operator sees its last error and runs it again', async () => {
    const operator = await login(t.app, 'operador@demo.com.br', 'operator');
    const before = await overview(operator);
    expect(before.engine).toBe(dialect === 'postgres' ? 'pg-boss' : 'sqlite');
    expect(before.queues.map((q) => q.queue)).toEqual([
      'mail.deliver',
      'uploads.sweep',
      'sessions.sweep',
      'reminders.sweep',
      'documents.expiry-notices',
      'test.fails',
    ]);

    await t.app.jobs.send('test.fails', { motivo: 'teste' });
    // Between attempts the job waits as failed, with its retry still to come.
    const failed = await until('the first failure', async () =>
      (await overview(operator)).failures.find((f) => f.queue === 'test.fails' && f.state === 'failed'),
    );
    expect(failed.lastError).toBe('O serviço recusou (tentativa 1)');
    const dead = await until('the job to be dead', async () =>
      (await overview(operator)).failures.find((f) => f.queue === 'test.fails' && f.state === 'dead'),
    );
    expect(dead).toMatchObject({
      id: failed.id,
      attempts: 3,
      maxAttempts: 3,
      lastError: 'O serviço recusou (tentativa 3)',
    });
    expect(attemptsAt).toHaveLength(3);
    // Exponential backoff: 1 s before the first retry, 2 s before the second (at least).
    expect(attemptsAt[1]! - attemptsAt[0]!).toBeGreaterThanOrEqual(950);
    expect(attemptsAt[2]! - attemptsAt[1]!).toBeGreaterThanOrEqual(1950);
    expect((await overview(operator)).queues.find((q) => q.queue === 'test.fails')).toEqual({
      queue: 'test.fails',
      waiting: 0,
      running: 0,
      failed: 0,
      dead: 1,
    });

    // Buyers and sellers cannot retry; the operator can, and the audit log says who did.
    const buyer = await login(t.app, 'comprador@demo.com.br', 'buyer');
    const body = { queue: 'test.fails', id: dead.id };
    expect((await clientFor(t, buyer).post('/api/v3/backoffice/jobs/retry', body)).statusCode).toBe(403);
    const retried = await clientFor(t, operator).post('/api/v3/backoffice/jobs/retry', body);
    expect(retried.statusCode, retried.body).toBe(200);
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'subject', 'detail'])
      .where('action', '=', 'job.retried')
      .execute();
    expect(audit).toEqual([{ action: 'job.retried', subject: dead.id, detail: 'test.fails' }]);
    await until('the retried attempt', async () => (attemptsAt.length === 4 ? true : undefined));
    const again = await until('the job to be dead again', async () =>
      (await overview(operator)).failures.find((f) => f.id === dead.id && f.state === 'dead' && f.attempts === 4),
    );
    expect(again.lastError).toBe('O serviço recusou (tentativa 4)');
  });

  it('a job that is not among the failures cannot be retried (409, nothing audited); bad input is 400', async () => {
    const operator = clientFor(t, await login(t.app, 'operador@demo.com.br', 'operator'));
    const audited = async () =>
      (await t.db.kysely.selectFrom('audit_log').select('id').where('action', '=', 'job.retried').execute()).length;
    const before = await audited();
    const res = await operator.post('/api/v3/backoffice/jobs/retry', {
      queue: 'mail.deliver',
      id: '0b7c7f8e-3c1f-4a51-9d0a-5b0f1c2d3e4f',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'job_not_failed', message: JOB_NOT_RETRYABLE });
    const bad = await operator.post('/api/v3/backoffice/jobs/retry', { queue: 'mail.deliver', id: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ id: 'Tarefa inválida.' });
    expect(await audited()).toBe(before);
  });

  it('a queued e-mail leaves through the delivery job after the commit, not at the next schedule', async () => {
    const res = await clientFor(t).post('/api/v3/auth/recover', {
      email: 'comprador@demo.com.br',
      cpf: '529.982.247-25',
    });
    expect(res.statusCode).toBe(202);
    const sent = await until('the e-mail to be sent', async () => {
      const row = await t.db.kysely
        .selectFrom('outbox')
        .select('sent_at')
        .where('to_address', '=', 'comprador@demo.com.br')
        .where('kind', '=', 'recover')
        .executeTakeFirst();
      return row?.sent_at ?? undefined;
    });
    expect(sent).toBeGreaterThan(0);
  });
});
