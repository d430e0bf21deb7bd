import { PostgresAdapter, type Kysely } from 'kysely';
import type { SessionUser } from '@portal/domain/auth';
import { todayIso } from '@portal/domain/dates';
import { answeredMove } from '@portal/domain/lifecycle';
import type { ProposalProgress } from '@portal/domain/next-step';
import type { ProposalStatus } from '@portal/domain/proposal';
import { proposalFactsOf } from '@portal/domain/proposal-facts';
import type { ValidityKind } from '@portal/domain/documents';
import type { FinancingSettings } from '@portal/domain/financing-settings';
import type { Database, ProposalSectionsTable } from '../../db/schema';
import type { Executor } from '../../db/database';
import { HttpError } from '../../errors';
import { auditRow, recordAudit } from '../audit/audit';
import { progressOf, storeProgress, type ProgressData } from './proposal-progress';
import { loadDeclarationsAndFiles, loadProposalState, type ProposalState } from './proposal-state';
import { refreshQueueWaits } from './queue-waits';
import { findFinancingSettings, settingsOf } from './settings';
import type { Mailer } from '../mail/outbox';
import { moveProposal } from './lifecycle';
import { fgtsPropertyInputOf } from './proposal-facts';
import {
  createSectionsRepository,
  sectionAfterWrite,
  writeSectionGuarded,
  type SectionWrite,
} from './queries/sections';

/** A one-statement change whose guard kept failing (concurrent changes): 409, nothing written. */
export const CHANGED_WHILE_SAVING = 'A proposta mudou enquanto você salvava. Recarregue a página e tente de novo.';
/** How many times a one-statement change runs before giving up (docs/decisions/059-the-proposal-core.md). */
const GUARDED_ATTEMPTS = 3;

export type { ChangeOptions, LoadedProposal, ProposalRead, ProposalWork } from './work';
import type { ChangeOptions, LoadedProposal, ProposalRead, ProposalWork } from './work';

/**
 * The proposal core's two entry points. `readProposal`: load with access → the use case. `withProposal`:
 * transaction → load the proposal with its members once → access (seenBy: a stranger gets 404) →
 * the use case → the progress, computed from the loaded data and stored → the correction answered →
 * the audit → commit → the outbox kicked. A use case holds only its own rule.
 */
