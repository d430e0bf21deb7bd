import type { ProposalStatus } from '@portal/domain/proposal';
import { answeredMove } from '@portal/domain/lifecycle';
import type { Executor } from '../../db/database';
import { recordProposalChange } from '../audit/proposal-change';
import { refreshProposalProgress } from './proposal-progress';
import { findStatus, updateStatusFrom } from './queries/status';

/**
 * Moves a proposal along one of the parties' edges (docs/decisions/042-one-lifecycle.md), only from
 * the status it was read in: true when it moved. Recorded in the history (seen by every party)
 * and the audit log, in the caller's transaction.
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
  await refreshProposalProgress(tx, args.proposalId, { touch: false });
  return true;
}

/**
 * After a buyer's or the seller's change (a section sent, a document uploaded, a declaration
 * confirmed, the seller's part completed): when it answered the last correction asked, the
 * proposal goes back to the team as "Correção respondida". Nothing happens otherwise.
 */
export async function settleAnsweredCorrection(
  tx: Executor,
  args: { proposalId: string; actorId: string; ip: string | null },
): Promise<void> {
  const row = await findStatus(tx, args.proposalId);
  if (row?.status !== 'pending_correction') return;
  const progress = await refreshProposalProgress(tx, args.proposalId, { touch: false });
  if (!progress) return;
  const to = answeredMove('pending_correction', progress.steps);
  if (!to) return;
  await moveProposal(tx, {
    proposalId: args.proposalId,
    from: 'pending_correction',
    to,
    actorId: args.actorId,
    reason: 'Correção respondida.',
    action: 'proposal.correction_answered',
    ip: args.ip,
  });
}
