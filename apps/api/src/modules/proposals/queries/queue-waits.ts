import type { Executor } from '../../../db/database';

/**
 * The operators' queue's reads and writes of the proposal tables when a proposal's waits are
 * refreshed (docs/decisions/050-operator-queue.md), and whose responsible it is.
 */

/** The proposal's status, responsible and current place in the queue. */
export function findWaitingState(ex: Executor, proposalId: string) {
  return ex
    .selectFrom('proposals')
    .select(['status', 'owner_id', 'updated_at', 'waiting_since', 'waiting_reason'])
    .where('id', '=', proposalId)
    .executeTakeFirst();
}

/** When the first party still without a password was invited (null: none). */
export function findFirstPendingInvitation(ex: Executor, proposalId: string) {
  return ex
    .selectFrom('proposal_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select((eb) => eb.fn.min<number | string>('m.created_at').as('first'))
    .where('m.proposal_id', '=', proposalId)
    .where('u.password_hash', 'is', null)
    .executeTakeFirst();
}

/** The proposal's place in the queue: its oldest reason and since when (both null: not waiting). */
export async function setWaitingPlace(
  ex: Executor,
  args: { proposalId: string; reason: string | null; since: number | null },
) {
  await ex
    .updateTable('proposals')
    .set({ waiting_reason: args.reason, waiting_since: args.since })
    .where('id', '=', args.proposalId)
    .execute();
}

/** The proposals a person is a party of. */
export function findProposalIdsOfUser(ex: Executor, userId: string) {
  return ex.selectFrom('proposal_members').select('proposal_id').distinct().where('user_id', '=', userId).execute();
}

/** The proposal's responsible, with the name, and since when. */
export function findOwner(ex: Executor, proposalId: string) {
  return ex
    .selectFrom('proposals as p')
    .leftJoin('users as u', 'u.id', 'p.owner_id')
    .select(['p.owner_id', 'p.owner_since', 'u.name'])
    .where('p.id', '=', proposalId)
    .executeTakeFirst();
}

export async function setProposalOwner(ex: Executor, args: { proposalId: string; ownerId: string; now: number }) {
  await ex
    .updateTable('proposals')
    .set({ owner_id: args.ownerId, owner_since: args.now })
    .where('id', '=', args.proposalId)
    .execute();
}
