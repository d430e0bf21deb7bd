import type { Executor } from '../../../db/database';

/** The section rows the documents module derives a proposal's document items from. */
export function findSectionsForDocuments(tx: Executor, proposalId: string) {
  return tx
    .selectFrom('proposal_sections')
    .select(['section', 'buyer', 'data'])
    .where('proposal_id', '=', proposalId)
    .execute();
}
