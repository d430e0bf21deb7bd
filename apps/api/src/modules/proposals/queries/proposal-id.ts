import type { Executor } from '../../../db/database';

/** The proposal's id when it exists: the back office's screens on one proposal answer 404 otherwise. */
export function findProposalId(ex: Executor, proposalId: string) {
  return ex.selectFrom('proposals').select('id').where('id', '=', proposalId).executeTakeFirst();
}