export function createUnitOfWork(deps: {
  db: Kysely<Database>;
  mailer?: Mailer;
  /** The documents' validity: every progress and queue wait below is computed with it. */
  validityDays: Record<ValidityKind, number>;
  load: (caller: SessionUser, proposalId: string, tx: Executor) => Promise<LoadedProposal>;
  loadWithState: (
    caller: SessionUser,
    proposalId: string,
    tx: Executor,
  ) => Promise<{ loaded: LoadedProposal; state: ProposalState }>;
}) {
  const sectionRows = createSectionsRepository(deps.db);
  const postgres = deps.db.getExecutor().adapter instanceof PostgresAdapter;
  const { validityDays } = deps;

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
    const read = {
      tx,
      loaded,
      async sections() {
        sections ??= await sectionRows.findSections(loaded.proposal.id, tx);
        return sections;
      },
      async settings() {
        settings ??= await findFinancingSettings(tx);
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
        if (!extras && sections && settings) {
          // Only what a use case changed (stale) is read again: the sections and settings are known.
          extras = await loadDeclarationsAndFiles(deps.db, tx, loaded.proposal.id);
        } else if (!extras) {
          const state = await loadProposalState(deps.db, tx, loaded.proposal.id);
          extras = { declarations: state.declarations, files: state.files };
          sections ??= state.sections;
          settings ??= settingsOf(state.settings);
        }
        const { proposal, members } = loaded;
        return { proposal, members, rows: sections!, settings: settings!, ...extras };
      },
      async progress() {
        return progressOf(await read.progressData(), { validityDays });
      },
      /** Forgets the declarations and files read so far: progressData reads them again. */
      stale() {
        extras = undefined;
      },
      written(row: ProposalSectionsTable) {
        const rows = sections ?? [];
        const at = rows.findIndex((r) => r.section === row.section && r.buyer === row.buyer);
        sections = at < 0 ? [...rows, row] : rows.map((r, i) => (i === at ? row : r));
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
    const { written: _w, stale: _s, ...read } = await loadFor(caller, proposalId, deps.db, options.progress);
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
      let queue = options.refreshQueue === true;
      // The status write moved `updated_at` itself (statusChanged): the progress is stored without it.
      let moved = false;
      const audits: Parameters<ProposalWork['audit']>[0][] = [];
      const { written, stale, ...read } = reader;
      const stateChanged = () => {
        stale();
        changed = true;
      };
      const value = await useCase({
        ...read,
        sectionWritten(row) {
          written(row);
          changed = true;
        },
        async writeSection(write) {
          const row = await sectionRows.upsertSection(write, tx);
          written(row);
          changed = true;
          return row;
        },
        membersChanged: () => void (queue = true),
        audit: (entry) => void audits.push(entry),
        mailQueued: () => void (kick = true),
        stateChanged,
        proposalChanged(patch) {
          Object.assign(loaded.proposal, patch);
          changed = true;
        },
        documentsChanged() {
          stateChanged();
          queue = true;
        },
        statusChanged(to) {
          loaded.proposal.status = to;
          changed = true;
          queue = true;
          moved = true;
        },
      });
      let progress: ProposalProgress | null = null;
      if (changed && options.progress) {
        progress = await read.progress();
        await storeProgress(tx, proposalId, progress, { touch: moved ? false : options.touch });
        const status = loaded.proposal.status as ProposalStatus;
        const to = options.answersCorrection ? answeredMove(status, progress.steps) : null;
        if (
          to &&
          (await moveProposal(tx, {
            proposalId,
            from: 'pending_correction',
            to,
            actorId: caller.id,
            reason: 'Correção respondida.',
            action: 'proposal.correction_answered',
            ip: options.ip ?? null,
          }))
        ) {
          // The progress with the status it moved to, stored without touching `updated_at` again.
          loaded.proposal.status = to;
          const after = await read.progress();
          if (after.percent !== progress.percent) await storeProgress(tx, proposalId, after, { touch: false });
          progress = after;
          queue = true;
        }
      }
      // The queue's waits move with documents, statuses and invitations only (queue-waits.ts).
      if (queue) await refreshQueueWaits(tx, proposalId, { validityDays });
      for (const entry of audits) await recordAudit(tx, { actorId: caller.id, ...entry });
      await options.beforeCommit?.();
      return { value, progress };
    };
    if (options.oneStatement && options.progress && postgres) {
      for (let attempt = 1; ; attempt++) {
        const outcome = await runGuarded(caller, proposalId, options, useCase);
        if (outcome === 'transaction') break;
        if (outcome !== 'retry') return outcome;
        if (attempt === GUARDED_ATTEMPTS) throw new HttpError(409, 'conflict', CHANGED_WHILE_SAVING);
      }
    }
    const result = options.transaction === false ? await run(deps.db) : await deps.db.transaction().execute(run);
    if (kick) deps.mailer?.kick();
    return result;
  }

  /**
   * One run of a `oneStatement` change on PostgreSQL: the load (one statement, its own snapshot), the
   * use case, which sends nothing, then its write, the progress and the audit in one guarded
   * statement. 'retry': the guard failed, nothing was written. 'transaction': the change is not one
   * statement after all (no section written, or it answers the correction: a status move), and
   * nothing was written either, so the use case runs again in a transaction.
   */
  async function runGuarded<T>(
    caller: SessionUser,
    proposalId: string,
    options: ChangeOptions,
    useCase: (work: ProposalWork<Executor>) => Promise<T>,
  ): Promise<{ value: T; progress: ProposalProgress } | 'retry' | 'transaction'> {
    const reader = await loadFor(caller, proposalId, deps.db, true);
    const { written, stale: _s, ...read } = reader;
    const { proposal } = reader.loaded;
    const now = Date.now();
    let pending: { write: SectionWrite; row: ProposalSectionsTable } | undefined;
    const audits: Parameters<ProposalWork['audit']>[0][] = [];
    const refused = (what: string) => () => {
      throw new Error(`${what}: a one-statement change (oneStatement) writes through writeSection and audit only`);
    };
    const value = await useCase({
      ...read,
      get tx(): Executor {
        return refused('work.tx')();
      },
      sectionWritten: refused('sectionWritten'),
      membersChanged: refused('membersChanged'),
      mailQueued: refused('mailQueued'),
      stateChanged: refused('stateChanged'),
      proposalChanged: refused('proposalChanged'),
      documentsChanged: refused('documentsChanged'),
      statusChanged: refused('statusChanged'),
      audit: (entry) => void audits.push(entry),
      async writeSection(write) {
        if (pending) refused('a second writeSection')();
        const existing = (await read.sections()).find((r) => r.section === write.section && r.buyer === write.buyer);
        pending = { write, row: sectionAfterWrite(write, existing, now) };
        written(pending.row);
        return pending.row;
      },
    });
    if (!pending) return 'transaction';
    const progress = await read.progress();
    const status = proposal.status as ProposalStatus;
    if (options.answersCorrection && answeredMove(status, progress.steps)) return 'transaction';
    await options.beforeCommit?.();
    const stored = await writeSectionGuarded(deps.db, {
      proposal: {
        id: proposalId,
        status,
        loadedAt: proposal.updated_at,
        fillingStatus: progress.percent,
        // Strictly later than the loaded value, so a change within the same millisecond still fails the guard.
        updatedAt: Math.max(now, proposal.updated_at + 1),
      },
      ...pending,
      audits: audits.map((entry) => auditRow({ actorId: caller.id, ...entry })),
    });
    return stored ? { value, progress } : 'retry';
  }

  return { readProposal, withProposal };
}
