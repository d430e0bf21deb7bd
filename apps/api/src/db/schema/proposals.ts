/**
 * The proposal aggregate (proposal, members, sections) and what the back office keeps about it.
 * Timestamps are epoch milliseconds (bigint on PostgreSQL, parsed to number; integer on SQLite).
 */

export interface ProposalsTable {
  id: string;
  code: string;
  type: 'financing' | 'cgi';
  status: string;
  stage: string;
  filling_status: number;
  /** JSON text (propertySchema). */
  property: string;
  /** JSON text (financingOrCgiDataSchema). */
  financing: string;
  created_at: number;
  updated_at: number;
  /** When the seller marked their part complete (migration 0007_seller); null until then. */
  seller_completed_at: number | null;
  /** financing.insuranceCompanyName, kept as a column for the back office's filter (migration 0005_backoffice). */
  insurer: string | null;
  /** Purchase price and appraisal value (centavos) and effective annual rate (basis points), entered
   * by the back office (migration 0140_financing_values); null until entered. */
  property_value: number | null;
  appraisal_value: number | null;
  interest_rate_bp: number | null;
  /** The operator responsible for the proposal ("Assumir"), and since when (migration 0172); null: nobody. */
  owner_id: string | null;
  owner_since: number | null;
  /** The oldest of its proposal_waits (the queue's order); null when nothing waits on the team. */
  waiting_since: number | null;
  waiting_reason: string | null;
}

/** One reason a proposal waits on the team, since when, and its responsible (a copy of proposals.owner_id). */
export interface ProposalWaitsTable {
  proposal_id: string;
  /** QueueReason (packages/domain/src/backoffice-queue.ts). */
  reason: string;
  since: number;
  owner_id: string | null;
}

export interface ProposalMembersTable {
  id: string;
  proposal_id: string;
  user_id: string | null;
  role: 'buyer' | 'seller';
  /** Buyers: 0 main, 1 second. Sellers: order of invitation. */
  position: number;
  name: string;
  email: string;
  cpf: string | null;
  created_at: number;
}

export interface ProposalSectionsTable {
  id: string;
  proposal_id: string;
  section: string;
  /** Buyer position (0 main, 1 second); -1 for sections of the whole proposal. */
  buyer: number;
  /** JSON text of the form values as typed (not validated beyond their shape). */
  draft: string | null;
  draft_updated_at: number | null;
  /** JSON text of the last submitted, fully validated values. */
  data: string | null;
  submitted_at: number | null;
  status: 'todo' | 'in_progress' | 'done' | 'rejected';
  review_note: string | null;
  updated_by: string | null;
  updated_at: number;
  version: number;
}

/** Search terms of a proposal (code, CPFs, name words), matched by prefix (docs/decisions/007). */
export interface ProposalSearchTable {
  term: string;
  proposal_id: string;
}

/** Status, stage and correction history of a proposal: who, when, why, and who may read it. */
export interface ProposalHistoryTable {
  id: string;
  proposal_id: string;
  at: number;
  actor_id: string | null;
  kind: 'created' | 'status' | 'stage' | 'correction';
  from_value: string | null;
  to_value: string | null;
  reason: string | null;
  /** Comma-separated parties that see the entry ('buyer', 'seller'); operators see all. */
  audience: string;
  /** Correction entries: the section key and buyer position, e.g. 'data:1' or 'investment'. */
  section: string | null;
}

/** One version of an internal note of the team on a proposal (operators only; docs/decisions/051). */
export interface ProposalNotesTable {
  id: string;
  /** The note this version belongs to: every version of a note shares it. */
  note_id: string;
  proposal_id: string;
  /** 1 for the first text, +1 for each edit. */
  version: number;
  text: string;
  author_id: string;
  at: number;
}

/** Last sequence number used per code series ('PF-2026-'). */
export interface ProposalCodeCountersTable {
  prefix: string;
  last: number;
}
