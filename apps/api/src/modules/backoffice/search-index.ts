import type { Kysely, Transaction } from 'kysely';
import { proposalSearchTerms } from '@portal/domain/backoffice';
import type { Database } from '../../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Rewrites what the back-office list filters and searches on for one proposal: the insurer column
 * (copied from the financing JSON) and the prefix search terms (code, buyers' CPFs and names).
 * Whoever creates a proposal or changes its buyers calls this in the same transaction
 * (docs/decisions/007-back-office.md).
 */
export async function syncProposalIndex(db: Executor, proposalId: string): Promise<void> {
  const proposal = await db
    .selectFrom('proposals')
    .select(['id', 'code', 'financing'])
    .where('id', '=', proposalId)
    .executeTakeFirst();
  if (!proposal) return;
  const buyers = await db
    .selectFrom('proposal_members')
    .select(['name', 'cpf'])
    .where('proposal_id', '=', proposalId)
    .where('role', '=', 'buyer')
    .execute();
  const insurer = insurerOf(proposal.financing);
  await db.updateTable('proposals').set({ insurer }).where('id', '=', proposalId).execute();
  await db.deleteFrom('proposal_search').where('proposal_id', '=', proposalId).execute();
  const terms = proposalSearchTerms({ code: proposal.code, buyers });
  if (terms.length)
    await db
      .insertInto('proposal_search')
      .values(terms.map((term) => ({ term, proposal_id: proposalId })))
      .execute();
}

export function insurerOf(financingJson: string): string | null {
  try {
    const value = (JSON.parse(financingJson) as { insuranceCompanyName?: unknown }).insuranceCompanyName;
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}
