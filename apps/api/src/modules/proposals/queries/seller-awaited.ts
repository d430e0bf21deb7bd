import type { Executor } from '../../../db/database';

/** What the e-mail to the sellers awaited reads: the proposal's sellers with an account. */
export function findSellersWithAccount(ex: Executor, proposalId: string) {
  return ex
    .selectFrom('proposal_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.name', 'm.email', 'u.id as userId', 'u.password_hash'])
    .where('m.proposal_id', '=', proposalId)
    .where('m.role', '=', 'seller')
    .orderBy('m.position')
    .execute();
}
