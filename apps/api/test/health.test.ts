import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DATABASES, login, type TestApp } from './helpers';

describe.each(DATABASES)('proposals on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());

  it("lists only the caller's proposals and hides another user's one behind a 404", async () => {
    const outro = await login(t.app, 'outro@demo.com.br', 'buyer');
    const mine = await t.app.inject({ url: '/api/v3/proposals', headers: { cookie: outro } });
    expect(mine.statusCode).toBe(200);
    const list = mine.json().data as { id: string; code: string }[];
    expect(list.map((p) => p.code)).toEqual(['PF-2026-003390']);

    const comprador = await login(t.app, '529.982.247-25', 'buyer');
    const theirs = await t.app.inject({ url: '/api/v3/proposals', headers: { cookie: comprador } });
    expect(theirs.json().data).toHaveLength(3);
    const other = theirs.json().data[0].id;
    const res = await t.app.inject({ url: `/api/v3/proposals/${other}`, headers: { cookie: outro } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'not_found', message: 'Não encontrado.' } });
  });
});
