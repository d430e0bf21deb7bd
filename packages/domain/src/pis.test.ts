import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { completePis, formatPis, isValidPis, pis } from './pis';

describe('PIS/PASEP', () => {
  it.each(['120.56412.54-5', '12056412545', ' 120.56412.54-5 '])('accepts %s', (v) => {
    expect(isValidPis(v)).toBe(true);
  });

  it.each([
    ['wrong check digit', '120.56412.54-7'],
    ['10 digits', '1205641254'],
    ['12 digits', '120564125470'],
    ['repeated digits', '111.11111.11-1'],
    ['all zeros (its check digit would pass)', '000.00000.00-0'],
    ['12 digits whose first 11 are valid', '120564125450'],
    ['letters among the digits', '120.56412.54-5x'],
    ['a letter in place of a separator', '120a56412545'],
    ['empty', ''],
  ])('refuses %s', (_, v) => {
    expect(isValidPis(v)).toBe(false);
  });

  it('completes any 10 digits into a valid number, and any other check digit is refused', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{10}$/).filter((d) => !/^(\d)\1{9}$/.test(d)),
        fc.integer({ min: 1, max: 9 }),
        (ten, shift) => {
          const full = completePis(ten);
          expect(isValidPis(full)).toBe(true);
          expect(isValidPis(ten + String((Number(full[10]) + shift) % 10))).toBe(false);
        },
      ),
    );
  });

  it.each([
    ['120', '120'],
    ['1205641', '120.5641'],
    ['12056412', '120.56412'],
    ['120564125', '120.56412.5'],
    ['1205641254', '120.56412.54'],
    ['120.56412.545', '120.56412.54-5'],
    ['1205641254599', '120.56412.54-5'],
    ['PIS 120', 'PIS 120'],
  ])('masks %j as %j while typing', (typed, shown) => {
    expect(formatPis(typed)).toBe(shown);
  });

  it('masks as typed and stores digits only', () => {
    expect(formatPis('1205')).toBe('120.5');
    expect(formatPis('12056412545')).toBe('120.56412.54-5');
    expect(pis().parse('120.56412.54-5')).toBe('12056412545');
    expect(pis().safeParse('120.56412.54-0').error?.issues[0]?.message).toBe('Insira um PIS/PASEP válido');
  });
});
