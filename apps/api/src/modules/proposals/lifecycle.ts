import type { ProposalStatus } from '@portal/domain/proposal';
import type { Executor } from '../../db/database';
import { recordProposalChange } from '../audit/proposal-change';
import { refreshProposalProgress } from './proposal-progress';
import { updateStatusFrom } from './queries/status';

/** One move along the parties' edges (docs/decisions/042-one-lifecycle.md). */
export interface ProposalMove {
  proposalId: string;
  from: ProposalStatus;
  to: ProposalStatus;
  actorId: string;
  reason: string;
  action: string;
  ip: string | null;
}

/**
 * Writes a move only from the status it was read in (which moves `updated_at`), recorded in the
 * history (seen by every party) and the audit log: true when it moved. The progress and the queue's
 * waits are the caller's: on the proposal core, `work.statusChanged(to)` (proposals/work.ts).
 */
export async function writeMove(tx: Executor, args: ProposalMove): Promise<boolean> {
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

/**
 * Moves a proposal along one of the parties' edges (writeMove), then stores its progress (without
 * touching `updated_at` again) and refreshes its place in the operators' queue, in the caller's
 * transaction: true when it moved.
 */
export async function moveProposal(tx: Executor, args: ProposalMove): Promise<boolean> {
  if (!(await writeMove(tx, args))) return false;
  await refreshProposalProgress(tx, args.proposalId, { touch: false });
  return true;
}
