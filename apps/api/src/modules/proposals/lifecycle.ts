import type { ProposalStatus } from '@portal/domain/proposal';
import type { Executor } from '../../db/database';
import { recordProposalChange } from '../audit/proposal-change';
import { updateStatusFrom } from './queries/status';

/**
 * Moves a proposal along one of the parties' edges (docs/decisions/042-one-lifecycle.md), only from
 * the status it was read in: true when it moved. Recorded in the history (seen by every party)
 * and the audit log, in the caller's transaction. The caller stores the progress and the queue's
 * waits that follow (on the core: `statusChanged`, unit-of-work.ts).
 */
export async function moveProposal(
  tx: Executor,
  args: {
    proposalId: string;
    from: ProposalStatus;
    to: ProposalStatus;
    actorId: string;
    reason: string;
    action: string;
    ip: string | null;
  },
): Promise<boolean> {
  const now = Date.now();
  const updated = await updateStatusFrom(tx, { proposalId: args.proposalId, from: args.from, to: args.to, now });
  if (Number(updated.numUpdatedRows) !== 1) return false;
  await recordProposalChange(tx, {
    proposalId: args.proposalId,
    actorId: args.actorId,
    kind: 'status',
    from: args.from,
    to: args.to,
    reason: args.reason,
    at: now,
    action: args.action,
    ip: args.ip,
    detail: `${args.from} → ${args.to}`,
  });
  return true;
}
