import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { completeCnpj, formatCnpj, isValidCnpj, normalizeCnpj } from './cnpj';

const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const value = (ch: string) => ch.charCodeAt(0) - 48;
const numericBase = fc.stringMatching(/^\d{12}$/);
const alnumBase = fc.stringMatching(/^[0-9A-Z]{12}$/);
/** Bases whose complete CNPJ is not 14 equal digits (those are refused by rule). */
const usable = (arb: fc.Arbitrary<string>) => arb.filter((b) => !/^(\d)\1{13}$/.test(completeCnpj(b)));

describe('isValidCnpj — numeric', () => {
  it.each(['11222333000181', '11.222.333/0001-81', '11.444.777/0001-61', ' 11.222.333/0001-81 '])('accepts %s', (v) => {
    expect(isValidCnpj(v)).toBe(true);
  });
  it.each([
    ['wrong first check digit', '11.222.333/0001-91'],
    ['wrong second check digit', '11.222.333/0001-80'],
    ['13 characters', '1122233300018'],
    ['15 characters', '112223330001811'],
    ['empty', ''],
  ])('refuses %s', (_, v) => {
    expect(isValidCnpj(v)).toBe(false);
  });
  it('refuses 14 repeated digits', () => {
    for (let d = 0; d <= 9; d++) expect(isValidCnpj(String(d).repeat(14))).toBe(false);
  });
});

describe('isValidCnpj — alphanumeric (IN RFB 2.229/2024, from July 2026)', () => {
  it("accepts the Receita Federal's example 12.ABC.345/01DE-35", () => {
    expect(isValidCnpj('12.ABC.345/01DE-35')).toBe(true);
    expect(isValidCnpj('12ABC34501DE35')).toBe(true);
  });
  it('computes its check digits from the 12 characters (letters worth ASCII - 48)', () => {
    expect(completeCnpj('12ABC34501DE')).toBe('12ABC34501DE35');
    expect(completeCnpj('12.abc.345/01de')).toBe('12ABC34501DE35');
  });
  it('accepts lower-case input', () => {
    expect(isValidCnpj('12.abc.345/01de-35')).toBe(true);
  });
  it('refuses letters in the check digits', () => {
    expect(isValidCnpj('12ABC34501DE3A')).toBe(false);
    expect(isValidCnpj('12ABC34501DEA5')).toBe(false);
  });
  it('refuses a wrong check digit', () => {
    expect(isValidCnpj('12.ABC.345/01DE-36')).toBe(false);
    expect(isValidCnpj('12.ABC.345/01DE-45')).toBe(false);
  });
  it('refuses characters outside 0-9 and A-Z in the base', () => {
    expect(isValidCnpj('12ÁBC34501DE35')).toBe(false);
  });
  it("follows the RFB algorithm exactly: a character is worth its ASCII code - 48 ('7' = 7, 'B' = 18)", () => {
    // 'B' → '7' changes the value by 11, which the mod-11 digits cannot see: same check digits.
    expect(completeCnpj('12A7C34501DE')).toBe('12A7C34501DE35');
    // 'D' (20) → 'E' (21) is seen.
    expect(isValidCnpj('12ABC34501EE35')).toBe(false);
    // '3' (3) → 'E' (21): a difference of 18 is seen.
    expect(isValidCnpj('12ABCE4501DE35')).toBe(false);
  });
});

describe('normalizeCnpj', () => {
  it('upper-cases and keeps only 0-9 and A-Z', () => {
    expect(normalizeCnpj(' 12.abc.345/01de-35 ')).toBe('12ABC34501DE35');
    expect(normalizeCnpj('11.222.333/0001-81')).toBe('11222333000181');
  });
});

