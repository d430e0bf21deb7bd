import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, createTestApp, type TestApp } from './helpers';
import { enqueueMail } from '../src/modules/mail/outbox';

/**
 * GET /metrics (docs/deploy.md, "Metrics"): Prometheus text behind METRICS_TOKEN, 401 without
 * it, 404 when no token is configured; request timings by route pattern, the login limits'
 * refusals, the outbox's depth and oldest message read at the scrape, the process's own metrics.
 */
const TOKEN = 'metrics-token-for-tests-0123456789';

/** The value of one sample line (`name{labels} value`), or null when the line is absent. */
const sample = (text: string, line: string) => {
  const found = text.split('\n').find((l) => l.startsWith(`${line} `));
  return found === undefined ? null : Number(found.slice(line.length + 1));
};

describe.each(DATABASES)('metrics on %s', (dialect) => {
  let t: TestApp;
  let off: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: false, env: { METRICS_TOKEN: TOKEN, LOGIN_IP_LIMIT_PER_MINUTE: '2' } });
    off = await createTestApp(dialect, { seed: false });
  });
  afterAll(async () => {
    await t?.close();
    await off?.close();
  });
  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };

  it('answers 401 without the token or with another, and 404 when no token is configured', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(none.body).not.toContain('portal_');
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}x` },
    });
    expect(wrong.statusCode).toBe(401);
    const disabled = await off.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(disabled.statusCode).toBe(404);
  });

  it('gives Prometheus text with the request histogram by route pattern, method and status', async () => {
    await t.app.inject({ method: 'GET', url: '/api/v3/auth/session' });
    await t.app.inject({ method: 'GET', url: '/api/v3/proposals/a-proposal-id-7f3e' });
    const res = await scrape();
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(text).toContain('# TYPE portal_http_request_duration_seconds histogram');
    const session =
      'portal_http_request_duration_seconds_count{method="GET",route="/api/v3/auth/session",status_code="200"}';
    expect(sample(text, session)).toBeGreaterThanOrEqual(1);
    expect(
      sample(
        text,
        'portal_http_request_duration_seconds_count{method="GET",route="/api/v3/proposals/:id",status_code="401"}',
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('a-proposal-id-7f3e');
    // The process's own metrics.
    expect(text).toContain('portal_process_cpu_user_seconds_total');
    expect(text).toContain('portal_nodejs_eventloop_lag_seconds');
  });

  it('counts the login limits’ refusals', async () => {
    const line = 'portal_login_limiter_refusals_total{limit="ip"}';
    const before = sample((await scrape()).body, line) ?? 0;
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v3/auth/login',
        payload: { username: 'ninguem@exemplo.com.br', password: 'Errada2026!', type: 'buyer' },
        remoteAddress: '203.0.113.9',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 429]);
    expect(sample((await scrape()).body, line)).toBe(before + 1);
  });

  it('reads the outbox’s depth and its oldest waiting message’s age at the scrape', async () => {
    const empty = (await scrape()).body;
    expect(sample(empty, 'portal_queue_depth{queue="outbox"}')).toBe(0);
    expect(sample(empty, 'portal_queue_oldest_age_seconds{queue="outbox"}')).toBe(0);
    const db = t.db.kysely;
    const old = await enqueueMail(db, { to: 'a@exemplo.com.br', subject: 'A', text: 'a', kind: 'test' });
    await enqueueMail(db, { to: 'b@exemplo.com.br', subject: 'B', text: 'b', kind: 'test' });
    const sent = await enqueueMail(db, { to: 'c@exemplo.com.br', subject: 'C', text: 'c', kind: 'test' });
    await db
      .updateTable('outbox')
      .set({ created_at: Date.now() - 600_000 })
      .where('id', '=', old)
      .execute();
    await db
      .updateTable('outbox')
      .set({ sent_at: Date.now(), created_at: Date.now() - 3_600_000 })
      .where('id', '=', sent)
      .execute();
    const text = (await scrape()).body;
    expect(sample(text, 'portal_queue_depth{queue="outbox"}')).toBe(2);
    const age = sample(text, 'portal_queue_oldest_age_seconds{queue="outbox"}')!;
    expect(age).toBeGreaterThanOrEqual(600);
    expect(age).toBeLessThan(3_600);
  });

  it('reports every background job queue by state, as the jobs page counts them', async () => {
    const text = (await scrape()).body;
    const counts = await t.app.jobs.counts();
    expect(counts.map((c) => c.queue)).toContain('reminders.sweep');
    for (const c of counts)
      for (const state of ['waiting', 'running', 'failed', 'dead'] as const)
        expect(sample(text, `portal_jobs{queue="${c.queue}",state="${state}"}`)).toBe(c[state]);
  });
});
