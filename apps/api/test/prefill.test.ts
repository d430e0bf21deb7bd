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
    expect(data.registered_employees).toBe(true);
    expect(fgtsAddress.prefill).toMatchObject({
      state_live: address.state,
      city_live: address.city,
      occupation: 'employee',
    });
    // The property's CEP, state and city as the team opened the proposal; where the buyer lives;
    // the occupation from "Trabalha com carteira assinada (CLT)?".
    expect(fgtsAddress.prefillFrom).toEqual(['Dados da proposta', 'Endereço', 'Dados gerais']);

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

describe.each(DATABASES)("prefill of the seller's forms on %s", (dialect) => {
  const { t, as, ids } = demoSuite(dialect);

  it("starts the seller's data with what the buyer gave, and the property with the proposal's address", async () => {
    const given = (await as.comprador.get(sectionUrl(ids.twoBuyers, 'seller'))).json().data.values as Record<
      string,
      string
    >;
    expect(given.sellerEmail).toEqual(expect.any(String));
    const general = (await as.vendedor.get(sectionUrl(ids.twoBuyers, 'seller-general-data'))).json().data;
    expect(general.prefill).toMatchObject({
      name: given.sellerName,
      email: given.sellerEmail,
      phone: given.sellerPhone,
    });
    expect(general.prefillFrom).toEqual(['Dados informados pelo comprador']);

    const row = await t.db.kysely
      .selectFrom('proposals')
      .select('property')
      .where('id', '=', ids.twoBuyers)
      .executeTakeFirstOrThrow();
    const proposal = { property: JSON.parse(row.property) as { zipCode: string; uf: string; city: string } };
    const property = (await as.vendedor.get(sectionUrl(ids.twoBuyers, 'seller-property'))).json().data;
    expect(property.prefill).toMatchObject({ state: proposal.property.uf, city: proposal.property.city });
    expect(String(property.prefill.cep).replace(/\D/g, '')).toBe(proposal.property.zipCode);
    expect(property.prefillFrom[0]).toBe('Dados da proposta');
  });

  it("gives the seller nothing of the buyers' own data", async () => {
    const views = await Promise.all(
      ['seller-general-data', 'seller-property', 'seller-property-contact', 'seller-address'].map(
        async (key) => (await as.vendedor.get(sectionUrl(ids.twoBuyers, key))).json().data,
      ),
    );
    const text = JSON.stringify(views.map((v) => v.prefill));
    const buyerData = (await as.comprador.get(sectionUrl(ids.twoBuyers, 'data', 0))).json().data.values;
    for (const secret of [buyerData.email, buyerData.occupation, buyerData.phone].filter(Boolean))
      expect(text).not.toContain(String(secret));
  });
});
