import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LTV_LIMITS,
  DEFAULT_SFH_CEILINGS,
  describeDatedValue,
  financingValuesSchema,
  guaranteeValue,
  INTEREST_RATE_MESSAGE,
  formatInterestRate,
  loanToValueError,
  parseInterestRate,
  valueInForce,
} from './financing-settings';

describe('valueInForce (dated settings)', () => {
  it('picks the latest value whose date is not after the day', () => {
    expect(valueInForce(DEFAULT_SFH_CEILINGS, '2025-09-30')!.value).toBe(150_000_000);
    expect(valueInForce(DEFAULT_SFH_CEILINGS, '2025-10-01')!.value).toBe(225_000_000);
    expect(valueInForce(DEFAULT_SFH_CEILINGS, '2018-12-31')).toBeNull();
    const reordered = [DEFAULT_SFH_CEILINGS[1]!, DEFAULT_SFH_CEILINGS[0]!];
    expect(valueInForce(reordered, '2026-01-01')!.value).toBe(225_000_000);
    expect(valueInForce(reordered, '2025-01-01')!.value).toBe(150_000_000);
    expect(reordered.map((v) => v.from)).toEqual(['2025-10-01', '2019-01-01']);
  });
});

describe('interest rate (effective, a.a.)', () => {
  it.each([
    ['10,49', 1049],
    ['10.49', 1049],
    [' 9,5 % ', 950],
    ['12', 1200],
    ['10,49%', 1049],
    ['7.5 %', 750],
    ['0,01', 1],
    ['30', 3000],
    ['30,00', 3000],
    [1049, 1049],
    [1, 1],
    [3000, 3000],
  ])('%j -> %d basis points', (input, bp) => {
    expect(parseInterestRate(input)).toBe(bp);
  });
  it.each([
    '',
    '0',
    '0,00',
    '30,01',
    '31',
    '10,499',
    '100',
    'dez',
    '-5',
    '10,4x',
    'a10,49',
    '10 49',
    '10,',
    ',5',
    '% 10',
    '10%x',
    '10 % a.a.',
    0,
    -1,
    3001,
    10.5,
    null,
    true,
  ])('refuses %j', (input) => {
    expect(parseInterestRate(input)).toBeNull();
  });
  it('shows as pt-BR', () => {
    expect(formatInterestRate(1049)).toBe('10,49 % a.a.');
    expect(formatInterestRate(950)).toBe('9,5 % a.a.');
  });
});

describe('loan-to-value', () => {
  const loan = { amount: 40_000_000, propertyValue: 50_000_000, appraisalValue: null, limits: DEFAULT_LTV_LIMITS };
  it('80 % SAC, 70 % PRICE of the purchase price', () => {
    expect(loanToValueError({ ...loan, system: 'SAC' })).toBeNull();
    expect(loanToValueError({ ...loan, system: 'SAC', amount: 40_000_001 })).toBe(
      'O valor financiado (R$ 400.000,01) passa de 80 % do valor de compra do imóvel (R$ 500.000,00). No SAC, o máximo é R$ 400.000,00.',
    );
    expect(loanToValueError({ ...loan, system: 'PRICE', amount: 35_000_000 })).toBeNull();
    expect(loanToValueError({ ...loan, system: 'PRICE' })).toBe(
      'O valor financiado (R$ 400.000,00) passa de 70 % do valor de compra do imóvel (R$ 500.000,00). No PRICE, o máximo é R$ 350.000,00.',
    );
  });
  it('the lower of purchase price and appraisal counts', () => {
    expect(loanToValueError({ ...loan, system: 'SAC', appraisalValue: 49_999_900 })).toBe(
      'O valor financiado (R$ 400.000,00) passa de 80 % do menor valor entre a compra e a avaliação do imóvel (R$ 499.999,00). No SAC, o máximo é R$ 399.999,20.',
    );
    expect(guaranteeValue(50_000_000, null)).toBe(50_000_000);
    expect(guaranteeValue(50_000_000, 49_000_000)).toBe(49_000_000);
    expect(guaranteeValue(50_000_000, 51_000_000)).toBe(50_000_000);
    expect(loanToValueError({ ...loan, system: 'SAC', appraisalValue: 60_000_000 })).toBeNull();
  });
  it('the maximum is rounded down to the centavo: a fraction of a centavo never passes', () => {
    // 80 % of R$ 500.000,01 is R$ 400.000,008: the maximum is R$ 400.000,00.
    const odd = { ...loan, system: 'SAC' as const, propertyValue: 50_000_001 };
    expect(loanToValueError({ ...odd, amount: 40_000_000 })).toBeNull();
    expect(loanToValueError({ ...odd, amount: 40_000_001 })).toContain('o máximo é R$ 400.000,00.');
  });
  it('limits come from the settings', () => {
    expect(loanToValueError({ ...loan, system: 'PRICE', limits: { SAC: 80, PRICE: 80 } })).toBeNull();
  });
});

describe('financingValuesSchema', () => {
  it('parses what the back office types', () => {
    expect(
      financingValuesSchema.parse({ propertyValue: 'R$ 700.000,00', appraisalValue: '', interestRate: '10,49' }),
    ).toEqual({
      propertyValue: 70_000_000,
      appraisalValue: null,
      interestRate: 1049,
    });
  });
  it('keeps the appraisal value when given, and takes canonical numbers as they are', () => {
    expect(
      financingValuesSchema.parse({ propertyValue: 70_000_000, appraisalValue: 'R$ 650.000,00', interestRate: 1049 }),
    ).toEqual({ propertyValue: 70_000_000, appraisalValue: 65_000_000, interestRate: 1049 });
    expect(
      financingValuesSchema.parse({ propertyValue: 70_000_000, appraisalValue: null, interestRate: '9,5' }),
    ).toEqual({ propertyValue: 70_000_000, appraisalValue: null, interestRate: 950 });
    expect(financingValuesSchema.parse({ propertyValue: 70_000_000, interestRate: '9,5' }).appraisalValue).toBeNull();
  });
  const messages = (input: unknown) => {
    const r = financingValuesSchema.safeParse(input);
    return r.success ? null : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
  };
  it.each([
    [
      { propertyValue: '', appraisalValue: '', interestRate: '' },
      { propertyValue: 'Obrigatório', interestRate: 'Obrigatório' },
    ],
    [{ propertyValue: 'R$ 1,00', interestRate: '   ' }, { interestRate: 'Obrigatório' }],
    [{ propertyValue: 'R$ 1,00', interestRate: '31' }, { interestRate: INTEREST_RATE_MESSAGE }],
    [{ propertyValue: 'R$ 1,00', interestRate: 0 }, { interestRate: INTEREST_RATE_MESSAGE }],
    [{ propertyValue: 'R$ 0,00', interestRate: '10' }, { propertyValue: 'O valor mínimo é R$ 0,01' }],
    [
      { propertyValue: 'R$ 1,00', appraisalValue: 'muito', interestRate: '10' },
      { appraisalValue: 'Insira um valor em reais válido' },
    ],
  ])('refuses %j with the message by field', (input, expected) => {
    expect(messages(input)).toEqual(expected);
  });
  it('the interest rate message says the range and an example', () => {
    expect(INTEREST_RATE_MESSAGE).toBe('Insira a taxa de juros anual entre 0,01 % e 30 % (ex.: 10,49)');
  });
});

describe('describeDatedValue', () => {
  it('shows the value and the day it came into force', () => {
    expect(describeDatedValue(DEFAULT_SFH_CEILINGS[1]!)).toBe('R$ 2.250.000,00 (em vigor desde 01/10/2025)');
  });
});
