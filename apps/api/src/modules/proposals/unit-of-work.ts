import type { Kysely, Transaction } from 'kysely';
import type { SessionUser } from '@portal/domain/auth';
import { todayIso } from '@portal/domain/dates';
import type { ValidityKind } from '@portal/domain/documents';
import { answeredMove } from '@portal/domain/lifecycle';
import type { ProposalProgress } from '@portal/domain/next-step';
import type { ProposalStatus } from '@portal/domain/proposal';
import { proposalFactsOf } from '@portal/domain/proposal-facts';
import type { ProposalFacts } from '@portal/domain/section';
import type { FinancingSettings } from '@portal/domain/financing-settings';
import type { Database, ProposalMembersTable, ProposalSectionsTable, ProposalsTable } from '../../db/schema';
import type { Executor } from '../../db/database';
import { recordAudit } from '../audit/audit';
import { refreshQueueWaits } from '../backoffice/queue-waits';
import { createFinancingRepository, settingsOf } from '../financing/financing.repository';
import { progressOf, storeProgress, type ProgressData } from './proposal-progress';
import { loadProposalState, type ProposalState } from './proposal-state';
import type { Mailer } from '../mail/outbox';
import { moveProposal } from './lifecycle';
import { fgtsPropertyInputOf } from './proposal-facts';

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
}

export interface ProposalWork<Tx extends Executor = Transaction<Database>> extends ProposalRead<Tx> {
  /** A section row this use case wrote: the progress is computed with it, without reading it back. */
  sectionWritten(row: ProposalSectionsTable): void;
  /** The proposal's members changed (an invitation): its place in the operators' queue is refreshed. */
  membersChanged(): void;
  /** An audit entry, recorded after the use case and the progress, in the same transaction. */
  audit(entry: { action: string; subject: string; ip?: string | null; detail?: string | null }): void;
  /** The outbox is kicked once the transaction has committed (an e-mail was queued). */
  mailQueued(): void;
  /**
   * The proposal's documents' files changed (one sent, taken back or reviewed): the progress reads
   * them again and is stored, and the proposal's place in the operators' queue is refreshed.
   */
  documentsChanged(): void;
  /** The proposal's status moved (already written): the progress is stored, the queue refreshed. */
  statusChanged(to: ProposalStatus): void;
  /** The progress as it stands now, with this use case's changes (for a mail that tells it). */
  progress(): Promise<ProposalProgress>;
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
  /** The documents' validity (documents.config.ts), for the progress and the queue's waits. */
  validityDays?: Record<ValidityKind, number>;
  /** false: storing the progress does not mark the proposal updated (storeProgress). */
  touch?: boolean;
  /** Runs last inside the transaction (tests: a failure there must undo everything). */
  beforeCommit?: () => Promise<void>;
}

/**
 * The proposal core's two entry points. `readProposal`: load with access → the use case. `withProposal`:
 * transaction → load the proposal with its members once → access (seenBy: a stranger gets 404) →
 * the use case → the progress, computed from the loaded data and stored → the correction answered →
 * the audit → commit → the outbox kicked. A use case holds only its own rule.
 */
