import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { publicSettingsSchema } from '@portal/domain/monitoring-settings';
import { monitoringErrorGroupSchema, monitoringRouteStatSchema } from '@portal/domain/monitoring-views';
import { createTestApp, DATABASES, login, type TestApp } from './helpers';
import {
  CHROME_UA,
  CONFIG,
  FIREFOX_UA,
  error,
  metadata,
  ndjson,
  post,
  rowsOf,
  span,
  summarySchema,
  transaction,
  hex,
} from './helpers/monitoring';

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
