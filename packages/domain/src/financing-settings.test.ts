import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LTV_LIMITS,
  DEFAULT_SFH_CEILINGS,
  financingValuesSchema,
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
  });
});

describe('interest rate (effective, a.a.)', () => {
  it.each([
    ['10,49', 1049],
    ['10.49', 1049],
    [' 9,5 % ', 950],
    ['12', 1200],
    [1049, 1049],
  ])('%j -> %d basis points', (input, bp) => {
    expect(parseInterestRate(input)).toBe(bp);
  });
  it.each(['', '0', '30,01', '10,499', 'dez', '-5', '10,4x'])('refuses %j', (input) => {
    expect(parseInterestRate(input)).toBeNull();
  });
  it('shows as pt-BR', () => {
    expect(formatInterestRate(1049)).toBe('10,49 % a.a.');
  });
});

describe('loan-to-value', () => {
  const loan = { amount: 40_000_000, propertyValue: 50_000_000, appraisalValue: null, limits: DEFAULT_LTV_LIMITS };
  it('80 % SAC, 70 % PRICE of the purchase price', () => {
    expect(loanToValueError({ ...loan, system: 'SAC' })).toBeNull();
    expect(loanToValueError({ ...loan, system: 'PRICE' })).toBe(
      'O valor financiado (R$ 400.000,00) passa de 70 % do valor de compra do imóvel (R$ 500.000,00). No PRICE, o máximo é R$ 350.000,00.',
    );
  });
  it('the lower of purchase price and appraisal counts', () => {
    expect(loanToValueError({ ...loan, system: 'SAC', appraisalValue: 49_999_900 })).toContain(
      'o máximo é R$ 399.999,20',
    );
    expect(loanToValueError({ ...loan, system: 'SAC', appraisalValue: 60_000_000 })).toBeNull();
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
});
