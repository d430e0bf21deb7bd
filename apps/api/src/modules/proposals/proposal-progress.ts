import type { Kysely, Transaction } from 'kysely';
import { todayIso } from '@portal/domain/dates';
import { DEFAULT_VALIDITY_DAYS, deriveDocumentItems, itemState, type ValidityKind } from '@portal/domain/documents';
import type { FinancingSettings } from '@portal/domain/financing-settings';
import { proposalProgress, type ProgressInput, type ProposalProgress } from '@portal/domain/next-step';
import type { ProposalStatus } from '@portal/domain/proposal';
import { ALL_SECTIONS, type AnySection } from '@portal/domain/sections-registry';
import { FGTS_STEPS } from '@portal/domain/fgts-steps';
import type {
  Database,
  DocumentFilesTable,
  ProposalMembersTable,
  ProposalSectionsTable,
  ProposalsTable,
} from '../../db/schema';
import { proposalFactsOf, storedPosition, type StoredSection } from '@portal/domain/proposal-facts';
import { fgtsPropertyInputOf } from './proposal-facts';
import { refreshQueueWaits } from './queue-waits';
import { findFinancingSettings } from './settings';

type Db = Kysely<Database> | Transaction<Database>;

/** The FGTS forms the eligibility questions open (every FGTS step but the questions themselves). */
const FGTS_FORM_KEYS = new Set<string>(FGTS_STEPS.filter((s) => s.key !== 'fgts_questions').map((s) => s.key));

/**
 * Everything the derived "what is next" reads of one proposal: the proposal with its members, its
 * sections, the health declarations, the documents' files and the financing settings in force.
 * The unit of work (proposals/unit-of-work.ts) holds these once loaded; progressOf computes from
 * them without reading again.
 */
export interface ProgressData {
  proposal: ProposalsTable;
  members: readonly Pick<ProposalMembersTable, 'role' | 'position' | 'name' | 'user_id'>[];
  rows: readonly (StoredSection & { status: ProposalSectionsTable['status'] })[];
  declarations: readonly { buyer: number; completed: number }[];
  files: readonly Pick<DocumentFilesTable, 'item' | 'status' | 'uploaded_at' | 'review_reason' | 'issued_on'>[];
  settings: FinancingSettings;
}

type ProgressOptions = { validityDays?: Record<ValidityKind, number>; now?: number };

/** The health declarations and the documents' files of a proposal (what ProgressData adds to its sections). */
async function loadProgressExtras(db: Db, proposalId: string) {
  const [declarations, files] = await Promise.all([
    db
      .selectFrom('insurance_declarations')
      .select(['buyer', 'completed'])
      .where('proposal_id', '=', proposalId)
      .execute(),
    db
      .selectFrom('document_files')
      .select(['item', 'status', 'uploaded_at', 'review_reason', 'issued_on'])
      .where('proposal_id', '=', proposalId)
      .execute(),
  ]);
  return { declarations, files };
}

