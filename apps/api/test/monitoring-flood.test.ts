import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMonitoringService, INTAKE_LIMITS } from '../src/modules/monitoring/monitoring.service';
import { OVERFLOW_MESSAGE } from '../src/modules/monitoring/error-groups';
import { rumErrorGroupsMigration } from '../src/db/migrations/0120-rum-error-groups';
import { createTestApp, DATABASES, login, type TestApp } from './helpers';

/** Floods of the monitoring intake (docs/decisions/015-abuse-limits.md). */
const INTAKE = '/api/intake/v2/rum/events';
const META = JSON.stringify({
  metadata: { service: { name: 'portal-web', agent: { name: 'rum-js', version: '5.17.5' }, environment: 'test' } },
});
let seq = 0;
const errorLine = (message: string, route = '/buyer/home') =>
  JSON.stringify({
    error: {
      id: `e${++seq}`,
      culprit: 'http://localhost:3000/assets/index.js',
      exception: { message, type: 'Error' },
      context: { page: { url: `http://localhost:3000${route}` } },
    },
  });
const batch = (lines: string[]) => `${META}\n${lines.join('\n')}\n`;
const DAY = 24 * 60 * 60_000;

describe.each(DATABASES)('monitoring intake floods on %s', (dialect) => {
  let t: TestApp;
  let operator: string;

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { RUM_INTAKE_LIMIT_PER_MINUTE: '10000' } });
    operator = await login(t.app, 'operador@demo.com.br', 'operator');
  });
  afterAll(async () => t?.close());

  const post = (body: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: INTAKE,
      payload: body,
      remoteAddress: ip,
      headers: { 'content-type': 'application/x-ndjson' },
    });
  const groupsOnPage = async () =>
    (await t.app.inject({ url: '/api/v3/monitoring/errors', headers: { cookie: operator } })).json().data as {
      message: string;
      count: number;
      firstSeenAt: number;
      lastSeenAt: number;
    }[];
  const countGroups = async () =>
    Number(
      (
        await t.db.kysely
          .selectFrom('rum_error_groups')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('a 5 000-line anonymous batch cannot hide an existing error group', async () => {
    const real = `Falha real ${dialect}`;
    expect(
      (await post(batch([errorLine(real), errorLine(real), errorLine(real, '/buyer/data')]), '10.1.0.1')).statusCode,
    ).toBe(202);
    const groupsBefore = await countGroups();

    const flood = Array.from({ length: 5000 }, (_, i) => errorLine(`lixo ${dialect} ${i}`));
    const res = await post(batch(flood), '10.1.0.2');
    expect(res.statusCode).toBe(202);
    expect(res.json().stored).toBeLessThanOrEqual(INTAKE_LIMITS.eventsPerBatch);
    // At most the batch's new groups plus the overflow group were added.
    expect(await countGroups()).toBeLessThanOrEqual(groupsBefore + INTAKE_LIMITS.newGroupsPerBatch + 1);

    const page = await groupsOnPage();
    const group = page.find((g) => g.message === real);
    expect(group).toMatchObject({ count: 3 });
    expect(group!.firstSeenAt).toBeLessThanOrEqual(group!.lastSeenAt);
    const overflow = page.find((g) => g.message === OVERFLOW_MESSAGE);
    expect(overflow!.count).toBeGreaterThan(0);
  });

  it('repeats of one message are one group with a count, not one row each', async () => {
    const message = `Repetido ${dialect}`;
    const res = await post(batch(Array.from({ length: 300 }, () => errorLine(message))), '10.1.0.3');
    expect(res.json().stored).toBe(INTAKE_LIMITS.eventsPerBatch);
    const rows = await t.db.kysely
      .selectFrom('rum_error_groups')
      .select(['count'])
      .where('message', '=', message)
      .execute();
    expect(rows.map((r) => Number(r.count))).toEqual([INTAKE_LIMITS.eventsPerBatch]);
    expect(await t.db.kysely.selectFrom('rum_events').select('id').where('name', '=', message).execute()).toEqual([]);
  });
});

