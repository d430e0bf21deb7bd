import { beforeAll, describe, expect, it } from 'vitest';
import { ALL_SECTIONS, requiredSections } from './sections-registry';
import {
  positiveAnswers,
  SELLER_SECTIONS,
  sellerAddressSection,
  sellerFinancingSection,
  sellerPropertyInfoSection,
  sellerPropertyQuestionsSection,
  sellerPropertySection,
  sellerRegistrySection,
} from './seller-sections';
import {
  SELLER_PROPERTY,
  sellerFacts as factsWith,
  sellerOnServer as server,
  submitResult as submit,
} from './testing/fixtures';
import { installZodMessages } from './zod-messages';

beforeAll(() => installZodMessages());

/** The property the seller sells, and the seller sections as a whole (registry, address). */

describe('property', () => {
  it('reads the private area as a person types it', () => {
    for (const [typed, area] of [
      ['72,5', 72.5],
      ['72.5', 72.5],
      ['1.250,75', 1250.75],
      ['98', 98],
      [98, 98],
    ] as const) {
      const r = submit(sellerPropertySection, { ...SELLER_PROPERTY, private_area: typed });
      expect(r.ok && r.values.private_area).toBe(area);
    }
    for (const typed of ['0', 'abc', '12,345', '-3']) {
      expect(submit(sellerPropertySection, { ...SELLER_PROPERTY, private_area: typed })).toEqual({
        ok: false,
        fields: { private_area: 'Insira a área em m² (ex.: 72,5)' },
      });
    }
    expect(submit(sellerPropertySection, { ...SELLER_PROPERTY, private_area: '' })).toEqual({
      ok: false,
      fields: { private_area: 'Obrigatório' },
    });
  });

  it('takes the registry with the matrícula as digits', () => {
    const registry = {
      registry_office: '6º Registro de Imóveis de Curitiba',
      registry_city: 'Curitiba',
      registry_state: 'PR',
      registration_number: '123.456',
      municipal_registration: '03.1.0045.0321.00-9',
    };
    const r = submit(sellerRegistrySection, registry);
    expect(r.ok && r.values.registration_number).toBe('123456');
    expect(submit(sellerRegistrySection, { ...registry, registration_number: '12a' })).toEqual({
      ok: false,
      fields: { registration_number: 'Insira o número da matrícula (somente números)' },
    });
    expect(submit(sellerRegistrySection, { ...registry, municipal_registration: '#' })).toEqual({
      ok: false,
      fields: { municipal_registration: 'Insira a inscrição municipal como consta no carnê do IPTU' },
    });
  });

  it('asks the bank and the balance only of a property still financed', () => {
    expect(submit(sellerFinancingSection, { still_financed: 'no', financing_bank: '104' })).toEqual({
      ok: true,
      values: { still_financed: 'no' },
    });
    expect(submit(sellerFinancingSection, { still_financed: 'yes' })).toEqual({
      ok: false,
      fields: { financing_bank: 'Obrigatório', outstanding_balance: 'Obrigatório' },
    });
    expect(submit(sellerFinancingSection, { still_financed: '' })).toEqual({
      ok: false,
      fields: { still_financed: 'Obrigatório' },
    });
  });

  it('asks whether the property was bought with FGTS, and when (a past date) if so', () => {
    const questions = {
      has_liens: 'no',
      has_lawsuits: 'no',
      iptu_debts: 'no',
      unregistered_works: 'no',
      is_condominium: 'no',
    };
    expect(submit(sellerPropertyQuestionsSection, questions)).toEqual({
      ok: false,
      fields: { bought_with_fgts: 'Obrigatório' },
    });
    expect(submit(sellerPropertyQuestionsSection, { ...questions, bought_with_fgts: 'yes' })).toEqual({
      ok: false,
      fields: { fgts_purchase_date: 'Obrigatório' },
    });
    expect(
      submit(sellerPropertyQuestionsSection, {
        ...questions,
        bought_with_fgts: 'yes',
        fgts_purchase_date: '01/01/2999',
      }),
    ).toEqual({
      ok: false,
      fields: { fgts_purchase_date: 'A data deve ser anterior a hoje' },
    });
    const ok = submit(sellerPropertyQuestionsSection, {
      ...questions,
      bought_with_fgts: 'yes',
      fgts_purchase_date: '15/03/2020',
    });
    expect(ok).toMatchObject({ ok: true, values: { bought_with_fgts: 'yes', fgts_purchase_date: '2020-03-15' } });
  });

  it('asks to explain every "yes" about the property, and the condominium fee of a condominium', () => {
    const questions = {
      has_liens: 'no',
      has_lawsuits: 'yes',
      iptu_debts: 'no',
      unregistered_works: 'yes',
      is_condominium: 'yes',
      condo_debts: 'no',
      bought_with_fgts: 'no',
    };
    const parsed = submit(sellerPropertyQuestionsSection, questions);
    expect(parsed.ok).toBe(true);
    expect(positiveAnswers(questions)).toEqual(['has_lawsuits', 'unregistered_works']);
    expect(submit(sellerPropertyQuestionsSection, { ...questions, is_condominium: '' })).toEqual({
      ok: false,
      fields: { is_condominium: 'Obrigatório' },
    });
    const ctx = server({ 'seller-property-questions': questions });
    expect(submit(sellerPropertyInfoSection, { iptu_annual: '2.350,00', condo_fee: '' }, ctx)).toEqual({
      ok: false,
      fields: {
        explanation: 'Explique as respostas "Sim" da etapa anterior',
        condo_fee: 'O imóvel é de condomínio: informe o valor mensal',
      },
    });
    const ok = submit(
      sellerPropertyInfoSection,
      {
        iptu_annual: '2.350,00',
        condo_fee: '850,00',
        explanation: 'Ação de cobrança já quitada; varanda fechada em 2019.',
      },
      ctx,
    );
    expect(ok).toEqual({
      ok: true,
      values: {
        iptu_annual: 235_000,
        condo_fee: 85_000,
        explanation: 'Ação de cobrança já quitada; varanda fechada em 2019.',
      },
    });
    expect(
      submit(
        sellerPropertyInfoSection,
        { iptu_annual: '0,00' },
        server({
          'seller-property-questions': {
            ...questions,
            has_lawsuits: 'no',
            unregistered_works: 'no',
            is_condominium: 'no',
          },
        }),
      ).ok,
    ).toBe(true);
  });
});

describe('registry', () => {
  it('registers every seller section once, with the seller scope, and keys the URL can carry', () => {
    const keys = ALL_SECTIONS.map((s) => s.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const def of SELLER_SECTIONS) {
      expect(def.scope).toBe('seller');
      expect(def.key).toMatch(/^[a-z-]{1,40}$/);
    }
    const required = requiredSections(factsWith({})).filter((r) => r.def.scope === 'seller');
    expect(required).toHaveLength(SELLER_SECTIONS.length);
  });
  it('the address is a plain address with the CEP', () => {
    const r = submit(sellerAddressSection, {
      cep: '01310-100',
      address: 'Avenida Paulista',
      number: '1000',
      district: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
      complement: '',
    });
    expect(r).toEqual({
      ok: true,
      values: {
        cep: '01310100',
        address: 'Avenida Paulista',
        number: '1000',
        district: 'Bela Vista',
        city: 'São Paulo',
        state: 'SP',
      },
    });
  });
});
