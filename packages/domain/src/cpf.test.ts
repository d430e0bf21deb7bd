import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { completeCpf, formatCpf, isValidCpf, maskCpf } from './cpf';

const nineDigits = fc.stringMatching(/^\d{9}$/).filter((d) => !/^(\d)\1{8}$/.test(d));

describe('isValidCpf', () => {
  it.each(['52998224725', '529.982.247-25', '111.444.777-35', '11144477735', ' 529.982.247-25 '])('accepts %s', (v) => {
    expect(isValidCpf(v)).toBe(true);
  });

  it.each([
    ['wrong first check digit', '529.982.247-35'],
    ['wrong second check digit', '529.982.247-24'],
    ['swapped digits', '259.982.247-25'],
    ['10 digits', '5299822472'],
    ['12 digits', '529982247250'],
    ['empty', ''],
    ['letters only', 'abc.def.ghi-jk'],
  ])('refuses %s', (_, v) => {
    expect(isValidCpf(v)).toBe(false);
  });

  it('refuses every CPF of repeated digits, although their check digits add up', () => {
    for (let d = 0; d <= 9; d++) {
      const repeated = String(d).repeat(11);
      // 000.000.000-00, 111.111.111-11, … pass the mod-11 arithmetic: only the explicit rule refuses them.
      expect(completeCpf(String(d).repeat(9))).toBe(repeated);
      expect(isValidCpf(repeated)).toBe(false);
      expect(isValidCpf(formatCpf(repeated))).toBe(false);
    }
  });
});

describe('formatCpf', () => {
  it('masks a full CPF', () => {
    expect(formatCpf('52998224725')).toBe('529.982.247-25');
  });
  it('is idempotent on a masked CPF', () => {
    expect(formatCpf('529.982.247-25')).toBe('529.982.247-25');
  });
  it.each([
    ['', ''],
    ['5', '5'],
    ['529', '529'],
    ['5299', '529.9'],
    ['529982', '529.982'],
    ['5299822', '529.982.2'],
    ['529982247', '529.982.247'],
    ['5299822472', '529.982.247-2'],
    ['529982247251234', '529.982.247-25'],
  ])('masks partial input %j as %j (as a person types)', (input, masked) => {
    expect(formatCpf(input)).toBe(masked);
  });
});

describe('maskCpf', () => {
  it('hides the first three and the check digits', () => {
    expect(maskCpf('52998224725')).toBe('***.982.247-**');
    expect(maskCpf('529.982.247-25')).toBe('***.982.247-**');
  });
  it('leaves incomplete input as formatted', () => {
    expect(maskCpf('5299')).toBe('529.9');
  });
});

describe('completeCpf', () => {
  it('computes the check digits of known CPFs', () => {
    expect(completeCpf('529982247')).toBe('52998224725');
    expect(completeCpf('111444777')).toBe('11144477735');
  });

  it('gives a valid CPF for any 9 digits that are not all equal (property)', () => {
    fc.assert(
      fc.property(nineDigits, (base) => {
        const cpf = completeCpf(base);
        expect(cpf).toMatch(/^\d{11}$/);
        expect(cpf.startsWith(base)).toBe(true);
        expect(isValidCpf(cpf)).toBe(true);
        expect(isValidCpf(formatCpf(cpf))).toBe(true);
      }),
    );
  });

  it('detects any change of one digit, except where the mod-11 rule writes a remainder of 10 as 0 (property)', () => {
    // A substitution always changes the first weighted sum mod 11; the check digit can only stay the
    // same when the remainder moves between 0 and 10, both written 0. So a changed CPF can only
    // still be valid when a base digit changed and the first check digit is 0.
    fc.assert(
      fc.property(nineDigits, fc.nat(10), fc.integer({ min: 1, max: 9 }), (base, pos, delta) => {
        const cpf = completeCpf(base);
        const changed = cpf.slice(0, pos) + String((Number(cpf[pos]) + delta) % 10) + cpf.slice(pos + 1);
        expect(changed).not.toBe(cpf);
        if (isValidCpf(changed)) {
          expect(pos).toBeLessThan(9);
          expect(cpf[9]).toBe('0');
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('detects every change of one digit when the first check digit is not 0 (property)', () => {
    fc.assert(
      fc.property(
        nineDigits.filter((b) => completeCpf(b)[9] !== '0'),
        fc.nat(10),
        fc.integer({ min: 1, max: 9 }),
        (base, pos, delta) => {
          const cpf = completeCpf(base);
          const changed = cpf.slice(0, pos) + String((Number(cpf[pos]) + delta) % 10) + cpf.slice(pos + 1);
          expect(isValidCpf(changed)).toBe(false);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
