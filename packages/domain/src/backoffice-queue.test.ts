import { describe, expect, it } from 'vitest';
import { waitingDays, waitingText } from './backoffice-queue';

/** São Paulo is UTC−3 all year (no daylight saving since 2019). */
const sp = (iso: string) => Date.parse(`${iso}-03:00`);

describe('waiting days: calendar days at São Paulo midnight', () => {
  it('is 0 the same day, whatever the hours between', () => {
    expect(waitingDays(sp('2026-06-01T00:01:00'), sp('2026-06-01T23:59:00'))).toBe(0);
  });
  it('turns at São Paulo midnight, not after 24 hours nor at UTC midnight', () => {
    expect(waitingDays(sp('2026-06-01T23:50:00'), sp('2026-06-02T00:10:00'))).toBe(1);
    // 22:00 and 23:00 in São Paulo are already the next day in UTC: still the same day here.
    expect(waitingDays(sp('2026-06-01T20:00:00'), sp('2026-06-01T22:30:00'))).toBe(0);
  });
  it('counts weekends and holidays (calendar days), and never goes below 0', () => {
    expect(waitingDays(sp('2026-06-05T17:00:00'), sp('2026-06-08T09:00:00'))).toBe(3);
    expect(waitingDays(sp('2026-06-02T10:00:00'), sp('2026-06-01T10:00:00'))).toBe(0);
  });
  it('says it in words', () => {
    expect(waitingText(0)).toBe('aguardando há 0 dias');
    expect(waitingText(1)).toBe('aguardando há 1 dia');
    expect(waitingText(12)).toBe('aguardando há 12 dias');
  });
});
