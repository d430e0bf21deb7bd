import type { SessionUser } from '@portal/domain/auth';
import { isHistoryVisible, noteAudience, type HistoryEntry, type HistoryKind } from '@portal/domain/backoffice';
import type { ProposalHistory } from '@portal/domain/backoffice-api';
import { STAGE_LABELS, STATUS_LABELS, type ProposalStage, type ProposalStatus } from '@portal/domain/proposal';
import { sectionTitle } from '@portal/domain/sections-registry';
import type { BackofficeRepository } from '../proposals/queries/backoffice-list';
import type { ProposalsService } from '../proposals/proposals.service';

type HistoryRows = Awaited<ReturnType<BackofficeRepository['findHistory']>>;

/** The proposal's history as one viewer sees it: the entries they may see, each note only for whom it is written. */
export function historyView(rows: HistoryRows, viewer: SessionUser, buyers: number): HistoryEntry[] {
  return rows
    .filter((r) => isHistoryVisible(r.audience.split(',').filter(Boolean), viewer.role))
    .map((r) => {
      const [sectionKey, buyerText] = (r.section ?? '').split(':');
      const section = r.section
        ? sectionTitle(sectionKey!, buyerText === undefined ? null : Number(buyerText), buyers)
        : null;
      const label =
        r.kind === 'created'
          ? 'Proposta criada'
          : r.kind === 'status'
            ? `Situação: ${STATUS_LABELS[r.from_value as ProposalStatus] ?? r.from_value} → ${STATUS_LABELS[r.to_value as ProposalStatus] ?? r.to_value}`
            : r.kind === 'stage'
              ? `Etapa: ${STAGE_LABELS[r.from_value as ProposalStage] ?? r.from_value} → ${STAGE_LABELS[r.to_value as ProposalStage] ?? r.to_value}`
              : `Correção pedida: ${section ?? ''}`;
      return {
        id: r.id,
        at: new Date(r.at).toISOString(),
        kind: r.kind as HistoryKind,
        from: r.from_value,
        to: r.to_value,
        label,
        // The entry is seen by every party; its note only by the party it is written to.
        reason:
          viewer.role === 'operator' ||
          r.kind === 'correction' ||
          noteAudience({
            kind: r.kind as HistoryKind,
            to: r.to_value,
            byParty: r.actor_role === 'buyer' || r.actor_role === 'seller',
          }).includes(viewer.role)
            ? r.reason
            : null,
        actor: viewer.role === 'operator' ? (r.actor_name ?? null) : 'Equipe do portal',
        section,
      };
    });
}

/**
 * The proposal's status, stage and history for one of its parties (buyers and sellers: only what
 * concerns them; operators: everything); 404 for anyone not on it. On the proposal core's
 * readProposal (docs/decisions/059-the-proposal-core.md).
 */
export function readHistory(deps: { proposals: ProposalsService; repo: BackofficeRepository }) {
  return (user: SessionUser, proposalId: string): Promise<ProposalHistory> =>
    deps.proposals.readProposal(user, proposalId, async ({ loaded }) => {
      const status = loaded.proposal.status as ProposalStatus;
      const stage = loaded.proposal.stage as ProposalStage;
      return {
        status,
        statusLabel: STATUS_LABELS[status],
        stage,
        stageLabel: STAGE_LABELS[stage],
        entries: historyView(await deps.repo.findHistory(proposalId), user, loaded.buyers.length),
      };
    });
}
