import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';
import { formatDecimal, formatInteger } from './numbers';

// What the portal showed before these functions: Intl with the pt-BR locale (normal space after R$).
const intlInteger = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });
const intlDecimal = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });
const intlBrl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const brlText = (cents: number) => intlBrl.format(cents / 100).replace(/\u00a0/g, ' ');

describe('pt-BR numbers without Intl', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1.000'],
    [1234567, '1.234.567'],
    [-1500, '-1.500'],
    [2.5, '3'],
  ])('formatInteger(%d) → %s', (value, text) => {
    expect(formatInteger(value)).toBe(text);
  });

  it.each([
    [1.5, 1, '1,5'],
    [2, 1, '2'],
    [1234.56, 1, '1.234,6'],
    [0.05, 1, '0,1'],
    [1.005, 2, '1,01'],
    [1023.999, 1, '1.024'],
  ])('formatDecimal(%d, %d) → %s', (value, digits, text) => {
    expect(formatDecimal(value, digits)).toBe(text);
  });

  it.each([
    [123456, 'R$ 1.234,56'],
    [0, 'R$ 0,00'],
    [5, 'R$ 0,05'],
    [-5, '-R$ 0,05'],
    [100_000_000_000, 'R$ 1.000.000.000,00'],
    [12.5, 'R$ 0,13'],
  ])('formatMoney(%d) → %s', (cents, text) => {
    expect(formatMoney(cents)).toBe(text);
  });

  it('gives the text Intl.NumberFormat gives, on whole numbers, decimals and amounts', () => {
    const whole = fc.integer({ min: -1e15, max: 1e15 });
    const tiny = fc.double({ min: -1e-3, max: 1e-3, noNaN: true });
    const anyNumber = fc.oneof(whole, tiny, fc.double({ min: -1e12, max: 1e12, noNaN: true }));
    fc.assert(
      fc.property(anyNumber, (v) => {
        expect(formatInteger(v)).toBe(intlInteger.format(v));
        expect(formatDecimal(v, 1)).toBe(intlDecimal.format(v));
        expect(formatMoney(v)).toBe(brlText(v));
      }),
      { numRuns: 5000 },
    );
  });

  it('gives the text Intl gives for file sizes in KB and MB (bytes / 1024, one decimal)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50 * 1024 * 1024 }), (bytes) => {
        expect(formatDecimal(bytes / 1024, 1)).toBe(intlDecimal.format(bytes / 1024));
        expect(formatDecimal(bytes / (1024 * 1024), 1)).toBe(intlDecimal.format(bytes / (1024 * 1024)));
      }),
      { numRuns: 5000 },
    );
  });
});