export function createUnitOfWork(deps: {
  db: Kysely<Database>;
  mailer?: Mailer;
  load: (caller: SessionUser, proposalId: string, tx: Executor) => Promise<LoadedProposal>;
  loadWithState: (
    caller: SessionUser,
    proposalId: string,
    tx: Executor,
  ) => Promise<{ loaded: LoadedProposal; state: ProposalState }>;
}) {
  const financing = createFinancingRepository(deps.db);

  /** The proposal as the caller may see it, with what the progress reads when `progress` is asked. */
  async function loadFor(caller: SessionUser, proposalId: string, tx: Executor, progress?: boolean) {
    if (!progress) return readerOf(tx, await deps.load(caller, proposalId, tx));
    const { loaded, state } = await deps.loadWithState(caller, proposalId, tx);
    return readerOf(tx, loaded, state);
  }

  function readerOf(tx: Executor, loaded: LoadedProposal, state?: ProposalState) {
    let sections: ProposalSectionsTable[] | undefined = state?.sections;
    let settings: FinancingSettings | undefined = state && settingsOf(state.settings);
    let extras: Pick<ProgressData, 'declarations' | 'files'> | undefined = state && {
      declarations: state.declarations,
      files: state.files,
    };
    let filesStale = false;
    const read = {
      tx,
      loaded,
      async sections() {
        sections ??= await tx
          .selectFrom('proposal_sections')
          .selectAll()
          .where('proposal_id', '=', loaded.proposal.id)
          .execute();
        return sections;
      },
      async settings() {
        settings ??= await financing.findSettings(tx);
        return settings;
      },
      async facts() {
        return proposalFactsOf({
          proposal: fgtsPropertyInputOf(loaded.proposal),
          buyers: loaded.buyers.length,
          rows: await read.sections(),
          settings: await read.settings(),
          today: todayIso(),
        });
      },
      async progressData(): Promise<ProgressData> {
        if (!extras) {
          const state = await loadProposalState(deps.db, tx, loaded.proposal.id);
          extras = { declarations: state.declarations, files: state.files };
          sections ??= state.sections;
          settings ??= settingsOf(state.settings);
        } else if (filesStale) {
          const files = await tx
            .selectFrom('document_files')
            .select(['item', 'status', 'uploaded_at', 'review_reason', 'issued_on'])
            .where('proposal_id', '=', loaded.proposal.id)
            .execute();
          extras = { ...extras, files };
        }
        filesStale = false;
        const { proposal, members } = loaded;
        return { proposal, members, rows: sections!, settings: settings!, ...extras };
      },
      written(row: ProposalSectionsTable) {
        const rows = sections ?? [];
        const at = rows.findIndex((r) => r.section === row.section && r.buyer === row.buyer);
        sections = at < 0 ? [...rows, row] : rows.map((r, i) => (i === at ? row : r));
      },
      filesWritten() {
        filesStale = extras !== undefined;
      },
    };
    return read;
  }

  async function readProposal<T>(
    caller: SessionUser,
    proposalId: string,
    fn: (read: ProposalRead) => Promise<T>,
    options: { progress?: boolean } = {},
  ): Promise<T> {
    const { written: _w, filesWritten: _f, ...read } = await loadFor(caller, proposalId, deps.db, options.progress);
    return fn(read);
  }

  type Done<T> = Promise<{ value: T; progress: ProposalProgress | null }>;
  function withProposal<T>(
    caller: SessionUser,
    proposalId: string,
    options: ChangeOptions & { transaction: false },
    fn: (work: ProposalWork<Executor>) => Promise<T>,
  ): Done<T>;
  function withProposal<T>(
    caller: SessionUser,
    proposalId: string,
    options: ChangeOptions,
    fn: (work: ProposalWork) => Promise<T>,
  ): Done<T>;
  async function withProposal<T>(
    caller: SessionUser,
    proposalId: string,
    options: ChangeOptions,
    fn: ((work: ProposalWork<Executor>) => Promise<T>) | ((work: ProposalWork) => Promise<T>),
  ): Done<T> {
    // The work's `tx` is a transaction unless the options said `transaction: false` (the overloads).
    const useCase = fn as (work: ProposalWork<Executor>) => Promise<T>;
    let kick = false;
    const run = async (tx: Executor) => {
      const reader = await loadFor(caller, proposalId, tx, options.progress);
      const { loaded } = reader;
      let changed = false;
      let queue = false;
      const audits: Parameters<ProposalWork['audit']>[0][] = [];
      const { written, filesWritten, ...read } = reader;
      const progressNow = async () => progressOf(await reader.progressData(), { validityDays: options.validityDays });
      const value = await useCase({
        ...read,
        sectionWritten(row) {
          written(row);
          changed = true;
        },
        membersChanged: () => void (queue = true),
        audit: (entry) => void audits.push(entry),
        mailQueued: () => void (kick = true),
        documentsChanged() {
          filesWritten();
          changed = true;
          queue = true;
        },
        statusChanged(to) {
          loaded.proposal.status = to;
          changed = true;
          queue = true;
        },
        progress: progressNow,
      });
      let progress: ProposalProgress | null = null;
      if (changed && options.progress) {
        progress = await progressNow();
        await storeProgress(tx, proposalId, progress, { touch: options.touch });
        const status = loaded.proposal.status as ProposalStatus;
        const to = options.answersCorrection ? answeredMove(status, progress.steps) : null;
        if (to)
          await moveProposal(tx, {
            proposalId,
            from: 'pending_correction',
            to,
            actorId: caller.id,
            reason: 'Correção respondida.',
            action: 'proposal.correction_answered',
            ip: null,
          });
      }
      // The queue's waits move with documents, statuses and invitations only (queue-waits.ts): a
      // status move refreshes them itself (moveProposal), an invitation here.
      if (queue) await refreshQueueWaits(tx, proposalId, { validityDays: options.validityDays });
      for (const entry of audits) await recordAudit(tx, { actorId: caller.id, ...entry });
      await options.beforeCommit?.();
      return { value, progress };
    };
    const result = options.transaction === false ? await run(deps.db) : await deps.db.transaction().execute(run);
    if (kick) deps.mailer?.kick();
    return result;
  }

  return { readProposal, withProposal };
}
