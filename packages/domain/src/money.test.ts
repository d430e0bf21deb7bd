import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { centsToInput, formatMoney, maskMoneyInput, parseMoney } from './money';

describe('formatMoney', () => {
  it.each([
    [123456, 'R$ 1.234,56'],
    [0, 'R$ 0,00'],
    [5, 'R$ 0,05'],
    [50, 'R$ 0,50'],
    [100, 'R$ 1,00'],
    [100000, 'R$ 1.000,00'],
    [52_000_000, 'R$ 520.000,00'],
    [100_000_000_000, 'R$ 1.000.000.000,00'],
  ])('%d centavos → %s', (cents, text) => {
    expect(formatMoney(cents)).toBe(text);
  });
  it('uses a normal space after R$ (no no-break space)', () => {
    expect(formatMoney(123456)).not.toMatch(/\u00a0/);
  });
});

describe('parseMoney', () => {
  it.each([
    ['R$ 1.234,56', 123456],
    ['1.234,56', 123456],
    ['1234,56', 123456],
    ['1234,5', 123450],
    ['1.234', 123400],
    ['1234', 123400],
    ['0,05', 5],
    ['0', 0],
    ['r$1,00', 100],
    ['R$\u00a01.234,56', 123456],
    ['  R$ 1.000.000,00  ', 100_000_000],
  ])('%j → %d', (text, cents) => {
    expect(parseMoney(text)).toBe(cents);
  });
  it.each([
    ['empty', ''],
    ['only the symbol', 'R$'],
    ['negative', '-1,00'],
    ['three decimals', '1,234'],
    ['dot as decimal separator', '1.23'],
    ['badly grouped thousands', '12.34,00'],
    ['comma without decimals', '1,'],
    ['letters', '12a'],
    ['two commas', '1,2,3'],
    ['beyond safe integers', '999999999999999999'],
  ])('refuses %s', (_, text) => {
    expect(parseMoney(text)).toBeNull();
  });

  it('parses back what formatMoney shows, for 0 to R$ 1 bilhão (property)', () => {
    fc.assert(
      // A predicate, not expect() per run: 5 000 runs stay fast; fast-check prints the failing amount.
      fc.property(fc.integer({ min: 0, max: 100_000_000_000 }), (cents) => parseMoney(formatMoney(cents)) === cents),
      { numRuns: 5000 },
    );
  });

  it('parses a typed amount without thousands separators (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000_000 }), (cents) => {
        const typed = `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
        expect(parseMoney(typed)).toBe(cents);
      }),
    );
  });
});

describe('maskMoneyInput (the amount field while typing: the digits are centavos)', () => {
  it.each([
    ['', ''],
    ['abc', ''],
    ['0', '0,00'],
    ['000', '0,00'],
    ['5', '0,05'],
    ['50', '0,50'],
    ['0050', '0,50'],
    ['1250000', '12.500,00'],
    ['R$ 1.234,56', '1.234,56'],
    ['12a3', '1,23'],
    ['1234567890123', '12.345.678.901,23'],
    ['12345678901234', '12.345.678.901,23'],
  ])('%j → %j', (typed, shown) => {
    expect(maskMoneyInput(typed)).toBe(shown);
  });

  it('shows what parseMoney reads back as the same centavos (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_999_999_999_999 }), (cents) => {
        const shown = maskMoneyInput(String(cents));
        expect(shown).not.toMatch(/R\$|\u00a0/);
        expect(parseMoney(shown)).toBe(cents);
      }),
    );
  });

  it('re-masking what is shown changes nothing (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (typed) => {
        const shown = maskMoneyInput(typed);
        expect(maskMoneyInput(shown)).toBe(shown);
      }),
    );
  });
});

describe('centsToInput', () => {
  it.each([
    [0, '0,00'],
    [5, '0,05'],
    [123456, '1.234,56'],
    [52_000_000, '520.000,00'],
  ])('%d centavos → %j (no currency sign)', (cents, shown) => {
    expect(centsToInput(cents)).toBe(shown);
  });
});
