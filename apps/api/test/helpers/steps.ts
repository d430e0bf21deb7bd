import type { Db } from '../../src/db/database';

type Kysely = Db['kysely'];

/**
 * Rows that put a proposal's steps in a given state directly, for tests about what happens once a step is
 * done (progress, sending, reminders) rather than about doing it through the API.
 */

/** A section submitted and done (no draft). `buyer` is the buyer's position, -1 for a proposal-wide section. */
export async function insertDoneSection(
  db: Kysely,
  args: { proposalId: string; section: string; buyer: number; userId: string; now: number },
) {
  await db
    .insertInto('proposal_sections')
    .values({
      id: `${args.proposalId}-${args.section}-${args.buyer}`,
      proposal_id: args.proposalId,
      section: args.section,
      buyer: args.buyer,
      draft: null,
      draft_updated_at: null,
      data: '{}',
      submitted_at: args.now,
      status: 'done',
      review_note: null,
      updated_by: args.userId,
      updated_at: args.now,
      version: 1,
    })
    .onConflict((oc) => oc.columns(['proposal_id', 'section', 'buyer']).doUpdateSet({ status: 'done' }))
    .execute();
}

/** A buyer's health declaration (the first buyer's unless `buyer` says), confirmed. */
export async function insertConfirmedHealth(
  db: Kysely,
  args: { proposalId: string; userId: string; now: number; buyer?: number },
) {
  const buyer = args.buyer ?? 0;
  await db
    .insertInto('insurance_declarations')
    .values({
      id: `${args.proposalId}-health-${buyer}`,
      proposal_id: args.proposalId,
      buyer,
      user_id: args.userId,
      insurance_name: 'itau',
      completed: 1,
      completed_at: args.now,
      declaration_version: 'v1',
      created_at: args.now,
      updated_at: args.now,
    })
    .execute();
}

/**
 * A small PDF on a checklist item, in the given review status; `id` names a further copy of the same
 * item, `issuedOn` (AAAA-MM-DD) the document's issue date.
 */
export async function insertDocumentFile(
  db: Kysely,
  args: {
    proposalId: string;
    item: string;
    status: 'sent' | 'accepted';
    userId: string;
    now: number;
    id?: string;
    issuedOn?: string;
  },
) {
  const id = args.id ?? `${args.proposalId}-${args.item}`;
  await db
    .insertInto('document_files')
    .values({
      id,
      proposal_id: args.proposalId,
      item: args.item,
      storage_key: `k-${id}`,
      name: 'doc.pdf',
      mime: 'application/pdf',
      size: 10,
      sha256: 'x',
      flags: '[]',
      status: args.status,
      review_reason: null,
      reviewed_by: null,
      reviewed_at: null,
      uploaded_by: args.userId,
      uploaded_at: args.now,
      ...(args.issuedOn ? { issued_on: args.issuedOn } : {}),
    })
    .execute();
}
