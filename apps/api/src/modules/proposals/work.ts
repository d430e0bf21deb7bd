import type { Transaction } from 'kysely';
import type { ProposalProgress } from '@portal/domain/next-step';
import type { ProposalStatus } from '@portal/domain/proposal';
import type { ProposalFacts } from '@portal/domain/section';
import type { FinancingSettings } from '@portal/domain/financing-settings';
import type { Database, ProposalMembersTable, ProposalSectionsTable, ProposalsTable } from '../../db/schema';
import type { Executor } from '../../db/database';
import type { ProgressData } from './proposal-progress';
import type { SectionWrite } from './queries/sections';

// What a use case is handed by the proposal core's entry points (unit-of-work.ts;
// docs/decisions/059-the-proposal-core.md).

/** A proposal as one caller may see it, with its parties. */
export interface LoadedProposal {
  proposal: ProposalsTable;
  /** Buyers and sellers, by position. */
  members: ProposalMembersTable[];
  buyers: ProposalMembersTable[];
  sellers: ProposalMembersTable[];
  /** The caller's own entry (as a buyer or as a seller); null for operators. */
  me: ProposalMembersTable | null;
}

/**
 * What a use case works with (docs/decisions/059-the-proposal-core.md): the proposal as the caller
 * may see it, loaded once, and the rest of it read at most once, when first asked.
 */
export interface ProposalRead<Tx extends Executor = Executor> {
  /** The transaction of a change (or the database, for a read or a one-statement change). */
  tx: Tx;
  loaded: LoadedProposal;
  /** Every section row of the proposal, as stored (and as changed by this use case). */
  sections(): Promise<ProposalSectionsTable[]>;
  /** The financing settings in force. */
  settings(): Promise<FinancingSettings>;
  /** The proposal's facts (its sections and the financing settings in force). */
  facts(): Promise<ProposalFacts>;
  /**
   * What the progress is computed from (progressOf): what was not read yet (sections, health
   * declarations, documents' files, settings) is read in one statement (proposal-state.ts).
   */
  progressData(): Promise<ProgressData>;
  /**
   * The progress as it stands now, with this use case's changes so far, computed with the documents'
   * validity setting the core was built with (one setting for every progress and queue wait).
   */
  progress(): Promise<ProposalProgress>;
}

export interface ProposalWork<Tx extends Executor = Transaction<Database>> extends ProposalRead<Tx> {
  /** A section row this use case wrote: the progress is computed with it, without reading it back. */
  sectionWritten(row: ProposalSectionsTable): void;
  /**
   * Inserts or updates one section row (the upsert of queries/sections.ts) and counts it written;
   * the row as stored. With `oneStatement` on PostgreSQL the write waits for the change's one
   * statement, and the row given back is the one that statement stores.
   */
  writeSection(write: SectionWrite): Promise<ProposalSectionsTable>;
  /** The proposal's members changed (an invitation): its place in the operators' queue is refreshed. */
  membersChanged(): void;
  /** An audit entry, recorded after the use case and the progress, in the same transaction. */
  audit(entry: { action: string; subject: string; ip?: string | null; detail?: string | null }): void;
  /** The outbox is kicked once the transaction has committed (an e-mail was queued). */
  mailQueued(): void;
  /**
   * The health declarations or the documents changed: the progress reads them again (one
   * statement) after the use case, and is stored (with `progress`).
   */
  stateChanged(): void;
  /** The proposal's own row changed (the seller's completion): the progress is computed with it. */
  proposalChanged(patch: Partial<ProposalsTable>): void;
  /**
   * The proposal's documents' files changed (one sent, taken back or reviewed): the progress reads
   * them again and is stored, and the proposal's place in the operators' queue is refreshed.
   */
  documentsChanged(): void;
  /**
   * The proposal's status moved (already written, which moved `updated_at`): the progress is stored
   * without touching `updated_at` again, and the queue refreshed.
   */
  statusChanged(to: ProposalStatus): void;
}

export interface ChangeOptions {
  /**
   * false for a change of one statement (a draft's upsert), atomic by itself: no BEGIN/COMMIT.
   * Such a change stores no progress (it moves no step).
   */
  transaction?: boolean;
  /** Read the health declarations and documents with the sections: the use case moves a step. */
  progress?: boolean;
  /** A buyer's or the seller's change, which may answer the last correction asked (lifecycle.ts). */
  answersCorrection?: boolean;
  /** false: the percentage is stored without moving `updated_at` (the change moved it itself). */
  touch?: boolean;
  /** The client's address, recorded with the correction answered (`answersCorrection`). */
  ip?: string | null;
  /**
   * Refresh the proposal's place in the operators' queue (docs/decisions/050) after the use case
   * even when none of its changes asks for it (a correction asked, which always refreshed it).
   */
  refreshQueue?: boolean;
  /** Runs last inside the transaction (tests: a failure there must undo everything). */
  beforeCommit?: () => Promise<void>;
  /**
   * On PostgreSQL, no transaction: the use case's section write, the progress and the audit go in
   * one guarded statement, and the use case runs again when a concurrent change moved the proposal
   * (docs/decisions/059-the-proposal-core.md, "A section submit in four statements"). For a use
   * case that writes one section through `writeSection`, with `progress`, and sends nothing itself
   * (`work.tx` throws). One that moves the status (a correction answered) runs in a transaction.
   * SQLite keeps the transaction.
   */
  oneStatement?: boolean;
}
