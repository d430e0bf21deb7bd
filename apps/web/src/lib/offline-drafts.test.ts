import { describe, expect, it } from 'vitest';
import { deviceCopyIsNewer, offlineDraftKey } from './offline-drafts';

const copy = (at: string, base: string | null) => ({ values: { name: 'x' }, at, base });

describe('offline drafts', () => {
  it('are keyed by person, proposal, section and buyer', () => {
    expect(offlineDraftKey('u1', 'p1', 'data', 0)).toBe('portal:draft:u1:p1:data:0');
    expect(offlineDraftKey('u2', 'p1', 'data', 0)).not.toBe(offlineDraftKey('u1', 'p1', 'data', 0));
    expect(offlineDraftKey('u1', 'p1', 'investment', null)).toBe('portal:draft:u1:p1:investment:-');
  });

  it('replace the server copy when nothing reached the server since they were typed, whatever the clocks say', () => {
    // The device clock is 10 minutes behind the server: the copy was still typed over the server's version.
    expect(deviceCopyIsNewer(copy('2026-01-01T11:50:00Z', '2026-01-01T12:00:00Z'), '2026-01-01T12:00:00Z')).toBe(true);
    expect(deviceCopyIsNewer(copy('2026-01-01T11:50:00Z', null), null)).toBe(true);
  });

  it('give way to a newer server draft written elsewhere after them', () => {
    expect(deviceCopyIsNewer(copy('2026-01-01T12:00:00Z', '2026-01-01T11:00:00Z'), '2026-01-01T12:30:00Z')).toBe(false);
    // ...unless the device typed later still (the newest typing wins).
    expect(deviceCopyIsNewer(copy('2026-01-01T12:40:00Z', '2026-01-01T11:00:00Z'), '2026-01-01T12:30:00Z')).toBe(true);
  });
});
