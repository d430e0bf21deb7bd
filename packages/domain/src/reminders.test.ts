import { describe, expect, it } from 'vitest';
import type { Step } from './next-step';
import {
  DEFAULT_REMINDER_SETTINGS as S,
  afterQuietHours,
  decideReminder,
  isQuietTime,
  pendingLabel,
  saoPauloHour,
  type ReminderFacts,
} from './reminders';

/** São Paulo keeps UTC−3 all year (no daylight saving since 2019): 10:00 there is 13:00 UTC. */
const sp = (day: number, hour: number, minute = 0) => Date.UTC(2026, 2, day, hour + 3, minute);

const step = (over: Partial<Step>): Step => ({
  id: 'x',
  party: 'buyer',
  kind: 'section',
  key: 'data',
  buyer: 0,
  title: 'Dados gerais',
  path: '/buyer/data?buyer=1',
  state: 'todo',
  actors: [0],
  ...over,
});
const STEPS: Step[] = [
  step({ id: 'section:data:0', state: 'done' }),
  step({ id: 'section:address:0', key: 'address', title: 'Endereço', path: '/buyer/address?buyer=1' }),
  step({ id: 'section:data:1', buyer: 1, title: 'Dados gerais — Ana', actors: [1] }),
  step({ id: 'health:0', kind: 'health', key: 'health', title: 'Declaração de saúde', path: '/buyer/insurance' }),
  step({ id: 'send', kind: 'send', key: 'send', buyer: null, title: 'Enviar para análise', actors: [0] }),
  step({ id: 'section:seller-address:-', party: 'seller', key: 'seller-address', title: 'Endereço', actors: null }),
  step({ id: 'complete', party: 'seller', kind: 'complete', key: 'complete', title: 'Concluir', actors: null }),
];
const facts = (over: Partial<ReminderFacts> = {}): ReminderFacts => ({
  now: sp(5, 10),
  status: 'filling',
  viewer: { role: 'buyer', position: 0 },
  steps: STEPS,
  sentCount: 0,
  lastSentAt: null,
  lastActivityAt: sp(3, 9),
  optedOut: false,
  proposalOff: false,
  ...over,
});

describe('São Paulo quiet hours', () => {
  it('reads the hour in São Paulo, not the server’s', () => {
    expect(saoPauloHour(Date.UTC(2026, 2, 5, 1, 0))).toBe(22);
    expect(saoPauloHour(sp(5, 8))).toBe(8);
  });

  it('is quiet from 20:00 to 07:59 and open from 08:00 to 19:59', () => {
    expect(isQuietTime(sp(5, 19, 59), S)).toBe(false);
    expect(isQuietTime(sp(5, 20), S)).toBe(true);
    expect(isQuietTime(sp(5, 23, 30), S)).toBe(true);
    expect(isQuietTime(sp(6, 7, 59), S)).toBe(true);
    expect(isQuietTime(sp(6, 8), S)).toBe(false);
    expect(isQuietTime(sp(6, 3), { quietStart: 8, quietEnd: 8 })).toBe(false);
    expect(isQuietTime(sp(6, 13), { quietStart: 12, quietEnd: 14 })).toBe(true);
  });

  it('moves a night instant to 08:00 of the right day, and leaves a day instant alone', () => {
    expect(afterQuietHours(sp(5, 22), S)).toBe(sp(6, 8));
    expect(afterQuietHours(sp(6, 3, 15), S)).toBe(sp(6, 8));
    expect(afterQuietHours(sp(6, 11, 20), S)).toBe(sp(6, 11, 20));
  });
});

