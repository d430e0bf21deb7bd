import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { drainAndClose } from '../src/shutdown';
import { createTestApp, DATABASES, DEMO_PASSWORD, type TestApp } from './helpers';

/** What an operator and a load balancer rely on: probes, the client address behind proxies, a graceful stop. */
describe.each(DATABASES)('operations (%s)', (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('live and ready answer 200 when the database and the storage answer', async () => {
    t = await createTestApp(dialect, { seed: false });
    const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ ok: true, checks: { database: 'ok', storage: 'ok' } });
  });

  it('ready answers 503 naming the failing part (the upload folder cannot be written)', async () => {
    t = await createTestApp(dialect, { seed: false });
    // A file where the uploads folder should be: the storage cannot work.
    writeFileSync(join(t.config.dataDir, 'uploads'), '');
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({
      error: { code: 'not_ready', message: 'Serviço indisponível: armazenamento de arquivos.', fields: {} },
      checks: { database: 'ok', storage: 'failing' },
    });
    // Liveness does not depend on the others: restarting the process would not help.
    expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
  });

  it('ready answers 503 naming the database when it is gone', async () => {
    t = await createTestApp(dialect, { seed: false });
    await t.db.close();
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().checks).toEqual({ database: 'failing', storage: 'ok' });
    expect(ready.json().error.message).toBe('Serviço indisponível: banco de dados.');
    const { app, dropDatabase } = t;
    t = undefined;
    await app.close();
    await dropDatabase();
  });

  it('ready reports Redis when REDIS_URL is set, without leaving the pool while it does not answer', async () => {
    t = await createTestApp(dialect, { seed: false, env: { REDIS_URL: 'redis://127.0.0.1:1' } });
    // Every instance shares a Redis outage and the login limits count in the database meanwhile:
    // the instance stays in the pool and says what is missing.
    const down = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(down.statusCode).toBe(200);
    expect(down.json()).toEqual({ ok: true, checks: { database: 'ok', storage: 'ok', redis: 'failing' } });
    if (!process.env.TEST_REDIS_URL) return;
    await t.close();
    t = await createTestApp(dialect, { seed: false, env: { REDIS_URL: process.env.TEST_REDIS_URL } });
    const up = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(up.json()).toEqual({ ok: true, checks: { database: 'ok', storage: 'ok', redis: 'ok' } });
  });

  it.each([
    ['a hop count', '1'],
    ['the proxy address', '127.0.0.1'],
  ])('TRUST_PROXY as %s takes the address the proxy saw, not one the client wrote', async (_label, trust) => {
    t = await createTestApp(dialect, { env: { TRUST_PROXY: trust } });
    // The client sends its own X-Forwarded-For; the proxy (127.0.0.1, inject's address) appends the real one.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v3/auth/login',
      headers: { 'x-forwarded-for': '6.6.6.6, 203.0.113.9' },
      payload: { username: 'outro@demo.com.br', password: DEMO_PASSWORD, type: 'buyer' },
    });
    expect(res.statusCode).toBe(200);
    const session = await t.db.kysely.selectFrom('sessions').select('ip').executeTakeFirstOrThrow();
    expect(session.ip).toBe('203.0.113.9');
  });
});

describe('graceful stop', () => {
  async function slowServer() {
    let entered!: () => void;
    let release!: () => void;
    const isEntered = new Promise<void>((r) => (entered = r));
    const released = new Promise<void>((r) => (release = r));
    const app = Fastify({ logger: false });
    app.get('/slow', async () => {
      entered();
      await released;
      return { done: true };
    });
    app.get('/fast', async () => ({ fast: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    return { app, base: `http://127.0.0.1:${port}`, isEntered, release };
  }

  it('finishes the requests in flight, refuses new ones, then closes', async () => {
    const s = await slowServer();
    const inFlight = fetch(`${s.base}/slow`);
    await s.isEntered;
    const stopped = drainAndClose(s.app, { timeoutMs: 60_000, wait: () => new Promise(() => {}) });
    // A new connection is refused while draining.
    await expect(fetch(`${s.base}/fast`)).rejects.toThrow();
    s.release();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ done: true });
    expect(await stopped).toBe('drained');
  });

  it('cuts what is still in flight at the time limit', async () => {
    const s = await slowServer();
    const inFlight = fetch(`${s.base}/slow`).then(
      () => 'answered',
      () => 'cut',
    );
    await s.isEntered;
    let fireTimeout!: () => void;
    const stopped = drainAndClose(s.app, { timeoutMs: 5, wait: () => new Promise<void>((r) => (fireTimeout = r)) });
    fireTimeout();
    expect(await inFlight).toBe('cut');
    expect(await stopped).toBe('timeout');
    s.release();
  });
});
