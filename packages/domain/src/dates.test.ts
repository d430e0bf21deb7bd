import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ageOn, formatBrDate, isIsoDate, parseBrDate, todayIso } from './dates';

describe('parseBrDate', () => {
  it('turns DD/MM/AAAA into ISO', () => {
    expect(parseBrDate('25/12/1990')).toBe('1990-12-25');
    expect(parseBrDate(' 01/01/2000 ')).toBe('2000-01-01');
  });
  it.each([
    ['31/02', '31/02/2024'],
    ['30/02', '30/02/2024'],
    ['31/04', '31/04/2023'],
    ['29/02 outside a leap year', '29/02/2023'],
    ['29/02/1900 (not leap: divisible by 100)', '29/02/1900'],
    ['29/02/2100', '29/02/2100'],
    ['day 0', '00/01/2020'],
    ['month 0', '10/00/2020'],
    ['month 13', '10/13/2020'],
    ['day 32', '32/01/2020'],
    ['before 1900', '31/12/1899'],
    ['one-digit day', '1/01/2020'],
    ['two-digit year', '01/01/20'],
    ['ISO given', '2020-01-01'],
    ['hyphens', '01-01-2020'],
    ['empty', ''],
  ])('refuses %s', (_, text) => {
    expect(parseBrDate(text)).toBeNull();
  });
  it.each(['29/02/2024', '29/02/2000', '29/02/1904', '31/01/2023', '30/04/2023', '31/12/1900'])(
    'accepts %s',
    (text) => {
      expect(parseBrDate(text)).not.toBeNull();
    },
  );
});

describe('isIsoDate', () => {
  it('accepts real days and refuses others', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2023-02-31')).toBe(false);
    expect(isIsoDate('2023-2-3')).toBe(false);
    expect(isIsoDate('2023-02-03T00:00:00Z')).toBe(false);
    expect(isIsoDate('x2023-02-03')).toBe(false);
    expect(isIsoDate('12023-02-03')).toBe(false);
  });
});

describe('formatBrDate', () => {
  it('shows an ISO date (or timestamp) as DD/MM/AAAA', () => {
    expect(formatBrDate('1990-12-25')).toBe('25/12/1990');
    expect(formatBrDate('1990-12-25T10:00:00.000Z')).toBe('25/12/1990');
  });
  it('leaves anything else as it is', () => {
    expect(formatBrDate('ontem')).toBe('ontem');
    expect(formatBrDate('x1990-12-25')).toBe('x1990-12-25');
  });
});

describe('round trip (property)', () => {
  const day = fc
    .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2199-12-31T00:00:00Z'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10));

  it('parseBrDate(formatBrDate(iso)) gives back every real day', () => {
    fc.assert(
      // A predicate, not expect() per run: 3 000 runs stay fast; fast-check prints the failing day.
      fc.property(
        day,
        (iso) =>
          isIsoDate(iso) && /^\d{2}\/\d{2}\/\d{4}$/.test(formatBrDate(iso)) && parseBrDate(formatBrDate(iso)) === iso,
      ),
      { numRuns: 3000 },
    );
  });

  it('any DD/MM/AAAA either is refused or is a real day that formats back to the same text', () => {
    const two = (n: number) => String(n).padStart(2, '0');
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 35 }),
        fc.integer({ min: 0, max: 14 }),
        fc.integer({ min: 1890, max: 2210 }),
        (d, m, y) => {
          const text = `${two(d)}/${two(m)}/${y}`;
          const iso = parseBrDate(text);
          const real = y >= 1900 && m >= 1 && m <= 12 && d >= 1 && new Date(Date.UTC(y, m - 1, d)).getUTCDate() === d;
          expect(iso !== null).toBe(real);
          if (iso) expect(formatBrDate(iso)).toBe(text);
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe('ageOn', () => {
  it('counts full years', () => {
    expect(ageOn('2000-05-10', '2018-05-09')).toBe(17);
    expect(ageOn('2000-05-10', '2018-05-10')).toBe(18);
    expect(ageOn('2000-05-10', '2018-05-11')).toBe(18);
    expect(ageOn('2000-05-10', '2018-04-30')).toBe(17);
    expect(ageOn('2000-05-10', '2018-06-01')).toBe(18);
    expect(ageOn('1990-01-01', '1990-01-01')).toBe(0);
  });
  it('a leap-day birthday turns 18 on 1 March of a common year', () => {
    expect(ageOn('2004-02-29', '2022-02-28')).toBe(17);
    expect(ageOn('2004-02-29', '2022-03-01')).toBe(18);
    expect(ageOn('2004-02-29', '2024-02-29')).toBe(20);
  });
});

describe('todayIso', () => {
  it('is the AAAA-MM-DD of the given instant', () => {
    expect(todayIso(new Date('2026-03-15T12:00:00Z'))).toBe('2026-03-15');
    expect(todayIso()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
  it('is the date in Brasília, not in UTC', () => {
    // 22:30 on 15 March in São Paulo is already 16 March in UTC.
    expect(todayIso(new Date('2026-03-15T22:30:00-03:00'))).toBe('2026-03-15');
    expect(todayIso(new Date('2026-03-16T00:30:00-03:00'))).toBe('2026-03-16');
    expect(todayIso(new Date('2026-12-31T23:59:59-03:00'))).toBe('2026-12-31');
  });
});