describe('formatCnpj', () => {
  it('masks numeric and alphanumeric CNPJs', () => {
    expect(formatCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(formatCnpj('12abc34501de35')).toBe('12.ABC.345/01DE-35');
  });
  it('is idempotent', () => {
    expect(formatCnpj('12.ABC.345/01DE-35')).toBe('12.ABC.345/01DE-35');
    expect(formatCnpj(formatCnpj('11222333000181'))).toBe('11.222.333/0001-81');
  });
  it.each([
    ['', ''],
    ['11', '11'],
    ['112', '11.2'],
    ['11222', '11.222'],
    ['112223', '11.222.3'],
    ['11222333', '11.222.333'],
    ['112223330', '11.222.333/0'],
    ['112223330001', '11.222.333/0001'],
    ['1122233300018', '11.222.333/0001-8'],
    ['11222333000181999', '11.222.333/0001-81'],
  ])('masks partial input %j as %j', (input, masked) => {
    expect(formatCnpj(input)).toBe(masked);
  });
  it('masks every complete CNPJ as XX.XXX.XXX/XXXX-XX (property)', () => {
    fc.assert(
      fc.property(alnumBase, (base) => {
        const full = completeCnpj(base);
        const masked = formatCnpj(full);
        expect(masked).toMatch(/^[0-9A-Z]{2}\.[0-9A-Z]{3}\.[0-9A-Z]{3}\/[0-9A-Z]{4}-\d{2}$/);
        expect(normalizeCnpj(masked)).toBe(full);
      }),
    );
  });
});

describe('completeCnpj (properties)', () => {
  it('gives a valid CNPJ for any 12 digits', () => {
    fc.assert(
      fc.property(usable(numericBase), (base) => {
        const full = completeCnpj(base);
        expect(full).toMatch(/^\d{14}$/);
        expect(isValidCnpj(full)).toBe(true);
        expect(isValidCnpj(formatCnpj(full))).toBe(true);
      }),
    );
  });

  it('gives a valid CNPJ for any 12 characters of 0-9 and A-Z, with numeric check digits', () => {
    fc.assert(
      fc.property(usable(alnumBase), (base) => {
        const full = completeCnpj(base);
        expect(full.slice(0, 12)).toBe(base);
        expect(full.slice(12)).toMatch(/^\d{2}$/);
        expect(isValidCnpj(full)).toBe(true);
        expect(isValidCnpj(formatCnpj(full).toLowerCase())).toBe(true);
      }),
    );
  });

  it('detects a change of one character (except the mod-11 blind spots of the algorithm)', () => {
    // Blind spots, inherent to the RFB algorithm: characters whose values differ by a multiple of 11,
    // and a first check digit of 0, which stands for remainders 0 and 1 alike.
    fc.assert(
      fc.property(usable(alnumBase), fc.nat(13), fc.nat(35), (base, pos, pick) => {
        const full = completeCnpj(base);
        const alphabet = pos < 12 ? ALNUM : ALNUM.slice(0, 10);
        const ch = alphabet[pick % alphabet.length]!;
        const diff = value(ch) - value(full[pos]!);
        fc.pre(diff !== 0 && diff % 11 !== 0);
        const changed = full.slice(0, pos) + ch + full.slice(pos + 1);
        if (isValidCnpj(changed)) {
          expect(pos).toBeLessThan(12);
          expect(full[12]).toBe('0');
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('detects every change of one character when the first check digit is not 0', () => {
    fc.assert(
      fc.property(
        usable(alnumBase).filter((b) => completeCnpj(b)[12] !== '0'),
        fc.nat(13),
        fc.nat(35),
        (base, pos, pick) => {
          const full = completeCnpj(base);
          const alphabet = pos < 12 ? ALNUM : ALNUM.slice(0, 10);
          const ch = alphabet[pick % alphabet.length]!;
          const diff = value(ch) - value(full[pos]!);
          fc.pre(diff !== 0 && diff % 11 !== 0);
          expect(isValidCnpj(full.slice(0, pos) + ch + full.slice(pos + 1))).toBe(false);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
