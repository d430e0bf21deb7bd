import { beforeAll, describe, expect, it } from 'vitest';
import type { Values } from './section';
import type { AnySection } from './sections-registry';
import {
  positiveAnswers,
  sellerAmountsSection,
  sellerContactSection,
  sellerDocument,
  sellerGeneralDataSection,
  sellerMaritalSection,
  sellerPropertyInfoSection,
  sellerPropertySection,
  sellerRegistrySection,
} from './seller-sections';
import {
  SELLER as browser,
  SELLER_ACCOUNT,
  SELLER_COMPANY,
  SELLER_CPF,
  SELLER_PROPERTY,
  SPOUSE_CPF,
  sellerOnServer as server,
  submitResult as submit,
} from './testing/fixtures';
import { installZodMessages } from './zod-messages';

beforeAll(() => installZodMessages());

/** The boundaries of the seller's fields and each branch of the seller's cross-field rules. */

const fieldOf = (def: AnySection, base: Values, field: string, typed: unknown) => {
  const r = submit(def, { ...base, [field]: typed });
  return r.ok ? r.values[field] : r.fields[field];
};

describe('private area (m²)', () => {
  it.each([
    ['999999', 999_999],
    ['0,5', 0.5],
    ['72,55', 72.55],
    ['1.25', 1.25],
    ['12.500,5', 12_500.5],
    ['1.250', 1250],
    [' 80 ', 80],
    [72.5, 72.5],
  ])('%j → %j', (typed, area) => {
    expect(fieldOf(sellerPropertySection, SELLER_PROPERTY, 'private_area', typed)).toBe(area);
  });
  it.each(['1000000', '72,555', '0,00', '7,2,5', 'x72', '72m', 0, -5, 10_000_000])('%j is refused', (typed) => {
    expect(fieldOf(sellerPropertySection, SELLER_PROPERTY, 'private_area', typed)).toBe(
      'Insira a área em m² (ex.: 72,5)',
    );
  });
  it.each(['', '   '])('%j is missing', (typed) => {
    expect(fieldOf(sellerPropertySection, SELLER_PROPERTY, 'private_area', typed)).toBe('Obrigatório');
  });
});

describe('registry numbers', () => {
  const REGISTRY = {
    registry_office: '6º Registro de Imóveis de Curitiba',
    registry_city: 'Curitiba',
    registry_state: 'PR',
    registration_number: '123456',
    municipal_registration: '03.1.0045.0321.00-9',
  };
  const MATRICULA = 'Insira o número da matrícula (somente números)';
  it.each([
    ['1', '1'],
    ['1.234.567.890', '1234567890'],
    [' 42 ', '42'],
  ])('matrícula %j → %j', (typed, stored) => {
    expect(fieldOf(sellerRegistrySection, REGISTRY, 'registration_number', typed)).toBe(stored);
  });
  it.each(['0', '000', '12345678901', '12.34', '1..234', '1.2345', 'a1'])('matrícula %j is refused', (typed) => {
    expect(fieldOf(sellerRegistrySection, REGISTRY, 'registration_number', typed)).toBe(MATRICULA);
  });
  const INSCRICAO = 'Insira a inscrição municipal como consta no carnê do IPTU';
  it.each(['ab1', '1/2', 'A'.repeat(40), '123-4 5.6'])('inscrição %j is kept as typed', (typed) => {
    expect(fieldOf(sellerRegistrySection, REGISTRY, 'municipal_registration', typed)).toBe(typed);
  });
  it.each(['ab', 'A'.repeat(41), '.123', '-123', '12#3', '12_3'])('inscrição %j is refused', (typed) => {
    expect(fieldOf(sellerRegistrySection, REGISTRY, 'municipal_registration', typed)).toBe(INSCRICAO);
  });
});

