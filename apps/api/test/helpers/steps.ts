import { deriveDocumentItems } from '@portal/domain/documents';
import type { Db } from '../../src/db/database';
import { loadProposalFacts } from '../../src/modules/proposals/proposal-facts';
import type { Client } from './client';
import { proposalUrl } from './urls';

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

/** A step as GET …/progress gives it. */
export type ProgressStep = {
  id: string;
  party: string;
  kind: string;
  key: string;
  buyer: number | null;
  state: string;
};

let copies = 0;

/**
 * Every step of a proposal done by hand but `except` (sections done, health confirmed, every
 * document item accepted, the seller's completion), as the operator's progress lists them; in up to
 * three passes, since a step done may open another (an FGTS answer). What is still to do is returned.
 */
export async function everyStepDone(
  db: Kysely,
  args: { operator: Client; userId: string; proposalId: string; except?: (step: ProgressStep) => boolean },
): Promise<ProgressStep[]> {
  const { operator, userId, proposalId } = args;
  const except = args.except ?? (() => false);
  const stepsNow = async () =>
    (await operator.get(proposalUrl(proposalId, '/progress'))).json().data.steps as ProgressStep[];
  const now = Date.now();
  for (let pass = 0; pass < 3; pass++) {
    let filed = false;
    const copy = `${copies++}`;
    const steps = await stepsNow();
    for (const step of steps.filter((s) => s.state !== 'done' && s.kind !== 'send' && !except(s))) {
      if (step.kind === 'section') {
        await insertDoneSection(db, { proposalId, section: step.key, buyer: step.buyer ?? -1, userId, now });
      } else if (step.kind === 'health') {
        await insertConfirmedHealth(db, { proposalId, userId, now, buyer: step.buyer! });
      } else if (step.kind === 'documents' && !filed) {
        // Every document item the proposal asks for, accepted (both parties' at once).
        filed = true;
        const proposal = await db
          .selectFrom('proposals')
          .selectAll()
          .where('id', '=', proposalId)
          .executeTakeFirstOrThrow();
        const rows = await db
          .selectFrom('proposal_sections')
          .selectAll()
          .where('proposal_id', '=', proposalId)
          .execute();
        const buyers = steps.filter((s) => s.kind === 'health').length;
        const facts = await loadProposalFacts(db, { proposal, buyers, rows });
        for (const item of deriveDocumentItems(facts))
          await insertDocumentFile(db, {
            proposalId,
            item: item.key,
            status: 'accepted',
            userId,
            now,
            id: `file-${item.key}-${copy}`,
            issuedOn: new Date(now).toISOString().slice(0, 10),
          });
      } else if (step.kind === 'complete') {
        await db.updateTable('proposals').set({ seller_completed_at: now }).where('id', '=', proposalId).execute();
      }
    }
  }
  return (await stepsNow()).filter((s) => s.state !== 'done' && s.kind !== 'send');
}

/** Sellers put on a proposal as members, in this order (positions 0, 1…), as an invitation would. */
export async function insertSellers(
  db: Kysely,
  proposalId: string,
  sellers: { id: string; name: string; email: string }[],
  now = Date.now(),
) {
  for (const [position, seller] of sellers.entries())
    await db
      .insertInto('proposal_members')
      .values({
        id: `${proposalId}-seller-${position}`,
        proposal_id: proposalId,
        user_id: seller.id,
        role: 'seller',
        position,
        name: seller.name,
        email: seller.email,
        cpf: null,
        created_at: now,
      })
      .execute();
}
