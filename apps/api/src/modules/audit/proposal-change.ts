import { historyAudience } from '@portal/domain/backoffice';
import type { ProposalHistoryTable } from '../../db/schema';
import type { Executor } from '../../db/database';
import { newId } from '../../crypto';
import { recordAudit } from './audit';

/** One change of a proposal as the history shows it and the audit log records it. */
export interface ProposalChange {
  proposalId: string;
  actorId: string;
  kind: ProposalHistoryTable['kind'];
  from?: string | null;
  to?: string | null;
  reason: string | null;
  /** Correction entries: the section ('data:1', 'investment') and the scope that decides who sees it. */
  section?: { key: string; scope: 'buyer' | 'proposal' | 'seller' };
  at: number;
  /** The audit action, e.g. 'proposal.status_changed'. */
  action: string;
  /** The audited subject; the proposal itself unless told. */
  subject?: string;
  ip: string | null;
  detail?: string | null;
}

/**
 * Writes a change of a proposal to its history (seen by the parties of its audience) and to the
 * audit log, in the caller's transaction.
 */
export async function recordProposalChange(tx: Executor, change: ProposalChange): Promise<void> {
  await tx
    .insertInto('proposal_history')
    .values({
      id: newId(),
      proposal_id: change.proposalId,
      at: change.at,
      actor_id: change.actorId,
      kind: change.kind,
      from_value: change.from ?? null,
      to_value: change.to ?? null,
      reason: change.reason,
      audience: historyAudience(change.kind, change.section?.scope).join(','),
      section: change.section?.key ?? null,
    })
    .execute();
  await recordAudit(tx, {
    actorId: change.actorId,
    action: change.action,
    subject: change.subject ?? `proposal:${change.proposalId}`,
    ip: change.ip,
    detail: change.detail ?? null,
  });
}
