import type { Kysely, Transaction } from 'kysely';
import { proposalSearchTerms } from '@portal/domain/backoffice';
import type { Database } from '../../db/schema';
import { findBuyersForIndex, findProposalForIndex, setInsurer } from './queries/search-index';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Rewrites what the back-office list filters and searches on for one proposal: the insurer column
 * (copied from the financing JSON) and the prefix search terms (code, buyers' CPFs and names).
 * Whoever creates a proposal or changes its buyers calls this in the same transaction
 * (docs/decisions/007-back-office.md).
 */
export async function syncProposalIndex(db: Executor, proposalId: string): Promise<void> {
  const proposal = await findProposalForIndex(db, proposalId);
  if (!proposal) return;
  const buyers = await findBuyersForIndex(db, proposalId);
  const insurer = insurerOf(proposal.financing);
  await setInsurer(db, proposalId, insurer);
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