describe('decideReminder', () => {
  it('sends the first one 48 h after the last activity, naming the count and the next step of this person', () => {
    expect(decideReminder(facts({ now: sp(5, 8, 59) }), S)).toEqual({
      send: false,
      reason: 'not_yet',
      dueAt: sp(5, 9),
    });
    const d = decideReminder(facts({ now: sp(5, 9) }), S);
    expect(d).toMatchObject({ send: true, next: { id: 'section:address:0' }, pending: 3 });
    // The second buyer counts only what they may do.
    expect(decideReminder(facts({ viewer: { role: 'buyer', position: 1 } }), S)).toMatchObject({
      send: true,
      next: { id: 'section:data:1' },
      pending: 1,
    });
  });

  it('waits 48 h after the previous one and after the last activity, and stops at 3', () => {
    const after = (over: Partial<ReminderFacts>) => decideReminder(facts(over), S);
    expect(after({ sentCount: 1, lastSentAt: sp(5, 9), now: sp(7, 8, 59) })).toMatchObject({
      send: false,
      reason: 'not_yet',
      dueAt: sp(7, 9),
    });
    expect(after({ sentCount: 1, lastSentAt: sp(5, 9), now: sp(7, 9) }).send).toBe(true);
    // Active again after the reminder: 48 h from that activity.
    expect(after({ sentCount: 1, lastSentAt: sp(5, 9), lastActivityAt: sp(6, 12), now: sp(7, 9) })).toMatchObject({
      reason: 'not_yet',
      dueAt: sp(8, 12),
    });
    expect(after({ sentCount: 3, lastSentAt: sp(5, 9), now: sp(20, 10) })).toEqual({
      send: false,
      reason: 'max_reached',
    });
  });

  it('never sends in the quiet hours: one due at 22:00 waits until 08:00', () => {
    expect(decideReminder(facts({ lastActivityAt: sp(3, 22), now: sp(5, 22) }), S)).toEqual({
      send: false,
      reason: 'quiet_hours',
      dueAt: sp(6, 8),
    });
    expect(decideReminder(facts({ lastActivityAt: sp(3, 22), now: sp(5, 21) }), S)).toMatchObject({
      reason: 'not_yet',
      dueAt: sp(6, 8),
    });
    expect(decideReminder(facts({ lastActivityAt: sp(3, 22), now: sp(6, 8) }), S).send).toBe(true);
  });

  it('follows each party’s part: the buyers’ closes once sent, the seller’s stays open while the proposal waits for him', () => {
    const seller = { role: 'seller' } as const;
    for (const status of ['awaiting_seller', 'under_review', 'correction_answered', 'approved'] as const)
      expect(decideReminder(facts({ status }), S)).toEqual({ send: false, reason: 'part_closed' });
    expect(decideReminder(facts({ status: 'pending_correction' }), S).send).toBe(true);
    expect(decideReminder(facts({ status: 'awaiting_seller', viewer: seller }), S)).toMatchObject({
      send: true,
      next: { id: 'section:seller-address:-' },
      pending: 2,
    });
    expect(decideReminder(facts({ status: 'under_review', viewer: seller }), S).send).toBe(false);
  });

  it('sends nothing to a person with nothing to do, opted out, on a proposal turned off, or when switched off', () => {
    const done = STEPS.map((s) =>
      s.party === 'seller' && s.kind !== 'complete' ? { ...s, state: 'done' as const } : s,
    );
    // The seller's closing step is theirs to do once every other seller step is done.
    expect(decideReminder(facts({ viewer: { role: 'seller' }, steps: done }), S)).toMatchObject({
      send: true,
      next: { id: 'complete' },
    });
    const allDone = STEPS.map((s) => ({ ...s, state: 'done' as const }));
    expect(decideReminder(facts({ steps: allDone }), S)).toEqual({ send: false, reason: 'nothing_to_do' });
    expect(decideReminder(facts({ optedOut: true }), S)).toEqual({ send: false, reason: 'opted_out' });
    expect(decideReminder(facts({ proposalOff: true }), S)).toEqual({ send: false, reason: 'proposal_off' });
    expect(decideReminder(facts(), { ...S, enabled: false })).toEqual({ send: false, reason: 'disabled' });
  });

  it('words the count', () => {
    expect(pendingLabel(1)).toBe('1 etapa');
    expect(pendingLabel(4)).toBe('4 etapas');
  });
});
