import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApi, createTestDatabase, dropTestDatabase, login, startApi, stopApi, type ApiProcess } from './processes';

/**
 * Scale-out: two API instances on one PostgreSQL (and Redis when TEST_REDIS_URL is set) are
 * interchangeable: a session opened on one works on the other, and the login limit counts
 * attempts on both. The limit is a sliding minute (docs/decisions/013), so nothing here depends on
 * where the clock minute falls.
 */
const variants = [
  { name: 'PostgreSQL', redis: '' },
  ...(process.env.TEST_REDIS_URL ? [{ name: 'PostgreSQL + Redis', redis: process.env.TEST_REDIS_URL }] : []),
];

describe.skipIf(!process.env.TEST_DATABASE_URL).each(variants)('two instances on $name', ({ redis }) => {
  const name = `scaleout_${process.pid}_${redis ? 'r' : 'p'}`;
  let api: ReturnType<typeof buildApi>;
  let a: ApiProcess;
  let b: ApiProcess;
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-scale-'));

  beforeAll(async () => {
    const databaseUrl = await createTestDatabase(name);
    api = buildApi();
    const env = {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      REDIS_URL: redis,
      LOGIN_IP_LIMIT_PER_MINUTE: '100000',
    };
    a = await startApi(api.entry, env);
    b = await startApi(api.entry, env);
  }, 120_000);

  afterAll(async () => {
    await stopApi(a);
    await stopApi(b);
    api?.remove();
    await dropTestDatabase(name);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a session opened on one instance works on the other, and logout on one ends it on both, reads included', async () => {
    const cookie = await login(a.base, 'comprador@demo.com.br');
    const onB = await fetch(`${b.base}/api/v3/auth/user`, { headers: { cookie } });
    expect(onB.status).toBe(200);
    expect(((await onB.json()) as { data: { email: string } }).data.email).toBe('comprador@demo.com.br');
    // The list and one proposal read the session in their own statement (docs/decisions/057).
    const list = await fetch(`${a.base}/api/v3/proposals`, { headers: { cookie } });
    expect(list.status).toBe(200);
    const [first] = ((await list.json()) as { data: { id: string }[] }).data;
    const one = `${a.base}/api/v3/proposals/${first!.id}`;
    expect((await fetch(one, { headers: { cookie } })).status).toBe(200);
    const out = await fetch(`${b.base}/api/v3/auth/logout`, { method: 'POST', headers: { cookie } });
    expect(out.status).toBe(204);
    expect((await fetch(`${a.base}/api/v3/auth/user`, { headers: { cookie } })).status).toBe(401);
    expect((await fetch(`${a.base}/api/v3/proposals`, { headers: { cookie } })).status).toBe(401);
    expect((await fetch(one, { headers: { cookie } })).status).toBe(401);
  });

  const attempt = (base: string, username: string, password: string, type = 'buyer') =>
    fetch(`${base}/api/v3/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password, type }),
    });

  it('counts wrong passwords across both instances: the 11th attempt is refused on either', async () => {
    for (let i = 0; i < 10; i++)
      expect((await attempt(i % 2 ? a.base : b.base, 'outro@demo.com.br', 'errada-123')).status).toBe(401);
    const onA = await attempt(a.base, 'outro@demo.com.br', 'Demo@2026!');
    const onB = await attempt(b.base, 'outro@demo.com.br', 'Demo@2026!');
    expect(onA.status).toBe(429);
    expect(onB.status).toBe(429);
    expect(((await onB.json()) as { error: { message: string } }).error.message).toBe(
      'Muitas tentativas. Aguarde um minuto e tente novamente.',
    );
  });

  it('parallel wrong passwords sent to both instances at once: exactly 10 are answered 401', async () => {
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        attempt(i % 2 ? a.base : b.base, 'operador@demo.com.br', `errada-${i}`, 'operator'),
      ),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(14);
  });
});
