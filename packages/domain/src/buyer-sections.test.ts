import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import type { z } from 'zod';
import { fieldErrors } from './api-error';
import {
  addressSection,
  BUYER_SECTIONS,
  buyerDataSection,
  CIVIL_STATUSES,
  documentSection,
  investmentSection,
  sellerFormSection,
} from './buyer-sections';
import { isFieldVisible, submitSchema, type SectionContext, type SectionDef } from './section';
import { installZodMessages } from './zod-messages';

// Dates are judged against a fixed "today" (the clock is faked, only Date).
beforeAll(() => {
  installZodMessages();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-06-15T12:00:00Z'));
});
afterAll(() => vi.useRealTimers());

const MAIN: SectionContext = { buyers: 1, buyer: 0 };
const SECOND: SectionContext = { buyers: 2, buyer: 1 };
const TWO: SectionContext = { buyers: 2, buyer: 0 };

type Def = SectionDef<z.ZodRawShape>;
function submit(def: Def, values: Record<string, unknown>, ctx = MAIN) {
  return submitSchema(def, ctx).safeParse(values);
}
/** The stored values of a valid submit. */
function stored(def: Def, values: Record<string, unknown>, ctx = MAIN) {
  const r = submit(def, values, ctx);
  if (!r.success) throw new Error(`expected success, got ${JSON.stringify(fieldErrors(r.error.issues))}`);
  return r.data as Record<string, unknown>;
}
/** The field → message map a user sees after a refused submit. */
function errors(def: Def, values: Record<string, unknown>, ctx = MAIN) {
  const r = submit(def, values, ctx);
  if (r.success) throw new Error('expected a failure');
  return fieldErrors(r.error.issues);
}

const BUYER = {
  name: 'Maria Silva',
  cpf: '529.982.247-25',
  email: 'Maria@Example.com',
  phone: '(11) 98765-4321',
  birth_date: '10/03/1985',
  civil_status: 'single',
  occupation: 'Engenheira',
  income: 'R$ 8.500,00',
};
const ATTORNEY = {
  represented: true,
  name_attorney: 'João Procurador',
  email_attorney: 'joao@example.com',
  phone_attorney: '(21) 3333-4444',
};

