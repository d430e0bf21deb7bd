import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { buyerDataSection, CIVIL_STATUSES } from './buyer-sections';
import { isFieldVisible, type SectionDef } from './section';
import { errors, MAIN_BUYER, stored, withFixedToday } from './testing/fixtures';

withFixedToday();

type Def = SectionDef<z.ZodRawShape>;

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
      expect(isFieldVisible(buyerDataSection as Def, 'marriage_union', values, MAIN_BUYER)).toBe(unionShown);
      expect(isFieldVisible(buyerDataSection as Def, 'marriage_date', values, MAIN_BUYER)).toBe(marriageShown);
      expect(isFieldVisible(buyerDataSection as Def, 'marriage_regime', values, MAIN_BUYER)).toBe(marriageShown);
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
    expect(buyerDataSection.rules!({ represented: false, cpf_attorney: '' }, MAIN_BUYER)).toEqual([]);
  });

  it('refuses a field that is not in the form', () => {
    expect(errors(buyerDataSection, { ...BUYER, role: 'admin' })).toEqual({ role: 'Campo não permitido' });
  });
});
