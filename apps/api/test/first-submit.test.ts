import { describe, expect, it } from 'vitest';
import { DATABASES, demoSuite, sectionUrl, type Client } from './helpers';

/** Every error of a form, field and cross-field, in the first 400 (no error hides another). */
describe.each(DATABASES)('all errors at the first submit on %s', (dialect) => {
  const { as, ids } = demoSuite(dialect);
  const { comprador: main, vendedor: seller } = as;

  const put = (who: Client, key: string, payload: object, buyer?: number) =>
    who.put(sectionUrl(ids.twoBuyers, key, buyer), payload);
  const submitted = async (who: Client, key: string, buyer?: number) =>
    (await who.get(sectionUrl(ids.twoBuyers, key, buyer))).json().data.values;

  it('buyer data with an attorney: "Obrigatório" on the empty fields AND the invalid attorney CPF', async () => {
    const before = await submitted(main, 'data', 0);
    const res = await put(
      main,
      'data',
      { name: '', cpf: '', represented: true, attorney_type: 'person', cpf_attorney: '111.111.111-12' },
      0,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'validation',
      fields: {
        name: 'Obrigatório',
        cpf: 'Obrigatório',
        name_attorney: 'Obrigatório',
        email_attorney: 'Obrigatório',
        cpf_attorney: 'Insira um CPF válido',
      },
    });
    expect(await submitted(main, 'data', 0)).toEqual(before);
  });

  it("the CPF registered on the proposal is checked with the other fields' errors", async () => {
    const res = await put(main, 'data', { name: '', cpf: '153.509.460-56' }, 0);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({
      name: 'Obrigatório',
      cpf: 'O CPF deve ser o mesmo informado na proposta',
    });
  });

  it('investment: the debit authorization and the 100% rule with the empty agency', async () => {
    const res = await put(main, 'investment', {
      agency: '',
      account: '12345-6',
      authorize_debit: false,
      first_buyer_percent: '60',
      second_buyer_percent: '30',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      agency: 'Obrigatório',
      authorize_debit: 'É preciso autorizar o débito das parcelas nesta conta',
      second_buyer_percent: 'Os percentuais dos compradores devem somar 100%',
    });
  });

  it("seller general data: the spouse's CPF equal to the seller's shows with the empty fields", async () => {
    const res = await put(seller, 'seller-general-data', {
      person_type: 'person',
      name: '',
      cpf: '529.982.247-25',
      civil_status: 'married',
      marriage_regime: 'partial_communion',
      spouse_name: '',
      spouse_cpf: '529.982.247-25',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({
      name: 'Obrigatório',
      spouse_name: 'Obrigatório',
      spouse_cpf: 'O CPF do cônjuge deve ser diferente do seu',
    });
  });
});