describe('buyer general data', () => {
  it('stores the canonical values and drops the marriage fields of a single buyer', () => {
    const data = stored(buyerDataSection, {
      ...BUYER,
      marriage_date: '01/01/2010',
      marriage_regime: 'partial_communion',
    });
    expect(data).toMatchObject({
      cpf: '52998224725',
      email: 'maria@example.com',
      birth_date: '1985-03-10',
      income: 850000,
    });
    expect(data).not.toHaveProperty('marriage_date');
    expect(data).not.toHaveProperty('marriage_regime');
    expect(data).not.toHaveProperty('name_attorney');
  });

  // civil status × "lives in a stable union" → whether the union question and the marriage fields show
  it.each([
    ['married', false, false, true],
    ['married', true, false, true],
    ['single', false, true, false],
    ['single', true, true, true],
    ['divorced', true, true, true],
    ['widowed', true, true, true],
    ['separated', false, true, false],
    ['', true, false, false],
    [undefined, true, false, false],
  ] as const)(
    'civil status %j, union %j: union question %j, marriage fields %j',
    (status, union, unionShown, marriageShown) => {
      const values = { civil_status: status, marriage_union: union };
      expect(isFieldVisible(buyerDataSection as Def, 'marriage_union', values, MAIN)).toBe(unionShown);
      expect(isFieldVisible(buyerDataSection as Def, 'marriage_date', values, MAIN)).toBe(marriageShown);
      expect(isFieldVisible(buyerDataSection as Def, 'marriage_regime', values, MAIN)).toBe(marriageShown);
    },
  );

  it('a married buyer, or one in a stable union, must give the marriage date and regime', () => {
    for (const values of [{ civil_status: 'married' }, { civil_status: 'single', marriage_union: true }]) {
      expect(errors(buyerDataSection, { ...BUYER, ...values })).toEqual({
        marriage_date: 'Obrigatório',
        marriage_regime: 'Obrigatório',
      });
    }
    const data = stored(buyerDataSection, {
      ...BUYER,
      civil_status: 'single',
      marriage_union: true,
      marriage_date: '20/05/2015',
      marriage_regime: 'total_separation',
    });
    expect(data).toMatchObject({
      marriage_union: true,
      marriage_date: '2015-05-20',
      marriage_regime: 'total_separation',
    });
  });

  it('the union answer of a married buyer is not stored', () => {
    const data = stored(buyerDataSection, {
      ...BUYER,
      civil_status: 'married',
      marriage_union: true,
      marriage_date: '20/05/2015',
      marriage_regime: 'partial_communion',
    });
    expect(data).not.toHaveProperty('marriage_union');
  });

  it('an unknown civil status or regime reads "Selecione uma opção"', () => {
    expect(errors(buyerDataSection, { ...BUYER, civil_status: 'engaged' })).toEqual({
      civil_status: 'Selecione uma opção',
    });
    expect(
      errors(buyerDataSection, {
        ...BUYER,
        civil_status: 'married',
        marriage_date: '20/05/2015',
        marriage_regime: 'other',
      }),
    ).toEqual({
      marriage_regime: 'Selecione uma opção',
    });
    expect(CIVIL_STATUSES).toEqual(['single', 'married', 'divorced', 'widowed', 'separated']);
  });

  it('the buyer must be 18 on the day of the submit (today 15/06/2026)', () => {
    expect(stored(buyerDataSection, { ...BUYER, birth_date: '15/06/2008' }).birth_date).toBe('2008-06-15');
    expect(errors(buyerDataSection, { ...BUYER, birth_date: '16/06/2008' })).toEqual({
      birth_date: 'É preciso ter pelo menos 18 anos',
    });
    expect(errors(buyerDataSection, { ...BUYER, birth_date: '15/06/2026' })).toEqual({
      birth_date: 'A data deve ser anterior a hoje',
    });
  });

  it('the marriage date must be before today', () => {
    const married = { ...BUYER, civil_status: 'married', marriage_regime: 'partial_communion' };
    expect(stored(buyerDataSection, { ...married, marriage_date: '14/06/2026' }).marriage_date).toBe('2026-06-14');
    expect(errors(buyerDataSection, { ...married, marriage_date: '15/06/2026' })).toEqual({
      marriage_date: 'A data deve ser anterior a hoje',
    });
  });

  it('the income is at least R$ 0,01', () => {
    expect(stored(buyerDataSection, { ...BUYER, income: '0,01' }).income).toBe(1);
    expect(errors(buyerDataSection, { ...BUYER, income: '0,00' })).toEqual({ income: 'O valor mínimo é R$ 0,01' });
  });

  it('texts are capped at 120 characters', () => {
    expect(stored(buyerDataSection, { ...BUYER, name: 'a'.repeat(120) }).name).toHaveLength(120);
    expect(errors(buyerDataSection, { ...BUYER, occupation: 'a'.repeat(121) })).toEqual({
      occupation: 'Use no máximo 120 caracteres',
    });
  });

  it('a represented buyer must give the attorney, whose document is required', () => {
    expect(errors(buyerDataSection, { ...BUYER, represented: true })).toEqual({
      name_attorney: 'Obrigatório',
      email_attorney: 'Obrigatório',
      phone_attorney: 'Obrigatório',
      cpf_attorney: 'Obrigatório',
    });
    expect(errors(buyerDataSection, { ...BUYER, ...ATTORNEY, cpf_attorney: '   ' })).toEqual({
      cpf_attorney: 'Obrigatório',
    });
  });

  // attorney type → which document is accepted
  it.each([
    [undefined, '529.982.247-25', null],
    ['person', '529.982.247-25', null],
    ['person', '11.222.333/0001-81', 'Insira um CPF válido'],
    ['person', '529.982.247-24', 'Insira um CPF válido'],
    ['company', '11.222.333/0001-81', null],
    ['company', '529.982.247-25', 'Insira um CNPJ válido'],
  ])('attorney type %j with document %s → %j', (type, doc, message) => {
    const values = { ...BUYER, ...ATTORNEY, attorney_type: type, cpf_attorney: doc };
    if (message) expect(errors(buyerDataSection, values)).toEqual({ cpf_attorney: message });
    else
      expect(stored(buyerDataSection, values)).toMatchObject({
        attorney_type: type ?? 'person',
        cpf_attorney: doc,
        attorney_phone_type: 'normal',
      });
  });

  it('the attorney of a buyer who is not represented is neither required nor stored', () => {
    const data = stored(buyerDataSection, {
      ...BUYER,
      represented: false,
      name_attorney: 'X',
      cpf_attorney: 'nonsense',
    });
    expect(data).toMatchObject({ represented: false });
    expect(data).not.toHaveProperty('name_attorney');
    expect(data).not.toHaveProperty('cpf_attorney');
    expect(buyerDataSection.rules!({ represented: false, cpf_attorney: '' }, MAIN)).toEqual([]);
  });

  it('refuses a field that is not in the form', () => {
    expect(errors(buyerDataSection, { ...BUYER, role: 'admin' })).toEqual({ role: 'Campo não permitido' });
  });
});

