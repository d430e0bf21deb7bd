import { createServer, type IncomingHttpHeaders } from 'node:http';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { LightMyRequestResponse } from 'fastify';
import { publicSettingsSchema } from '@portal/domain/monitoring';
import { monitoringErrorGroupSchema, monitoringRouteStatSchema } from '@portal/domain/monitoring-views';
import { createTestApp, DATABASES, login, type TestApp } from './helpers';

const INTAKE = '/api/intake/v2/rum/events';
const CONFIG = '/api/config/v1/rum/agents?service.name=portal-web&service.environment=test';
const CHROME_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const FIREFOX_UA = 'Mozilla/5.0 (X11; Linux x86_64; rv:143.0) Gecko/20100101 Firefox/143.0';

const hex = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 16).toString(16)).join('');

/** Lines shaped as @elastic/apm-rum 5 sends them (apiVersion 2). */
const metadata = (environment = 'test') => ({
  metadata: {
    service: {
      name: 'portal-web',
      version: '',
      agent: { name: 'rum-js', version: '5.17.5' },
      language: { name: 'javascript' },
      environment,
    },
  },
});
const transaction = (name: string, route: string, duration: number, type = 'route-change') => ({
  transaction: {
    id: hex(16),
    trace_id: hex(32),
    name,
    type,
    duration,
    context: { page: { referer: '', url: `http://localhost:3000${route}` }, tags: { route } },
    span_count: { started: 1 },
    sampled: true,
    sample_rate: 1,
    outcome: 'success',
  },
});
const span = () => ({
  span: {
    id: hex(16),
    transaction_id: hex(16),
    parent_id: hex(16),
    trace_id: hex(32),
    name: 'GET /api/v3/proposals',
    type: 'external',
    subtype: 'http',
    start: 12.5,
    duration: 30.2,
    sync: false,
  },
});
const error = (message: string, route: string) => ({
  error: {
    id: hex(16),
    culprit: 'http://localhost:3000/assets/index.js',
    exception: {
      message,
      type: 'Error',
      stacktrace: [
        {
          abs_path: 'http://localhost:3000/assets/index.js',
          filename: 'assets/index.js',
          function: 'go',
          lineno: 1,
          colno: 2,
        },
      ],
    },
    context: { page: { referer: '', url: `http://localhost:3000${route}` }, custom: { route } },
  },
});
const ndjson = (...lines: unknown[]) =>
  lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n') + '\n';

const summarySchema = z
  .object({
    accepted: z.number(),
    stored: z.number(),
    rejected: z.array(z.object({ line: z.number(), reason: z.string() }).strict()),
  })
  .strict();

async function post(
  t: TestApp,
  body: string | Buffer,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: any; headers: LightMyRequestResponse['headers'] }> {
  const res = await t.app.inject({
    method: 'POST',
    url: INTAKE,
    payload: body,
    headers: { 'content-type': 'application/x-ndjson', 'user-agent': CHROME_UA, ...headers },
  });
  return { status: res.statusCode, json: res.body ? res.json() : null, headers: res.headers };
}