describe.each(DATABASES)('monitoring intake quotas with a fixed clock on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: false });
  });
  afterAll(async () => t?.close());

  function serviceAt(clock: { now: number }, limits: Partial<typeof INTAKE_LIMITS> = {}) {
    return createMonitoringService({
      db: t.db.kysely,
      apmServerUrl: null,
      log: t.app.log,
      now: () => clock.now,
      limits,
    });
  }
  const ingest = (service: ReturnType<typeof serviceAt>, lines: string[], ip: string) =>
    service.ingest({
      body: Buffer.from(batch(lines)),
      contentType: 'application/x-ndjson',
      contentEncoding: undefined,
      userAgent: null,
      ip,
    });

  it('caps what one client stores per window; another client and the next window are not affected', async () => {
    const clock = { now: Date.UTC(2026, 0, 5, 10, 0, 0) };
    const service = serviceAt(clock, { eventsPerClientWindow: 150 });
    const lines = (tag: string) => Array.from({ length: 100 }, () => errorLine(`janela ${dialect} ${tag}`));
    expect((await ingest(service, lines('a'), '10.2.0.1')).stored).toBe(100);
    expect((await ingest(service, lines('a'), '10.2.0.1')).stored).toBe(50);
    expect((await ingest(service, lines('a'), '10.2.0.1')).stored).toBe(0);
    expect((await ingest(service, lines('b'), '10.2.0.2')).stored).toBe(100);
    clock.now += INTAKE_LIMITS.clientWindowMs;
    expect((await ingest(service, lines('a'), '10.2.0.1')).stored).toBe(100);
  });

  it('caps new groups per client window: the rest is counted in the overflow group', async () => {
    const clock = { now: Date.UTC(2026, 0, 6, 10, 0, 0) };
    const service = serviceAt(clock, { newGroupsPerBatch: 5, newGroupsPerClientWindow: 8 });
    const distinct = (from: number) => Array.from({ length: 6 }, (_, i) => errorLine(`novo ${dialect} ${from + i}`));
    await ingest(service, distinct(0), '10.3.0.1');
    await ingest(service, distinct(100), '10.3.0.1');
    const created = await t.db.kysely
      .selectFrom('rum_error_groups')
      .select('message')
      .where('message', 'like', `novo ${dialect} %`)
      .execute();
    expect(created).toHaveLength(8); // 5 from the first batch, 3 left in the window for the second
    const overflow = await t.db.kysely
      .selectFrom('rum_error_groups')
      .select('count')
      .where('message', '=', OVERFLOW_MESSAGE)
      .executeTakeFirstOrThrow();
    expect(Number(overflow.count)).toBeGreaterThanOrEqual(4);
  });

  it('at the table quota only stale groups make room, oldest first; recent groups survive any flood', async () => {
    await t.db.kysely.deleteFrom('rum_error_groups').execute();
    const clock = { now: Date.UTC(2026, 0, 10, 10, 0, 0) };
    const service = serviceAt(clock, { maxGroups: 6, newGroupsPerBatch: 50, newGroupsPerClientWindow: 1000 });
    await ingest(service, [errorLine('mais antigo')], '10.4.0.1');
    clock.now += 1000;
    await ingest(service, [errorLine('antigo')], '10.4.0.1');
    clock.now += 3 * DAY;
    await ingest(service, [errorLine('recente 1'), errorLine('recente 2')], '10.4.0.1');
    clock.now += 1000;
    // Room for 5 groups plus the overflow group: 4 taken; the flood brings 40 new messages.
    const flood = Array.from({ length: 40 }, (_, i) => errorLine(`enxurrada ${i}`));
    const res = await ingest(service, flood, '10.4.0.9');
    expect(res.stored).toBe(40);
    const left = (await t.db.kysely.selectFrom('rum_error_groups').select(['message', 'count']).execute()).map(
      (r) => r.message,
    );
    expect(left).toContain('recente 1');
    expect(left).toContain('recente 2');
    expect(left).not.toContain('mais antigo');
    expect(left).not.toContain('antigo');
    expect(left.filter((m) => m.startsWith('enxurrada'))).toHaveLength(3);
    expect(left).toContain(OVERFLOW_MESSAGE);
    expect(left).toHaveLength(6);
  });
});

describe.each(DATABASES)('the error-groups migration on %s', (dialect) => {
  it('folds the error rows stored one by one so far into groups and keeps the transactions', async () => {
    const t = await createTestApp(dialect, { seed: false });
    try {
      const db = t.db.kysely;
      // Back to the state before the migration, with errors stored the old way.
      await db.schema.dropTable('rum_error_groups').execute();
      await db.schema.dropTable('rum_intake_clients').execute();
      const row = { service: 'portal-web', environment: 'test', user_agent: null, duration_ms: null, payload: '{}' };
      await db
        .insertInto('rum_events')
        .values([
          {
            ...row,
            id: 'e1',
            received_at: 1000,
            kind: 'error',
            name: 'Falha',
            type: 'Error',
            route: '/a',
            browser: 'Chrome 140',
          },
          {
            ...row,
            id: 'e2',
            received_at: 2000,
            kind: 'error',
            name: 'Falha',
            type: 'Error',
            route: '/b',
            browser: 'Chrome 140',
          },
          {
            ...row,
            id: 'e3',
            received_at: 3000,
            kind: 'error',
            name: 'Outra',
            type: 'Error',
            route: '/a',
            browser: null,
          },
          {
            ...row,
            id: 't1',
            received_at: 3000,
            kind: 'transaction',
            name: 'Início',
            type: 'route-change',
            route: '/a',
            browser: null,
            duration_ms: 10,
          },
        ])
        .execute();
      await rumErrorGroupsMigration.up(db);
      const groups = await db.selectFrom('rum_error_groups').selectAll().orderBy('message').execute();
      expect(
        groups.map((g) => [
          g.message,
          Number(g.count),
          Number(g.first_seen_at),
          Number(g.last_seen_at),
          JSON.parse(g.routes),
        ]),
      ).toEqual([
        ['Falha', 2, 1000, 2000, { '/a': 1, '/b': 1 }],
        ['Outra', 1, 3000, 3000, { '/a': 1 }],
      ]);
      expect((await db.selectFrom('rum_events').select('id').execute()).map((r) => r.id)).toEqual(['t1']);
    } finally {
      await t.close();
    }
  });
});