const ADDRESS = {
  cep: '01310-100',
  address: 'Av. Paulista',
  number: '1000',
  district: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
};

describe('buyer address', () => {
  it('stores the CEP digits; the complement is optional', () => {
    expect(stored(addressSection, ADDRESS)).toMatchObject({ cep: '01310100', state: 'SP', user_address: false });
    expect(stored(addressSection, ADDRESS).complement).toBeUndefined();
  });

  it('only the second buyer may reuse the main buyer address', () => {
    expect(stored(addressSection, { ...ADDRESS, same_main_buyer_address: true }, MAIN)).not.toHaveProperty(
      'same_main_buyer_address',
    );
    expect(errors(addressSection, { same_main_buyer_address: true }, MAIN)).toMatchObject({
      cep: 'Obrigatório',
      city: 'Obrigatório',
    });
    expect(stored(addressSection, { same_main_buyer_address: true, cep: 'x' }, SECOND)).toEqual({
      same_main_buyer_address: true,
      user_address: false,
    });
  });

  it('a second buyer with an own address fills every required field', () => {
    expect(errors(addressSection, { same_main_buyer_address: false }, SECOND)).toEqual({
      cep: 'Obrigatório',
      address: 'Obrigatório',
      number: 'Obrigatório',
      district: 'Obrigatório',
      city: 'Obrigatório',
      state: 'Obrigatório',
    });
    expect(errors(addressSection, { ...ADDRESS, cep: '00000-000', state: 'XX' }, SECOND)).toEqual({
      cep: 'Insira um CEP válido',
      state: 'Selecione uma opção',
    });
  });
});

const DOCUMENT = {
  document_type: 'rg',
  document_number: 'MG-12.345.678',
  issuing_authority: 'SSP',
  uf: 'MG',
  expedition_date: '01/02/2005',
  gender: 'female',
  birth_date_document: '10/03/1985',
  birth_state: 'MG',
  birth_city: 'Belo Horizonte',
  mother_name: 'Ana Silva',
  father_name: 'José Silva',
};

describe('identity document', () => {
  it.each([
    ['10/03/1985', true],
    ['11/03/1985', true],
    ['09/03/1985', false],
    ['01/01/1970', false],
  ])('expedition on %s (birth 10/03/1985) accepted: %j', (expedition, ok) => {
    const values = { ...DOCUMENT, expedition_date: expedition };
    if (ok) expect(stored(documentSection, values)).toMatchObject({ birth_date_document: '1985-03-10' });
    else
      expect(errors(documentSection, values)).toEqual({
        expedition_date: 'A data de expedição não pode ser anterior ao nascimento',
      });
  });

  it('the expedition rule needs both dates', () => {
    expect(documentSection.rules!({ expedition_date: '1980-01-01' }, MAIN)).toEqual([]);
    expect(documentSection.rules!({ birth_date_document: '1990-01-01' }, MAIN)).toEqual([]);
  });

  it('the father is asked only when the document lists a second parent', () => {
    const { father_name: _father, ...withoutFather } = DOCUMENT;
    expect(errors(documentSection, withoutFather)).toEqual({ father_name: 'Obrigatório' });
    const data = stored(documentSection, { ...DOCUMENT, affiliation_two: true });
    expect(data).toMatchObject({ affiliation_two: true });
    expect(data).not.toHaveProperty('father_name');
  });

  it.each([
    ['1234', true],
    ['12.345.678-9', true],
    ['AB 12/3', true],
    ['a'.repeat(20), true],
    ['123', false],
    ['a'.repeat(21), false],
    ['12#45', false],
  ])('document number %j accepted: %j', (number, ok) => {
    const r = submit(documentSection, { ...DOCUMENT, document_number: number });
    expect(r.success).toBe(ok);
  });

  it('the holder of the document must be 18', () => {
    expect(
      errors(documentSection, { ...DOCUMENT, birth_date_document: '16/06/2008', expedition_date: '01/01/2020' }),
    ).toEqual({
      birth_date_document: 'É preciso ter pelo menos 18 anos',
    });
  });
});

const INVESTMENT = { agency: '1234', account: '12345-6', authorize_debit: true, first_buyer_percent: '100' };

