import { describe, expect, it } from 'vitest';
import { PROPOSAL_STATUSES } from './proposal';
import {
  EDITABLE_STATUSES,
  FINAL_STATUSES,
  isEditableStatus,
  isFinalStatus,
  isOpenStatus,
  OPEN_STATUSES,
  PROPOSAL_CLOSED_MESSAGE,
  PROPOSAL_LOCKED_MESSAGE,
} from './proposal-status';

describe('what each status lets the parties do', () => {
  it('lets the forms change while the proposal is with its parties', () => {
    expect(EDITABLE_STATUSES).toEqual(['filling', 'pending_correction']);
    expect(PROPOSAL_STATUSES.filter(isEditableStatus)).toEqual(['filling', 'pending_correction']);
  });

  it('takes documents and corrections also while under review', () => {
    const open = ['filling', 'awaiting_seller', 'under_review', 'pending_correction', 'correction_answered'];
    expect(OPEN_STATUSES).toEqual(open);
    expect(PROPOSAL_STATUSES.filter(isOpenStatus)).toEqual(open);
  });

  it('knows the final statuses from the status machine (no way out)', () => {
    expect(FINAL_STATUSES).toEqual(['approved', 'rejected', 'cancelled']);
    expect(PROPOSAL_STATUSES.filter(isFinalStatus)).toEqual(['approved', 'rejected', 'cancelled']);
    expect(isFinalStatus('sent_to_bank')).toBe(false);
  });

  it('answers false for a status it does not know', () => {
    expect(isEditableStatus('archived')).toBe(false);
    expect(isOpenStatus('')).toBe(false);
    expect(isFinalStatus('unknown')).toBe(false);
  });

  it('says in Portuguese why a change is refused', () => {
    expect(PROPOSAL_LOCKED_MESSAGE).toBe('A proposta está em análise e não pode ser alterada agora.');
    expect(PROPOSAL_CLOSED_MESSAGE).toBe('Esta proposta não aceita mais alterações.');
  });
});
