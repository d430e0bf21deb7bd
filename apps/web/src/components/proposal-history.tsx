import { useQuery } from '@tanstack/react-query';
import type { HistoryEntry } from '@portal/domain/backoffice';
import type { ProposalStage, ProposalStatus } from '@portal/domain/proposal';
import { apiRequest } from '../lib/api-client';

interface ProposalHistory {
  status: ProposalStatus;
  statusLabel: string;
  stage: ProposalStage;
  stageLabel: string;
  entries: HistoryEntry[];
}

const dateTime = new Intl.DateTimeFormat('pt-BR', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'America/Sao_Paulo',
});

/**
 * The proposal's current status in words and the history entries that concern the viewer (the
 * API filters them per party: a buyer sees corrections asked of buyers, a seller those asked of
 * the seller, both see status and stage changes). For the buyer's and the seller's screens.
 */
export function ProposalHistory({ proposalId }: { proposalId: string }) {
  const history = useQuery({
    queryKey: ['proposals', proposalId, 'history'],
    queryFn: ({ signal }) =>
      apiRequest<{ data: ProposalHistory }>(`/proposals/${encodeURIComponent(proposalId)}/history`, { signal }).then(
        (r) => r.data,
      ),
  });
  if (!history.data) return null;
  const h = history.data;
  return (
    <section className="proposal-history" aria-labelledby="situacao-proposta">
      <h2 id="situacao-proposta" className="section-title">
        Situação da proposta
      </h2>
      <p className="proposal-history__now">
        <strong>{h.statusLabel}</strong> · etapa: {h.stageLabel}
      </p>
      {h.entries.length ? (
        <ol className="proposal-history__list">
          {h.entries.map((e) => (
            <li key={e.id}>
              <span className="proposal-history__label">{e.label}</span>
              {e.reason ? <span>{e.reason}</span> : null}
              <time dateTime={e.at} className="muted">
                {dateTime.format(new Date(e.at))}
              </time>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
