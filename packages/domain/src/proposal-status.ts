import { STATUS_TRANSITIONS, type ProposalStatus } from './proposal';

/**
 * What each status of a proposal lets the parties do, written once for the API and the web app.
 * Forms (sections, the health declaration) are filled in while the proposal is with its parties;
 * documents are also taken while it is under review (a refused item reopens there), and that is
 * also when an operator may ask for a correction. A status with no way out is final.
 */
export const EDITABLE_STATUSES: readonly ProposalStatus[] = ['filling', 'pending_correction'];
export const OPEN_STATUSES: readonly ProposalStatus[] = ['filling', 'under_review', 'pending_correction'];
export const FINAL_STATUSES: readonly ProposalStatus[] = (Object.keys(STATUS_TRANSITIONS) as ProposalStatus[]).filter(
  (status) => STATUS_TRANSITIONS[status].length === 0,
);

/** The parties may change their forms. */
export const isEditableStatus = (status: string): boolean => (EDITABLE_STATUSES as readonly string[]).includes(status);
/** Documents are taken and corrections may be asked for. */
export const isOpenStatus = (status: string): boolean => (OPEN_STATUSES as readonly string[]).includes(status);
/** Nothing changes any more (approved, refused or cancelled). */
export const isFinalStatus = (status: string): boolean => (FINAL_STATUSES as readonly string[]).includes(status);

/** A form sent while the proposal is with the back office (409 proposal_locked). */
export const PROPOSAL_LOCKED_MESSAGE = 'A proposta está em análise e não pode ser alterada agora.';
/** A change the proposal no longer takes at all (409 proposal_closed): documents, the seller's part. */
export const PROPOSAL_CLOSED_MESSAGE = 'Esta proposta não aceita mais alterações.';
