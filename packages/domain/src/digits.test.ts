import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { hasOnlyDigitsAndSeparators, maskDigitsOrKeep, onlyDigits } from './digits';

describe('identifier digits', () => {
  it.each([
    ['529.982.247-25', '52998224725'],
    ['11.222.333/0001-81', '11222333000181'],
    ['abc', ''],
    ['', ''],
  ])('onlyDigits(%j) → %j', (typed, digits) => {
    expect(onlyDigits(typed)).toBe(digits);
  });

  it.each([
    ['529.982.247-25', true],
    ['11 222 333/0001-81', true],
    ['', true],
    ['529.982.247-2x', false],
    ['12#34', false],
    ['12,34', false],
  ])('%j holds only digits and mask separators: %j', (typed, ok) => {
    expect(hasOnlyDigitsAndSeparators(typed)).toBe(ok);
  });

  it('masks the digits of a clean value, and leaves a value with other characters as typed', () => {
    const group = (d: string) => d.replace(/(\d{3})(?=\d)/g, '$1.');
    expect(maskDigitsOrKeep('123456', group)).toBe('123.456');
    expect(maskDigitsOrKeep('12-34 56', group)).toBe('123.456');
    expect(maskDigitsOrKeep('12a456', group)).toBe('12a456');
  });

  it('only digits remain, in order (property)', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const d = onlyDigits(s);
        expect(d).toMatch(/^\d*$/);
        expect(d).toBe([...s].filter((c) => c >= '0' && c <= '9').join(''));
      }),
    );
  });
});
