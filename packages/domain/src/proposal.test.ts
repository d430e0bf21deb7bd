import { describe, expect, it } from 'vitest';
import { canTransition, PROPOSAL_STATUSES, STATUS_LABELS, STATUS_TRANSITIONS, type ProposalStatus } from './proposal';

const TERMINAL: ProposalStatus[] = ['approved', 'rejected', 'cancelled'];
const OPEN = PROPOSAL_STATUSES.filter((s) => !TERMINAL.includes(s));

describe('proposal status machine', () => {
  it.each([
    ['filling', 'under_review'],
    ['under_review', 'pending_correction'],
    ['pending_correction', 'under_review'],
    ['under_review', 'sent_to_bank'],
    ['sent_to_bank', 'approved'],
    ['sent_to_bank', 'rejected'],
  ] as const)('allows %s → %s', (from, to) => {
    expect(canTransition(from, to)).toBe(true);
  });

  it.each([
    ['filling', 'approved'],
    ['filling', 'sent_to_bank'],
    ['filling', 'pending_correction'],
    ['under_review', 'approved'],
    ['under_review', 'filling'],
    ['pending_correction', 'sent_to_bank'],
    ['sent_to_bank', 'under_review'],
    ['approved', 'rejected'],
    ['rejected', 'approved'],
    ['cancelled', 'filling'],
  ] as const)('refuses %s → %s', (from, to) => {
    expect(canTransition(from, to)).toBe(false);
  });

  it('says who takes each edge: the buyers send, the seller completes, the team reviews', () => {
    expect(canTransition('filling', 'awaiting_seller', 'buyer')).toBe(true);
    expect(canTransition('filling', 'awaiting_seller', 'operator')).toBe(false);
    expect(canTransition('awaiting_seller', 'under_review', 'seller')).toBe(true);
    expect(canTransition('awaiting_seller', 'under_review', 'buyer')).toBe(false);
    expect(canTransition('pending_correction', 'correction_answered', 'buyer')).toBe(true);
    expect(canTransition('pending_correction', 'correction_answered', 'seller')).toBe(true);
    expect(canTransition('pending_correction', 'correction_answered', 'operator')).toBe(false);
    expect(canTransition('under_review', 'pending_correction', 'buyer')).toBe(false);
    expect(canTransition('correction_answered', 'sent_to_bank', 'operator')).toBe(true);
  });

  it('never stays in place', () => {
    for (const s of PROPOSAL_STATUSES) expect(canTransition(s, s)).toBe(false);
  });

  it('any open state can be cancelled', () => {
    for (const s of OPEN) expect(canTransition(s, 'cancelled')).toBe(true);
  });

  it('approved, rejected and cancelled are terminal', () => {
    for (const from of TERMINAL) {
      expect(STATUS_TRANSITIONS[from]).toEqual([]);
      for (const to of PROPOSAL_STATUSES) expect(canTransition(from, to)).toBe(false);
    }
  });

  it('only the listed edges exist, and they lead to known statuses', () => {
    let edges = 0;
    for (const from of PROPOSAL_STATUSES)
      for (const to of PROPOSAL_STATUSES) {
        if (canTransition(from, to)) edges++;
        expect(canTransition(from, to)).toBe(STATUS_TRANSITIONS[from].includes(to));
      }
    expect(edges).toBe(19);
    for (const targets of Object.values(STATUS_TRANSITIONS))
      for (const t of targets) expect(PROPOSAL_STATUSES).toContain(t);
  });

  it('every status is reachable from filling, and every open status can reach a terminal one', () => {
    const reach = (start: ProposalStatus) => {
      const seen = new Set<ProposalStatus>([start]);
      const queue = [start];
      while (queue.length) {
        for (const n of STATUS_TRANSITIONS[queue.shift()!]) {
          if (!seen.has(n)) {
            seen.add(n);
            queue.push(n);
          }
        }
      }
      return seen;
    };
    expect([...reach('filling')].sort()).toEqual([...PROPOSAL_STATUSES].sort());
    for (const s of OPEN) expect(TERMINAL.some((t) => reach(s).has(t))).toBe(true);
  });

  it('every status has a Portuguese label', () => {
    for (const s of PROPOSAL_STATUSES) expect(STATUS_LABELS[s]).toMatch(/\S/);
  });
});