describe('investment', () => {
  it.each([
    ['agency', '123', 'Insira uma agência de 4 dígitos'],
    ['agency', '12345', 'Insira uma agência de 4 dígitos'],
    ['agency', 'abcd', 'Insira uma agência de 4 dígitos'],
    ['account', '12-', 'Insira a conta com o dígito (ex.: 12345-6)'],
    ['account', 'conta', 'Insira a conta com o dígito (ex.: 12345-6)'],
    ['account', '1234567890123-4', 'Insira a conta com o dígito (ex.: 12345-6)'],
  ])('%s %j → %s', (field, value, message) => {
    expect(errors(investmentSection, { ...INVESTMENT, [field]: value })).toEqual({ [field]: message });
  });

  it.each(['12345-6', '123456', '12345-X', '12345x', '123456789012-3'])('account %j is accepted', (account) => {
    expect(stored(investmentSection, { ...INVESTMENT, account })).toMatchObject({ account, agency: '1234' });
  });

  it('the debit of the installments must be authorized', () => {
    expect(errors(investmentSection, { ...INVESTMENT, authorize_debit: false })).toEqual({
      authorize_debit: 'É preciso autorizar o débito das parcelas nesta conta',
    });
  });

  it('with one buyer, the percentage is 100 and a second percentage is not stored', () => {
    expect(stored(investmentSection, { ...INVESTMENT, second_buyer_percent: '30' })).toEqual({
      ...INVESTMENT,
      first_buyer_percent: 100,
      embed_tariffs: false,
      sfh: false,
    });
    for (const p of ['99', '99.99', '100.01', '0']) {
      const message =
        p === '100.01' ? 'Insira um percentual entre 0 e 100' : 'Com um só comprador, o percentual deve ser 100%';
      expect(errors(investmentSection, { ...INVESTMENT, first_buyer_percent: p })).toEqual({
        first_buyer_percent: message,
      });
    }
  });

  it('with two buyers, the second percentage is required and both sum 100', () => {
    expect(errors(investmentSection, { ...INVESTMENT, first_buyer_percent: '60' }, TWO)).toEqual({
      second_buyer_percent: 'Obrigatório',
    });
    expect(
      errors(investmentSection, { ...INVESTMENT, first_buyer_percent: '60', second_buyer_percent: '30' }, TWO),
    ).toEqual({
      second_buyer_percent: 'Os percentuais dos compradores devem somar 100%',
    });
    expect(
      errors(investmentSection, { ...INVESTMENT, first_buyer_percent: '60', second_buyer_percent: '40.01' }, TWO),
    ).toEqual({
      second_buyer_percent: 'Os percentuais dos compradores devem somar 100%',
    });
  });

  it('two percentages with cents that sum 100 are accepted (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), (hundredths) => {
        const first = hundredths / 100;
        const second = (10_000 - hundredths) / 100;
        const data = stored(
          investmentSection,
          { ...INVESTMENT, first_buyer_percent: String(first), second_buyer_percent: String(second) },
          TWO,
        );
        expect([data.first_buyer_percent, data.second_buyer_percent]).toEqual([first, second]);
      }),
      { numRuns: 300 },
    );
  });

  it('a first percentage that fails its own rule gets no sum error', () => {
    expect(
      errors(investmentSection, { ...INVESTMENT, first_buyer_percent: '150', second_buyer_percent: '40' }, TWO),
    ).toEqual({
      first_buyer_percent: 'Insira um percentual entre 0 e 100',
    });
  });
});

describe('seller form of the buyer', () => {
  it('requires the seller name, e-mail and phone with Portuguese messages', () => {
    expect(errors(sellerFormSection, {})).toEqual({
      sellerName: 'Obrigatório',
      sellerEmail: 'Obrigatório',
      sellerPhone: 'Obrigatório',
    });
    expect(errors(sellerFormSection, { sellerName: 'Pedro', sellerEmail: 'pedro@', sellerPhone: '123' })).toEqual({
      sellerEmail: 'Insira um e-mail válido',
      sellerPhone: 'Insira um telefone válido com DDD',
    });
    expect(
      stored(sellerFormSection, {
        sellerName: ' Pedro ',
        sellerEmail: 'PEDRO@example.com',
        sellerPhone: '(11) 3333-4444',
      }),
    ).toEqual({
      sellerName: 'Pedro',
      sellerEmail: 'pedro@example.com',
      sellerPhone: '1133334444',
    });
  });

  it('the buyer flow lists its sections in order', () => {
    expect(BUYER_SECTIONS.map((s) => [s.key, s.scope, s.title])).toEqual([
      ['data', 'buyer', 'Dados gerais'],
      ['address', 'buyer', 'Endereço'],
      ['document', 'buyer', 'Documento de identificação'],
      ['investment', 'proposal', 'Dados de investimento'],
      ['seller', 'proposal', 'Dados do vendedor'],
    ]);
  });
});
