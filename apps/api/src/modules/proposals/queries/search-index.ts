import type { Executor } from '../../../db/database';

/** What the back-office list's index of a proposal is rebuilt from, and its insurer column. */

export function findProposalForIndex(ex: Executor, proposalId: string) {
  return ex.selectFrom('proposals').select(['id', 'code', 'financing']).where('id', '=', proposalId).executeTakeFirst();
}

export function findBuyersForIndex(ex: Executor, proposalId: string) {
  return ex
    .selectFrom('proposal_members')
    .select(['name', 'cpf'])
    .where('proposal_id', '=', proposalId)
    .where('role', '=', 'buyer')
    .execute();
}

export async function setInsurer(ex: Executor, proposalId: string, insurer: string | null) {
  await ex.updateTable('proposals').set({ insurer }).where('id', '=', proposalId).execute();
}