/** Stored transactions, and error groups in the same shape (errors are counted per group, not stored each). */
async function rowsOf(t: TestApp) {
  const events = await t.db.kysely.selectFrom('rum_events').selectAll().execute();
  const groups = (await t.db.kysely.selectFrom('rum_error_groups').selectAll().execute()).map((g) => ({
    kind: 'error' as const,
    name: g.message,
    type: g.type,
    route: g.last_route,
    duration_ms: null,
    service: g.service,
    environment: g.environment,
    browser: Object.keys(JSON.parse(g.browsers) as object)[0] ?? null,
    user_agent: null,
    received_at: g.last_seen_at,
    payload: g.sample,
    count: Number(g.count),
  }));
  return [...events, ...groups].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

describe.each(DATABASES)('front-end monitoring on %s', (dialect) => {
  let t: TestApp;
  const cookies = {} as Record<'operador' | 'comprador' | 'vendedor', string>;

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      env: { PUBLIC_LOGGER_ENABLED: '1', PUBLIC_APM_ENVIRONMENT: 'test', RUM_INTAKE_LIMIT_PER_MINUTE: '10000' },
    });
    cookies.operador = await login(t.app, 'operador@demo.com.br', 'operator');
    cookies.comprador = await login(t.app, 'comprador@demo.com.br', 'buyer');
    cookies.vendedor = await login(t.app, 'vendedor@demo.com.br', 'seller');
  });
  afterAll(async () => t?.close());

  const clearEvents = async () => {
    for (const table of ['rum_events', 'rum_error_groups', 'rum_intake_clients'] as const)
      await t.db.kysely.deleteFrom(table).execute();
  };

  it('serves the public settings without a session', async () => {
    const res = await t.app.inject({ url: '/api/public-settings' });
    expect(res.statusCode).toBe(200);
    expect(z.object({ data: publicSettingsSchema }).strict().parse(res.json()).data).toEqual({
      loggerEnabled: true,
      apmEnvironment: 'test',
      serviceName: 'portal-web',
      analyticsEnabled: false,
      analyticsId: '',
      analyticsSrc: 'https://www.clarity.ms/tag/{id}',
    });
    // Analytics off: the CSP stays 'self' only.
    expect(res.headers['content-security-policy']).toContain("script-src 'self';");
  });

  it('stores a valid batch: transactions and errors with route, browser and duration; spans only counted', async () => {
    await clearEvents();
    const res = await post(
      t,
      ndjson(
        metadata(),
        error('Boom na tela', '/buyer/home'),
        transaction('Início — Portal de Propostas', '/buyer/home', 812.6),
        span(),
        transaction('/seller/proposals/:proposalId/address', '/seller/proposals/:proposalId/address', 95, 'page-load'),
      ),
    );
    expect(res.status).toBe(202);
    expect(summarySchema.parse(res.json)).toEqual({ accepted: 4, stored: 3, rejected: [] });

    const rows = await rowsOf(t);
    expect(
      rows.map((r) => [r.kind, r.name, r.type, r.route, r.duration_ms === null ? null : Number(r.duration_ms)]),
    ).toEqual([
      [
        'transaction',
        '/seller/proposals/:proposalId/address',
        'page-load',
        '/seller/proposals/:proposalId/address',
        95,
      ],
      ['error', 'Boom na tela', 'Error', '/buyer/home', null],
      ['transaction', 'Início — Portal de Propostas', 'route-change', '/buyer/home', 813],
    ]);
    for (const row of rows) {
      expect(row).toMatchObject({
        service: 'portal-web',
        environment: 'test',
        browser: 'Chrome 140',
      });
      if (row.kind === 'transaction') expect(row.user_agent).toBe(CHROME_UA);
      expect(Number(row.received_at)).toBeGreaterThan(Date.now() - 60_000);
      expect(JSON.parse(row.payload)).toHaveProperty(row.kind);
    }
  });

  it('refuses a malformed line with its number and reason, and keeps the valid lines of the batch', async () => {
    await clearEvents();
    const res = await post(
      t,
      ndjson(
        metadata(),
        transaction('/buyer/home', '/buyer/home', 10), // 2
        '{"transaction": {"id": "x"', // 3: not JSON
        { transaction: { ...transaction('a', '/a', 1).transaction, duration: -5 } }, // 4: negative duration
        { ping: {} }, // 5: unknown event
        error('Falhou', '/buyer/data'), // 6
        { error: { id: hex(16), exception: { message: 'x'.repeat(20_000) } } }, // 7: message too long
        metadata(), // 8: metadata again
        { transaction: {}, error: {} }, // 9: two events on one line
      ),
    );
    expect(res.status).toBe(202);
    const summary = summarySchema.parse(res.json);
    expect(summary.accepted).toBe(2);
    expect(summary.stored).toBe(2);
    expect(summary.rejected.map((r) => r.line)).toEqual([3, 4, 5, 7, 8, 9]);
    const reasons = Object.fromEntries(summary.rejected.map((r) => [r.line, r.reason]));
    expect(reasons[3]).toBe('JSON inválido');
    expect(reasons[4]).toMatch(/^transaction\.duration: /);
    expect(reasons[5]).toMatch(/^Evento desconhecido/);
    expect(reasons[7]).toMatch(/^error\.exception\.message: /);
    expect(reasons[8]).toBe('Metadados só na primeira linha');
    expect((await rowsOf(t)).map((r) => r.name)).toEqual(['/buyer/home', 'Falhou']);
  });

  it('a batch whose first line is not metadata is refused whole (400, line 1 named)', async () => {
    await clearEvents();
    const res = await post(t, ndjson(transaction('/a', '/a', 1), error('x', '/a')));
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      error: {
        code: 'invalid_metadata',
        message: 'A primeira linha do lote deve trazer os metadados do serviço.',
        fields: { '1': 'A primeira linha deve ser {"metadata": …}' },
      },
    });
    const bad = await post(
      t,
      ndjson({ metadata: { service: { name: 'portal.web', agent: { name: 'rum-js', version: '5' } } } }),
    );
    expect(bad.status).toBe(400);
    expect(bad.json.error.fields['1']).toMatch(/^metadata\.service\.name: /);
    expect((await post(t, '')).status).toBe(400);
    expect(await rowsOf(t)).toEqual([]);
  });

  it('accepts a gzip body (what the agent sends when the browser has CompressionStream) and text/plain', async () => {
    await clearEvents();
    const gz = await post(t, gzipSync(ndjson(metadata(), error('Comprimido', '/buyer/home'))), {
      'content-encoding': 'gzip',
      'user-agent': FIREFOX_UA,
    });
    expect(gz.status).toBe(202);
    expect(gz.json).toEqual({ accepted: 1, stored: 1, rejected: [] });
    const plain = await post(t, ndjson(metadata(), error('Texto', '/buyer/home')), {
      'content-type': 'text/plain;charset=UTF-8',
    });
    expect(plain.status).toBe(202);
    expect((await rowsOf(t)).map((r) => [r.name, r.browser])).toEqual([
      ['Comprimido', 'Firefox 143'],
      ['Texto', 'Chrome 140'],
    ]);

    expect((await post(t, Buffer.from('not gzip'), { 'content-encoding': 'gzip' })).json.error.code).toBe(
      'bad_request',
    );
    expect((await post(t, ndjson(metadata()), { 'content-encoding': 'br' })).status).toBe(415);
    const json = await post(t, JSON.stringify(metadata()), { 'content-type': 'application/json' });
    expect(json.status).toBe(415);
    expect(json.json.error.code).toBe('unsupported_media_type');
  });

  it('refuses bodies over 1 MB with 413 in the contract shape, before or after decompression', async () => {
    await clearEvents();
    const TOO_LARGE = { error: { code: 'payload_too_large', message: 'O conteúdo enviado é grande demais.' } };
    const filler = JSON.stringify(error('y'.repeat(5000), '/a'));
    const big = ndjson(metadata(), ...Array.from({ length: 220 }, () => filler));
    expect(Buffer.byteLength(big)).toBeGreaterThan(1_048_576);
    const plain = await post(t, big);
    expect(plain.status).toBe(413);
    expect(plain.json).toEqual(TOO_LARGE);

    // A gzip bomb: a few KB that would expand to 20 MB.
    const bomb = gzipSync(Buffer.alloc(20 * 1_048_576, 0x20));
    expect(bomb.length).toBeLessThan(100_000);
    const exploded = await post(t, bomb, { 'content-encoding': 'gzip' });
    expect(exploded.status).toBe(413);
    expect(exploded.json).toEqual(TOO_LARGE);
    // The compressed batch itself fits, so it is the decompressed size that counted.
    expect(gunzipSync(gzipSync(big)).length).toBe(Buffer.byteLength(big));
    expect((await post(t, gzipSync(big), { 'content-encoding': 'gzip' })).status).toBe(413);
    expect(await rowsOf(t)).toEqual([]);
  });

  it('central config: etag, 304 on ?ifnonematch= and If-None-Match, new etag after the operator sets a rate', async () => {
    const first = await t.app.inject({ url: CONFIG });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ transaction_sample_rate: '1' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[0-9a-f]{20}"$/);

    // The agent keeps the etag without quotes and sends it as a query parameter.
    const viaQuery = await t.app.inject({ url: `${CONFIG}&ifnonematch=${etag.replace(/"/g, '')}` });
    expect(viaQuery.statusCode).toBe(304);
    expect(viaQuery.body).toBe('');
    expect(viaQuery.headers.etag).toBe(etag);
    const viaHeader = await t.app.inject({ url: CONFIG, headers: { 'if-none-match': etag } });
    expect(viaHeader.statusCode).toBe(304);
    expect((await t.app.inject({ url: CONFIG, headers: { 'if-none-match': '"other"' } })).statusCode).toBe(200);

    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/v3/monitoring/sample-rate',
      headers: { cookie: cookies.operador },
      payload: { rate: 0.25 },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ data: { rate: 0.25, updatedAt: expect.any(Number) } });

    const after = await t.app.inject({ url: `${CONFIG}&ifnonematch=${etag.replace(/"/g, '')}` });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({ transaction_sample_rate: '0.25' });
    expect(after.headers.etag).not.toBe(etag);
    const read = await t.app.inject({ url: '/api/v3/monitoring/sample-rate', headers: { cookie: cookies.operador } });
    expect(read.json()).toEqual(put.json());

    // Zero is a real rate (sent as a string so the agent does not take it for "no value").
    await t.app.inject({
      method: 'PUT',
      url: '/api/v3/monitoring/sample-rate',
      headers: { cookie: cookies.operador },
      payload: { rate: 0 },
    });
    expect((await t.app.inject({ url: CONFIG })).json()).toEqual({ transaction_sample_rate: '0' });

    for (const payload of [{ rate: 1.5 }, { rate: -1 }, { rate: '0.5' }, {}, { rate: 0.5, extra: 1 }]) {
      const bad = await t.app.inject({
        method: 'PUT',
        url: '/api/v3/monitoring/sample-rate',
        headers: { cookie: cookies.operador },
        payload,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.code).toBe('validation');
    }
    await t.app.inject({
      method: 'PUT',
      url: '/api/v3/monitoring/sample-rate',
      headers: { cookie: cookies.operador },
      payload: { rate: 1 },
    });
    expect((await t.app.inject({ url: CONFIG, headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    expect((await t.app.inject({ url: '/api/config/v1/rum/agents' })).statusCode).toBe(400);

    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'monitoring.sample_rate')
      .execute();
    expect(audit.map((a) => a.detail)).toEqual(['{"rate":0.25}', '{"rate":0}', '{"rate":1}']);
  });

  it('only the operator reads the monitoring views and sets the rate (401 without a session, 403 other roles)', async () => {
    const calls = [
      { method: 'GET', url: '/api/v3/monitoring/errors' },
      { method: 'GET', url: '/api/v3/monitoring/routes' },
      { method: 'GET', url: '/api/v3/monitoring/sample-rate' },
      { method: 'PUT', url: '/api/v3/monitoring/sample-rate', payload: { rate: 0.5 } },
      { method: 'PUT', url: '/api/v3/monitoring/sample-rate', payload: { rate: 'bad' } },
    ] as const;
    for (const call of calls) {
      const anonymous = await t.app.inject({ ...call });
      expect(anonymous.statusCode, `${call.method} ${call.url}`).toBe(401);
      expect(anonymous.json().error.code).toBe('unauthenticated');
      for (const who of ['comprador', 'vendedor'] as const) {
        const res = await t.app.inject({ ...call, headers: { cookie: cookies[who] } });
        expect(res.statusCode, `${who} ${call.method} ${call.url}`).toBe(403);
        expect(res.json().error).toEqual({
          code: 'forbidden',
          message: 'Você não tem permissão para acessar esta página',
        });
      }
    }
    expect(
      (await t.app.inject({ url: '/api/v3/monitoring/sample-rate', headers: { cookie: cookies.operador } })).json(),
    ).toEqual({ data: { rate: 1, updatedAt: expect.any(Number) } });
  });

  it('groups errors by message and ranks routes by median duration', async () => {
    await clearEvents();
    await post(
      t,
      ndjson(
        metadata(),
        error('Falha A', '/buyer/home'),
        error('Falha A', '/buyer/home'),
        error('Falha B', '/buyer/data'),
        transaction('Início', '/buyer/home', 100),
        transaction('Início', '/buyer/home', 300),
        transaction('Início', '/buyer/home', 200),
        transaction('Dados', '/buyer/data', 900, 'page-load'),
        transaction('GET /api/v3/proposals', '/buyer/data', 5000, 'http-request'),
      ),
    );
    await post(t, ndjson(metadata(), error('Falha A', '/buyer/data')), { 'user-agent': FIREFOX_UA });

    const errors = await t.app.inject({ url: '/api/v3/monitoring/errors', headers: { cookie: cookies.operador } });
    expect(errors.statusCode).toBe(200);
    const groups = z.object({ data: z.array(monitoringErrorGroupSchema) }).parse(errors.json()).data;
    expect(groups.map(({ id: _i, firstSeenAt: _f, lastSeenAt: _l, ...g }) => g)).toEqual([
      { message: 'Falha A', count: 3, routes: ['/buyer/home', '/buyer/data'], browsers: ['Chrome 140', 'Firefox 143'] },
      { message: 'Falha B', count: 1, routes: ['/buyer/data'], browsers: ['Chrome 140'] },
    ]);

    const routes = await t.app.inject({ url: '/api/v3/monitoring/routes', headers: { cookie: cookies.operador } });
    expect(z.object({ data: z.array(monitoringRouteStatSchema) }).parse(routes.json()).data).toEqual([
      { route: '/buyer/data', count: 1, medianMs: 900, p95Ms: 900 },
      { route: '/buyer/home', count: 3, medianMs: 200, p95Ms: 300 },
    ]);
  });
});

