import { Skeleton } from 'antd';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HistoryEntry } from '@portal/domain/backoffice';
import { formatInstant } from '@portal/domain/dates';
import type { ProposalStage, ProposalStatus } from '@portal/domain/proposal';
import { apiRequest } from '../lib/api-client';
import { proposalKeys } from '../lib/proposals-api';
import { PlainAlert } from './plain-alert';

interface ProposalHistoryView {
  status: ProposalStatus;
  statusLabel: string;
  stage: ProposalStage;
  stageLabel: string;
  entries: HistoryEntry[];
}

/** GET /proposals/:id/history: the entries that concern the caller (the server filters them per party). */
export function getProposalHistory(proposalId: string, signal?: AbortSignal) {
  return apiRequest<{ data: ProposalHistoryView }>(`/proposals/${encodeURIComponent(proposalId)}/history`, {
    signal,
  }).then((r) => r.data);
}

export const proposalHistoryQueryOptions = (proposalId: string) =>
  queryOptions({
    queryKey: proposalKeys.history(proposalId),
    queryFn: ({ signal }) => getProposalHistory(proposalId, signal),
  });

export function useProposalHistory(proposalId: string) {
  return useQuery(proposalHistoryQueryOptions(proposalId));
}

/**
 * What happened to the proposal that concerns the viewer (a buyer sees corrections asked of buyers,
 * a seller those asked of the seller, both see status and stage changes), newest first. Each entry
 * is a small card (date, what changed, the section and the reason) that wraps on a phone instead of
 * a table cut at the screen's edge. With `withStatus`, the current status and stage come first.
 */
export function ProposalHistory({ proposalId, withStatus = false }: { proposalId: string; withStatus?: boolean }) {
  const history = useProposalHistory(proposalId);
  const headingId = `historico-${proposalId}`;
  const h = history.data;
  const entries = h ? [...h.entries].sort((a, b) => b.at.localeCompare(a.at)) : [];
  return (
    <section className="proposal-history" aria-labelledby={headingId}>
      <h2 id={headingId} className="section-title">
        {withStatus ? 'Situação da proposta' : 'Histórico'}
      </h2>
      {history.isPending ? <Skeleton active paragraph={{ rows: 3 }} title={false} /> : null}
      {history.isError ? <PlainAlert type="warning" title="Não foi possível carregar o histórico agora." /> : null}
      {h && withStatus ? (
        <p className="proposal-history__now">
          <strong>{h.statusLabel}</strong> · etapa: {h.stageLabel}
        </p>
      ) : null}
      {h && !entries.length && !withStatus ? <p className="muted">Nenhuma mudança registrada ainda.</p> : null}
      {entries.length ? (
        <ol className="proposal-history__list">
          {entries.map((e) => (
            <li key={e.id} className="proposal-history__entry">
              <time dateTime={e.at} className="muted">
                {formatInstant(e.at)}
              </time>
              <span className="proposal-history__label">{e.label}</span>
              {e.section ? <span className="muted">{e.section}</span> : null}
              {e.reason ? <span>{e.reason}</span> : null}
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
