import { REMOVED_NAME, removedEmail } from '@portal/domain/privacy';
import type { Executor } from '../../../db/database';

/**
 * The privacy module's reads and writes of the proposal tables: what a person's export shows of the
 * proposals they take part in, and what an erasure removes or anonymises there.
 */

/** The proposals this user takes part in, with their role and position there. */
export function findMemberships(ex: Executor, userId: string) {
  return ex
    .selectFrom('proposal_members')
    .innerJoin('proposals', 'proposals.id', 'proposal_members.proposal_id')
    .select([
      'proposal_members.id',
      'proposal_members.proposal_id',
      'proposal_members.role',
      'proposal_members.position',
      'proposals.code',
    ])
    .where('proposal_members.user_id', '=', userId)
    .execute();
}

export function findSections(ex: Executor, proposalId: string) {
  return ex.selectFrom('proposal_sections').selectAll().where('proposal_id', '=', proposalId).execute();
}

export function findSectionKeys(ex: Executor, proposalId: string) {
  return ex
    .selectFrom('proposal_sections')
    .select(['id', 'section', 'buyer'])
    .where('proposal_id', '=', proposalId)
    .execute();
}

export async function deleteSections(ex: Executor, ids: string[]) {
  await ex.deleteFrom('proposal_sections').where('id', 'in', ids).execute();
}

/** The membership stays as an anonymous shell, so the proposal's history still adds up. */
export async function anonymiseMember(ex: Executor, memberId: string) {
  await ex
    .updateTable('proposal_members')
    .set({ name: REMOVED_NAME, email: removedEmail(memberId), cpf: null, user_id: null })
    .where('id', '=', memberId)
    .execute();
}

/** The reminders the person got, oldest first, with the proposal's code. */
export function findRemindersSentTo(ex: Executor, userId: string) {
  return ex
    .selectFrom('reminders_sent as r')
    .innerJoin('proposals as p', 'p.id', 'r.proposal_id')
    .select(['p.code', 'r.seq', 'r.sent_at'])
    .where('r.user_id', '=', userId)
    .orderBy('r.sent_at')
    .execute();
}