describe.each(DATABASES)('monitoring intake limits and forwarding on %s', (dialect) => {
  it('rate-limits batches per client IP (429 in the contract shape, with Retry-After)', async () => {
    const t = await createTestApp(dialect, { seed: false, env: { RUM_INTAKE_LIMIT_PER_MINUTE: '3' } });
    try {
      const body = ndjson(metadata(), error('x', '/a'));
      // The counter is a fixed one-minute window: if a window starts mid-test, run it again.
      for (let attempt = 0; attempt < 2; attempt++) {
        await t.db.kysely.deleteFrom('rate_limits').execute();
        const minute = Math.floor(Date.now() / 60_000);
        const statuses = [];
        let last;
        for (let i = 0; i < 5; i++) {
          last = await post(t, body);
          statuses.push(last.status);
        }
        if (Math.floor(Date.now() / 60_000) !== minute) continue;
        expect(statuses).toEqual([202, 202, 202, 429, 429]);
        expect(last!.json).toEqual({
          error: { code: 'rate_limited', message: 'Muitas tentativas. Aguarde um minuto e tente novamente.' },
        });
        expect(Number(last!.headers['retry-after'])).toBeGreaterThanOrEqual(1);
        // Another client is counted on its own.
        const other = await t.app.inject({
          method: 'POST',
          url: INTAKE,
          payload: body,
          headers: { 'content-type': 'application/x-ndjson' },
          remoteAddress: '10.0.0.7',
        });
        expect(other.statusCode).toBe(202);
        return;
      }
      throw new Error('two minute boundaries in a row');
    } finally {
      await t.close();
    }
  });

  it.each([
    [{ PUBLIC_ANALYTICS_ENABLED: '1', PUBLIC_ANALYTICS_ID: 'abc123' }, ['https://www.clarity.ms']],
    [
      { PUBLIC_ANALYTICS_ENABLED: '1', PUBLIC_ANALYTICS_ID: 'abc123', ANALYTICS_CSP_SOURCES: 'https://*.clarity.ms' },
      ['https://*.clarity.ms'],
    ],
    [{ PUBLIC_ANALYTICS_ENABLED: '1' }, []],
    [{ PUBLIC_ANALYTICS_ID: 'abc123' }, []],
  ] as [Record<string, string>, string[]][])(
    'the analytics origin joins the CSP only when its script loads (%j)',
    async (env, sources) => {
      const t = await createTestApp(dialect, { seed: false, env });
      try {
        const res = await t.app.inject({ url: '/api/public-settings' });
        const csp = String(res.headers['content-security-policy']);
        const directive = (name: string) => csp.split(';').find((d) => d.startsWith(`${name} `));
        for (const name of ['script-src', 'connect-src']) {
          expect(directive(name)).toBe([name, "'self'", ...sources].join(' '));
        }
        expect(res.json().data).toMatchObject({
          analyticsEnabled: env.PUBLIC_ANALYTICS_ENABLED === '1',
          analyticsId: env.PUBLIC_ANALYTICS_ID ?? '',
        });
      } finally {
        await t.close();
      }
    },
  );

  it('deletes events older than 30 days when a batch arrives', async () => {
    const t = await createTestApp(dialect, { seed: false });
    try {
      const old = Date.now() - 31 * 24 * 60 * 60_000;
      const row = {
        kind: 'transaction' as const,
        service: 'portal-web',
        environment: null,
        type: 'route-change',
        route: null,
      };
      await t.db.kysely
        .insertInto('rum_events')
        .values([
          {
            ...row,
            id: 'old',
            received_at: old,
            name: 'velho',
            user_agent: null,
            browser: null,
            duration_ms: null,
            payload: '{}',
          },
          {
            ...row,
            id: 'recent',
            received_at: Date.now() - 60_000,
            name: 'recente',
            user_agent: null,
            browser: null,
            duration_ms: null,
            payload: '{}',
          },
        ])
        .execute();
      expect((await post(t, ndjson(metadata(), error('novo', '/a')))).status).toBe(202);
      await expect.poll(async () => (await rowsOf(t)).map((r) => r.name)).toEqual(['novo', 'recente']);
    } finally {
      await t.close();
    }
  });

  it('forwards the raw batch to APM_SERVER_URL, without waiting for it, and still stores it', async () => {
    const received: { url: string; headers: IncomingHttpHeaders; body: Buffer }[] = [];
    let arrived: () => void = () => {};
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
        res.writeHead(202).end();
        arrived();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as { port: number };
    const t = await createTestApp(dialect, { seed: false, env: { APM_SERVER_URL: `http://127.0.0.1:${port}/` } });
    try {
      const gz = gzipSync(ndjson(metadata(), error('Encaminhado', '/buyer/home')));
      const done = new Promise<void>((r) => (arrived = r));
      const res = await post(t, gz, { 'content-encoding': 'gzip' });
      expect(res.status).toBe(202);
      await done;
      expect(received).toHaveLength(1);
      expect(received[0]!.url).toBe('/intake/v2/rum/events');
      expect(received[0]!.headers).toMatchObject({
        'content-type': 'application/x-ndjson',
        'content-encoding': 'gzip',
        'user-agent': CHROME_UA,
        'x-forwarded-for': '127.0.0.1',
      });
      expect(received[0]!.body.equals(gz)).toBe(true);
      expect((await rowsOf(t)).map((r) => r.name)).toEqual(['Encaminhado']);

      // The APM Server down: the browser still gets its 202.
      await new Promise<void>((r) => server.close(() => r()));
      expect((await post(t, gz, { 'content-encoding': 'gzip' })).status).toBe(202);
    } finally {
      server.close();
      await t.close();
    }
  });
});
