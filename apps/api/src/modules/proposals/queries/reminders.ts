import type { ProposalStatus } from '@portal/domain/proposal';
import type { Executor } from '../../../db/database';

/**
 * The reminders' and expiry notices' reads of the proposal tables
 * (docs/decisions/049-reminders-and-metrics.md): who is on an open proposal and may be reminded,
 * when they last saved a section, the copies that age, and whom a notice goes to.
 */

/** The reminders each person of the proposal got, oldest first. */
export function findRemindersSent(ex: Executor, proposalId: string) {
  return ex
    .selectFrom('reminders_sent as r')
    .innerJoin('proposal_members as m', (j) =>
      j.onRef('m.proposal_id', '=', 'r.proposal_id').onRef('m.user_id', '=', 'r.user_id'),
    )
    .select(['m.name', 'm.role', 'r.seq', 'r.sent_at'])
    .where('r.proposal_id', '=', proposalId)
    .orderBy('r.sent_at')
    .orderBy('m.name')
    .execute();
}

/** When the person last saved a section of the proposal (a draft or a submit). */
export function findLastSectionSave(ex: Executor, args: { proposalId: string; userId: string }) {
  return ex
    .selectFrom('proposal_sections')
    .select((eb) => eb.fn.max('updated_at').as('at'))
    .where('proposal_id', '=', args.proposalId)
    .where('updated_by', '=', args.userId)
    .executeTakeFirst();
}

/**
 * The people a reminder sweep considers: the members of the proposals in `statuses`, unless an
 * operator turned the reminders off on the proposal or the person opted out.
 */
export function findReminderCandidates(ex: Executor, statuses: readonly ProposalStatus[]) {
  return ex
    .selectFrom('proposal_members as m')
    .innerJoin('proposals as p', 'p.id', 'm.proposal_id')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select([
      'm.proposal_id',
      'm.user_id',
      'm.role',
      'm.position',
      'm.name',
      'm.email',
      'm.created_at',
      'p.status',
      'p.code',
      'u.password_hash',
    ])
    .where('p.status', 'in', statuses)
    .where((eb) =>
      eb.and([
        eb.not(
          eb.exists(
            eb
              .selectFrom('reminder_proposals_off as o')
              .select('o.proposal_id')
              .whereRef('o.proposal_id', '=', 'm.proposal_id'),
          ),
        ),
        eb.not(
          eb.exists(
            eb.selectFrom('reminder_opt_outs as x').select('x.user_id').whereRef('x.user_id', '=', 'm.user_id'),
          ),
        ),
      ]),
    )
    .orderBy('m.proposal_id')
    .execute();
}

/**
 * The copies of the aging items (`items`) on the proposals in `statuses`, not rejected, on
 * proposals whose reminders an operator did not turn off.
 */
export function findAgingFiles(ex: Executor, args: { statuses: readonly ProposalStatus[]; items: string[] }) {
  return ex
    .selectFrom('document_files as f')
    .innerJoin('proposals as p', 'p.id', 'f.proposal_id')
    .select(['f.id', 'f.proposal_id', 'f.item', 'f.status', 'f.uploaded_at', 'f.issued_on', 'f.uploaded_by', 'p.code'])
    .where('p.status', 'in', args.statuses)
    .where('f.item', 'in', args.items)
    .where('f.status', '!=', 'rejected')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom('reminder_proposals_off as o').select('o.proposal_id').whereRef('o.proposal_id', '=', 'p.id'),
        ),
      ),
    )
    .execute();
}

/** The members of the proposal with an account: whom an expiry notice may go to. */
export function findMembersWithAccount(ex: Executor, proposalId: string) {
  return ex
    .selectFrom('proposal_members as m')
    .select(['m.user_id', 'm.role', 'm.position', 'm.name', 'm.email'])
    .where('m.proposal_id', '=', proposalId)
    .where('m.user_id', 'is not', null)
    .execute();
}
