import { createServer, type IncomingHttpHeaders } from 'node:http';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createTestApp, DATABASES } from './helpers';
import { CHROME_UA, INTAKE, error, metadata, ndjson, post, rowsOf } from './helpers/monitoring';

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
