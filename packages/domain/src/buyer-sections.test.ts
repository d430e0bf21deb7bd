import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addressSection,
  BUYER_SECTIONS,
  documentSection,
  investmentSection,
  sellerFormSection,
} from './buyer-sections';
import { errors, MAIN_BUYER, MAIN_OF_TWO, SECOND_BUYER, stored, submit, withFixedToday } from './testing/fixtures';
import { fixedValues } from './section';

withFixedToday();

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
    expect(stored(addressSection, { ...ADDRESS, same_main_buyer_address: true }, MAIN_BUYER)).not.toHaveProperty(
      'same_main_buyer_address',
    );
    expect(errors(addressSection, { same_main_buyer_address: true }, MAIN_BUYER)).toMatchObject({
      cep: 'Obrigatório',
      city: 'Obrigatório',
    });
    expect(stored(addressSection, { same_main_buyer_address: true, cep: 'x' }, SECOND_BUYER)).toEqual({
      same_main_buyer_address: true,
      user_address: false,
    });
  });

  it('a second buyer with an own address fills every required field', () => {
    expect(errors(addressSection, { same_main_buyer_address: false }, SECOND_BUYER)).toEqual({
      cep: 'Obrigatório',
      address: 'Obrigatório',
      number: 'Obrigatório',
      district: 'Obrigatório',
      city: 'Obrigatório',
      state: 'Obrigatório',
    });
    expect(errors(addressSection, { ...ADDRESS, cep: '00000-000', state: 'XX' }, SECOND_BUYER)).toEqual({
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
    expect(documentSection.rules!({ expedition_date: '1980-01-01' }, MAIN_BUYER)).toEqual([]);
    expect(documentSection.rules!({ birth_date_document: '1990-01-01' }, MAIN_BUYER)).toEqual([]);
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

  it('with one buyer, the share is not asked: 100 is stored whatever is sent, no second percentage', () => {
    const { first_buyer_percent: _asked, ...withoutShare } = INVESTMENT;
    for (const sent of [withoutShare, { ...INVESTMENT, first_buyer_percent: '60' }, INVESTMENT])
      expect(stored(investmentSection, { ...sent, second_buyer_percent: '30' })).toEqual({
        ...INVESTMENT,
        first_buyer_percent: 100,
        embed_tariffs: false,
        sfh: false,
      });
    expect(fixedValues(investmentSection, MAIN_BUYER)).toEqual({ first_buyer_percent: 100 });
    expect(fixedValues(investmentSection, MAIN_OF_TWO)).toEqual({});
  });

  it('with two buyers, the second percentage is required and both sum 100', () => {
    expect(errors(investmentSection, { ...INVESTMENT, first_buyer_percent: '60' }, MAIN_OF_TWO)).toEqual({
      second_buyer_percent: 'Obrigatório',
    });
    expect(
      errors(investmentSection, { ...INVESTMENT, first_buyer_percent: '60', second_buyer_percent: '30' }, MAIN_OF_TWO),
    ).toEqual({
      second_buyer_percent: 'Os percentuais dos compradores devem somar 100%',
    });
    expect(
      errors(
        investmentSection,
        { ...INVESTMENT, first_buyer_percent: '60', second_buyer_percent: '40.01' },
        MAIN_OF_TWO,
      ),
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
          MAIN_OF_TWO,
        );
        expect([data.first_buyer_percent, data.second_buyer_percent]).toEqual([first, second]);
      }),
      { numRuns: 300 },
    );
  });

  it('a first percentage that fails its own rule gets no sum error', () => {
    expect(
      errors(investmentSection, { ...INVESTMENT, first_buyer_percent: '150', second_buyer_percent: '40' }, MAIN_OF_TWO),
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