describe('the bank account that receives the price', () => {
  it.each(['1234', '1234-5', '1234X', '1234-x'])('agency %j is accepted', (typed) => {
    expect(fieldOf(sellerAmountsSection, SELLER_ACCOUNT, 'agency', typed)).toBe(typed);
  });
  it.each(['123', '12345-6', '1234-56', 'ABCD', '1234--5'])('agency %j is refused', (typed) => {
    expect(fieldOf(sellerAmountsSection, SELLER_ACCOUNT, 'agency', typed)).toBe(
      'Insira a agência com 4 dígitos (ex.: 1234 ou 1234-5)',
    );
  });
  it.each(['12', '123456789012-X', '45873-x'])('account %j is accepted', (typed) => {
    expect(fieldOf(sellerAmountsSection, SELLER_ACCOUNT, 'account', typed)).toBe(typed);
  });
  it.each(['1', 'X', '1234567890123-4', '45873-', '-6', '45.873-2'])('account %j is refused', (typed) => {
    expect(fieldOf(sellerAmountsSection, SELLER_ACCOUNT, 'account', typed)).toBe(
      'Insira a conta com o dígito (ex.: 12345-6)',
    );
  });
  it.each([
    ['0', 'Com mais de um vendedor, sua parte fica entre 0% e 100%'],
    ['0,01', 0.01],
    ['99,99', 99.99],
  ])('with several sellers, a share of %j → %j', (share, expected) => {
    const several = { ...SELLER_ACCOUNT, several_sellers: true, other_sellers: 'Lúcia Ferreira' };
    expect(fieldOf(sellerAmountsSection, several, 'share_percent', share)).toBe(expected);
  });
  it('a single seller is asked no share and no other sellers', () => {
    expect(submit(sellerAmountsSection, { ...SELLER_ACCOUNT, share_percent: '0', other_sellers: 'x' })).toEqual({
      ok: true,
      values: { ...SELLER_ACCOUNT, holder_document: SELLER_CPF },
    });
  });
  it('without the property financing answered, nothing is said about the payoff', () => {
    const general = { 'seller-general-data': { person_type: 'person', cpf: SELLER_CPF } };
    expect(submit(sellerAmountsSection, SELLER_ACCOUNT, server(general)).ok).toBe(true);
    expect(
      submit(sellerAmountsSection, { ...SELLER_ACCOUNT, payoff: true, payoff_amount: '1.000,00' }, server(general)).ok,
    ).toBe(true);
    const free = { ...general, 'seller-property-financing': { still_financed: 'no' } };
    expect(submit(sellerAmountsSection, SELLER_ACCOUNT, server(free)).ok).toBe(true);
  });
  it("the seller's document: a CPF for a person, a CNPJ for a company, none while not given", () => {
    expect(sellerDocument({ person_type: 'person', cpf: '' })).toBeNull();
    expect(sellerDocument({ person_type: 'person', cpf: 123 })).toBeNull();
    expect(sellerDocument({ person_type: 'company', cpf: SELLER_CPF })).toBeNull();
    expect(sellerDocument({ cpf: SELLER_CPF })).toBe(SELLER_CPF);
  });
});

describe('who the seller is', () => {
  const PERSON = {
    person_type: 'person',
    name: 'Roberto Lima Ferreira',
    cpf: SELLER_CPF,
    email: 'roberto@exemplo.com.br',
    phone: '(11) 99123-4567',
  };
  it('a company is asked nothing about marriage, whatever it sends', () => {
    const r = submit(sellerGeneralDataSection, {
      ...SELLER_COMPANY,
      civil_status: 'married',
      marriage_union: true,
      spouse_name: 'X',
    });
    expect(r.ok && Object.keys(r.values)).toEqual(Object.keys(SELLER_COMPANY));
  });
  it('a person who has not chosen a civil status is asked it, not the union or the spouse', () => {
    expect(submit(sellerGeneralDataSection, { ...PERSON, civil_status: '' })).toEqual({
      ok: false,
      fields: { civil_status: 'Obrigatório' },
    });
  });
  it('a married person is not asked about a stable union', () => {
    const r = submit(sellerGeneralDataSection, {
      ...PERSON,
      civil_status: 'married',
      marriage_union: false,
      marriage_regime: 'total_separation',
      spouse_name: 'Lúcia Ferreira',
      spouse_cpf: SPOUSE_CPF,
    });
    expect(r.ok && 'marriage_union' in r.values).toBe(false);
  });
  it('a divorced person not in a union is asked no spouse', () => {
    const r = submit(sellerGeneralDataSection, { ...PERSON, civil_status: 'divorced', marriage_union: false });
    expect(r.ok).toBe(true);
  });
});