/** A proposal's derived progress from its loaded data: no statement. */
export function progressOf(data: ProgressData, options: ProgressOptions = {}): ProposalProgress {
  const { proposal, rows } = data;
  const buyers = data.members.filter((m) => m.role === 'buyer').sort((a, b) => a.position - b.position);
  const facts = proposalFactsOf({
    proposal: fgtsPropertyInputOf(proposal),
    buyers: buyers.length,
    rows,
    settings: data.settings,
    today: todayIso(),
  });
  const sections: ProgressInput['sections'][number][] = [];
  // A property the FGTS rules refuse closes the FGTS forms whatever the buyers answer: they can never
  // be needed, so they are no step at all (not "to do until the questions are answered").
  const fgtsClosedByProperty = facts.fgtsPropertyRules.some((rule) => rule.status === 'fail');
  for (const def of ALL_SECTIONS as readonly AnySection[]) {
    if (fgtsClosedByProperty && FGTS_FORM_KEYS.has(def.key)) continue;
    const positions = def.scope === 'buyer' ? buyers.map((b) => b.position) : [null];
    for (const buyer of positions) {
      const row = rows.find((r) => r.section === def.key && r.buyer === storedPosition(buyer));
      sections.push({
        key: def.key,
        title: def.title,
        buyer,
        status: row?.status ?? 'todo',
        required: def.required?.(facts, buyer) ?? true,
      });
    }
  }
  const validity = options.validityDays ?? DEFAULT_VALIDITY_DAYS;
  const now = options.now ?? Date.now();
  const documents = deriveDocumentItems(facts).map((item) => ({
    uploader: item.uploader,
    state: itemState(
      data.files
        .filter((f) => f.item === item.key)
        .map((f) => ({
          status: f.status,
          uploadedAt: f.uploaded_at,
          reviewReason: f.review_reason,
          issuedOn: f.issued_on,
        })),
      item.validity ? validity[item.validity] : null,
      now,
    ).state,
  }));
  const sellerSectionsDone = sections
    .filter(
      (s) => s.required && (ALL_SECTIONS as readonly AnySection[]).find((d) => d.key === s.key)?.scope === 'seller',
    )
    .every((s) => s.status === 'done');
  return proposalProgress({
    proposalId: proposal.id,
    status: proposal.status as ProposalStatus,
    buyers: buyers.map((b) => ({ position: b.position, name: b.name, hasAccount: b.user_id !== null })),
    sections,
    health: data.declarations.map((d) => ({ buyer: d.buyer, completed: d.completed === 1 })),
    documents,
    sellerDone: proposal.seller_completed_at !== null && sellerSectionsDone,
  });
}

/**
 * A proposal's progress read from the database (progressOf on what it reads). Null for a proposal
 * that does not exist. The caller checks who may see it.
 */
export async function loadProposalProgress(
  db: Db,
  proposalId: string,
  options: ProgressOptions = {},
): Promise<ProposalProgress | null> {
  const proposal = await db.selectFrom('proposals').selectAll().where('id', '=', proposalId).executeTakeFirst();
  if (!proposal) return null;
  const [members, rows, extras] = await Promise.all([
    db.selectFrom('proposal_members').selectAll().where('proposal_id', '=', proposalId).execute(),
    db
      .selectFrom('proposal_sections')
      .select(['section', 'buyer', 'status', 'data'])
      .where('proposal_id', '=', proposalId)
      .execute(),
    loadProgressExtras(db, proposalId),
  ]);
  const settings = await findFinancingSettings(db);
  return progressOf({ proposal, members, rows, ...extras, settings }, options);
}

/**
 * Stores a progress's percentage on the proposal (the back office list sorts and shows it without
 * computing every row); `touch` (the default) also marks the proposal updated.
 */
export async function storeProgress(
  db: Db,
  proposalId: string,
  progress: ProposalProgress,
  options: { touch?: boolean } = {},
): Promise<void> {
  await db
    .updateTable('proposals')
    .set(
      options.touch === false
        ? { filling_status: progress.percent }
        : { filling_status: progress.percent, updated_at: Date.now() },
    )
    .where('id', '=', proposalId)
    .execute();
}

/**
 * Recomputes the proposal's progress and stores its percentage. Called by every change that moves a
 * step: a section submitted or sent back, a health declaration, a document sent or reviewed, the
 * seller completing, a status change. It also keeps the proposal's place in the operators' queue
 * (queue-waits.ts). Returns the progress (null for a missing proposal).
 */
export async function refreshProposalProgress(
  db: Db,
  proposalId: string,
  options: { validityDays?: Record<ValidityKind, number>; touch?: boolean } = {},
): Promise<ProposalProgress | null> {
  const progress = await loadProposalProgress(db, proposalId, options);
  if (!progress) return null;
  await storeProgress(db, proposalId, progress, options);
  // The same changes start and end the proposal's waits in the operators' queue.
  await refreshQueueWaits(db, proposalId, { validityDays: options.validityDays });
  return progress;
}
