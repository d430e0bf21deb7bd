import { describe, expect, it } from 'vitest';
import { DATABASES, demoSuite, sectionUrl, type Client } from './helpers';

describe.each(DATABASES)('prefill from earlier answers on %s', (dialect) => {
  const { as, ids } = demoSuite(dialect);
  const { comprador: main, compradora: second } = as;

  const get = (who: Client, key: string, buyer?: number) => who.get(sectionUrl(ids.twoBuyers, key, buyer));

  it("starts the fields asked again with the same buyer's earlier answers, and names where they came from", async () => {
    const data = (await get(main, 'data', 0)).json().data.values as Record<string, unknown>;
    const address = (await get(main, 'address', 0)).json().data.values as Record<string, unknown>;
    expect(data.birth_date).toEqual(expect.any(String));

    const fgtsAddress = (await get(main, 'fgts_address', 0)).json().data;
    expect(fgtsAddress.prefill).toMatchObject({ state_live: address.state, city_live: address.city });
    expect(fgtsAddress.prefillFrom).toEqual(['Endereço']);

    const civil = (await get(main, 'fgts_civil_status', 0)).json().data;
    expect(civil.prefill).toMatchObject({ civil_status: data.civil_status });
    expect(civil.prefillFrom).toEqual(['Dados gerais']);
  });

  it('takes nothing from another buyer, and nothing where there is no rule', async () => {
    // The second buyer has not answered yet: nothing of the main buyer's answers leaks into her forms.
    const civil = (await get(second, 'fgts_civil_status', 1)).json().data;
    expect(civil.prefill).toEqual({});
    expect(civil.prefillFrom).toEqual([]);
    const investment = (await get(main, 'investment')).json().data;
    expect(investment.prefillFrom).toEqual([]);
  });
});
