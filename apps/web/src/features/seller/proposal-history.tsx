import { Alert, Skeleton, Timeline } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { HistoryEntry } from '@portal/domain/backoffice';
import { apiRequest } from '../../lib/api-client';

/**
 * GET /proposals/:id/history: the entries that concern the caller (the server filters them). Cached
 * under the same key and shape as components/proposal-history.tsx; this screen reads the entries.
 */
export function useProposalHistory(proposalId: string) {
  return useQuery({
    queryKey: ['proposals', proposalId, 'history'],
    queryFn: ({ signal }) =>
      apiRequest<{ data: { entries: HistoryEntry[] } }>(`/proposals/${encodeURIComponent(proposalId)}/history`, {
        signal,
      }).then((r) => r.data),
    select: (data) => data.entries,
  });
}

const dateTime = new Intl.DateTimeFormat('pt-BR', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'America/Sao_Paulo',
});

/** What happened to the proposal that concerns the seller (status and stage changes, corrections asked of them), newest first. */
export function ProposalHistory({ proposalId }: { proposalId: string }) {
  const history = useProposalHistory(proposalId);
  return (
    <section className="seller-history" aria-labelledby="historico-da-proposta">
      <h2 id="historico-da-proposta" className="section-title">
        Histórico
      </h2>
      {history.isPending ? <Skeleton active paragraph={{ rows: 3 }} title={false} /> : null}
      {history.isError ? <Alert type="warning" showIcon title="Não foi possível carregar o histórico agora." /> : null}
      {history.data?.length === 0 ? <p className="muted">Nenhuma mudança registrada ainda.</p> : null}
      {history.data?.length ? (
        <Timeline
          items={[...history.data]
            .sort((a, b) => b.at.localeCompare(a.at))
            .map((e) => ({
              key: e.id,
              content: (
                <>
                  <span className="seller-history__detail">{dateTime.format(new Date(e.at))}</span>
                  <strong>{e.label}</strong>
                  {e.section ? <span className="seller-history__detail">{e.section}</span> : null}
                  {e.reason ? <span className="seller-history__detail">{e.reason}</span> : null}
                </>
              ),
            }))}
        />
      ) : null}
    </section>
  );
}