describe('marital questions against the general data', () => {
  const ANSWERS = { acquired_in_union: 'no', spouse_signs: 'not_applicable', pending_partition: 'no' };
  it('a company seller is told this step is not theirs', () => {
    expect(
      submit(sellerMaritalSection, ANSWERS, server({ 'seller-general-data': { person_type: 'company' } })),
    ).toEqual({
      ok: false,
      fields: { spouse_signs: 'Esta etapa é só para vendedor pessoa física' },
    });
  });
  it('a single seller may answer "not applicable"; the browser, which does not know, lets it pass', () => {
    const single = server({ 'seller-general-data': { person_type: 'person', civil_status: 'single' } });
    expect(submit(sellerMaritalSection, ANSWERS, single).ok).toBe(true);
    expect(submit(sellerMaritalSection, ANSWERS, server({})).ok).toBe(true);
    expect(submit(sellerMaritalSection, ANSWERS, browser).ok).toBe(true);
  });
});

describe('property information against the questions', () => {
  const condo = (answers: Values) =>
    server({
      'seller-property-questions': {
        has_liens: 'no',
        has_lawsuits: 'no',
        iptu_debts: 'no',
        unregistered_works: 'no',
        is_condominium: 'no',
        ...answers,
      },
    });
  it('a condominium fee of zero is no fee', () => {
    expect(
      submit(sellerPropertyInfoSection, { iptu_annual: '1,00', condo_fee: '0,00' }, condo({ is_condominium: 'yes' })),
    ).toEqual({
      ok: false,
      fields: { condo_fee: 'O imóvel é de condomínio: informe o valor mensal' },
    });
  });
  it('a "yes" on debts of the condominium asks for an explanation too', () => {
    const ctx = condo({ is_condominium: 'yes', condo_debts: 'yes' });
    expect(submit(sellerPropertyInfoSection, { iptu_annual: '1,00', condo_fee: '500,00' }, ctx)).toEqual({
      ok: false,
      fields: { explanation: 'Explique as respostas "Sim" da etapa anterior' },
    });
  });
  it('"yes" answers in the order of the questions; none without questions', () => {
    expect(
      positiveAnswers({
        condo_debts: 'yes',
        has_liens: 'yes',
        iptu_debts: 'yes',
        is_condominium: 'yes',
        bought_with_fgts: 'yes',
      }),
    ).toEqual(['has_liens', 'iptu_debts', 'condo_debts']);
    expect(positiveAnswers(null)).toEqual([]);
  });
});

describe('contact for the appraisal visit', () => {
  const CONTACT = { contact_phone: '(41) 99876-5432', best_period: 'morning' };
  it('the seller opens the door: no name or relation asked', () => {
    expect(submit(sellerContactSection, { ...CONTACT, contact_person: 'seller', contact_name: 'X' })).toEqual({
      ok: true,
      values: { ...CONTACT, contact_phone: '41998765432', contact_person: 'seller' },
    });
  });
  it('someone else: their name and relation are required', () => {
    expect(submit(sellerContactSection, { ...CONTACT, contact_person: 'other' })).toEqual({
      ok: false,
      fields: { contact_name: 'Obrigatório', contact_relation: 'Obrigatório' },
    });
  });
});
