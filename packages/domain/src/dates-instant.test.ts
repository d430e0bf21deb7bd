import { describe, expect, it } from 'vitest';
import { formatInstant, formatInstantDate, formatInstantTime } from './dates';

describe('formatInstant: São Paulo time whatever the machine zone', () => {
  it('writes an instant just after midnight UTC on the previous São Paulo day', () => {
    const at = '2026-03-15T02:30:00.000Z'; // 23:30 on 14/03 in São Paulo (UTC-3)
    expect(formatInstantDate(at)).toBe('14/03/2026');
    expect(formatInstantTime(at)).toBe('23:30');
    expect(formatInstant(at)).toBe('14/03/2026 23:30');
  });

  it('writes an instant just after midnight São Paulo on the new day', () => {
    const at = '2026-03-15T03:05:00.000Z';
    expect(formatInstant(at)).toBe('15/03/2026 00:05');
  });

  it('accepts a Date and epoch milliseconds alike', () => {
    const ms = Date.UTC(2026, 11, 31, 23, 59);
    expect(formatInstant(ms)).toBe('31/12/2026 20:59');
    expect(formatInstant(new Date(ms))).toBe('31/12/2026 20:59');
  });

  it('pads single digits to DD/MM/AAAA and HH:MM', () => {
    expect(formatInstant('2026-01-05T12:07:00Z')).toBe('05/01/2026 09:07');
  });
});
