import type { SessionUser } from '@portal/domain/auth';
import type { ProposalStatus } from '@portal/domain/proposal';
import type { ProposalReviewContext } from './proposal-review-context';

/**
 * The operator moves a proposal's status along one edge of the machine (409 otherwise), recorded
 * in the history and the audit log and e-mailed to the party it asks something of. On the proposal
 * core (docs/decisions/059-the-proposal-core.md): the status moved, the core stores the progress
 * and refreshes the queue's waits (docs/decisions/050), then kicks the mail.
 */
export function changeStatus(ctx: ProposalReviewContext) {
  const { proposals, applyStatus } = ctx;
  return async (
    operator: SessionUser,
    proposalId: string,
    args: { status: ProposalStatus; reason: string },
    ip: string | null,
  ) => {
    const change = { to: args.status, reason: args.reason, actorId: operator.id, ip, notify: true };
    await proposals.withProposal(operator, proposalId, { progress: true }, async (work) => {
      await applyStatus(work.tx, work.loaded, change, async () => {
        work.statusChanged(args.status);
        return work.progress();
      });
      work.mailQueued();
    });
  };
}
