import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DATABASES, login, type TestApp } from './helpers';

describe.each(DATABASES)('prefill from earlier answers on %s', (dialect) => {
  let t: TestApp;
  let main: string;
  let second: string;
  let id: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    main = await login(t.app, '529.982.247-25', 'buyer');
    second = await login(t.app, 'compradora@demo.com.br', 'buyer');
    id = (
      await t.db.kysely
        .selectFrom('proposals')
        .select('id')
        .where('code', '=', 'PF-2026-004817')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => t?.close());

  const get = (cookie: string, path: string) =>
    t.app.inject({ url: `/api/v3/proposals/${id}/sections/${path}`, headers: { cookie } });

  it("starts the fields asked again with the same buyer's earlier answers, and names where they came from", async () => {
    const data = (await get(main, 'data?buyer=0')).json().data.values as Record<string, unknown>;
    const address = (await get(main, 'address?buyer=0')).json().data.values as Record<string, unknown>;
    expect(data.birth_date).toEqual(expect.any(String));

    const fgtsAddress = (await get(main, 'fgts_address?buyer=0')).json().data;
    expect(fgtsAddress.prefill).toMatchObject({ state_live: address.state, city_live: address.city });
    expect(fgtsAddress.prefillFrom).toEqual(['Endereço']);

    const civil = (await get(main, 'fgts_civil_status?buyer=0')).json().data;
    expect(civil.prefill).toMatchObject({ civil_status: data.civil_status });
    expect(civil.prefillFrom).toEqual(['Dados gerais']);
  });

  it('takes nothing from another buyer, and nothing where there is no rule', async () => {
    // The second buyer has not answered yet: nothing of the main buyer's answers leaks into her forms.
    const civil = (await get(second, 'fgts_civil_status?buyer=1')).json().data;
    expect(civil.prefill).toEqual({});
    expect(civil.prefillFrom).toEqual([]);
    const investment = (await get(main, 'investment')).json().data;
    expect(investment.prefillFrom).toEqual([]);
  });
});
