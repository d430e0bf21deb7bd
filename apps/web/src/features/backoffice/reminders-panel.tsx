import { App, Switch } from 'antd';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { queryClient } from '../../lib/query-client';
import type { ProposalRemindersView } from '@portal/domain/reminders';
import { apiRequest } from '../../lib/api-client';
import { when } from './format';
import { backofficeKeys } from './keys';

const proposalRemindersUrl = (proposalId: string) =>
  `/backoffice/proposals/${encodeURIComponent(proposalId)}/reminders`;
export function getProposalReminders(proposalId: string, signal?: AbortSignal) {
  return apiRequest<{ data: ProposalRemindersView }>(proposalRemindersUrl(proposalId), { signal }).then((r) => r.data);
}
export const proposalRemindersQueryOptions = (proposalId: string) =>
  queryOptions({
    queryKey: backofficeKeys.proposalReminders(proposalId),
    queryFn: ({ signal }) => getProposalReminders(proposalId, signal),
  });
export function useProposalReminders(proposalId: string) {
  return useQuery(proposalRemindersQueryOptions(proposalId));
}
export function setProposalReminders(proposalId: string, enabled: boolean) {
  return apiRequest<{ data: ProposalRemindersView }>(proposalRemindersUrl(proposalId), {
    method: 'PUT',
    body: { enabled },
  }).then((r) => r.data);
}

/**
 * The proposal's reminders (docs/decisions/049-reminders-and-metrics.md): the operator's switch
 * (audited) and each reminder sent, to whom and when.
 */
export function RemindersPanel({ proposalId }: { proposalId: string }) {
  const { message } = App.useApp();
  const reminders = useProposalReminders(proposalId);
  const change = useMutation({
    mutationFn: (enabled: boolean) => setProposalReminders(proposalId, enabled),
    onSuccess: (data) => {
      queryClient.setQueryData(backofficeKeys.proposalReminders(proposalId), data);
      void message.success(data.enabled ? 'Lembretes ligados nesta proposta.' : 'Lembretes desligados nesta proposta.');
    },
    onError: (e) => void message.error(e.message),
  });
  const v = reminders.data;
  if (!v) return null;
  return (
    <section className="bo-panel" aria-labelledby="lembretes">
      <h3 id="lembretes">Lembretes por e-mail</h3>
      <label className="bo-switch">
        <Switch
          checked={v.enabled}
          loading={change.isPending}
          onChange={(checked) => change.mutate(checked)}
          aria-label="Lembretes por e-mail nesta proposta"
        />
        {v.enabled ? 'Ligados' : 'Desligados'}
      </label>
      <p className="bo-muted">
        {v.enabled ? (
          'Compradores e vendedor com etapas paradas recebem alguns lembretes por e-mail, nunca à noite.'
        ) : v.changedAt ? (
          <>Ninguém desta proposta recebe lembretes (desligados em {when(v.changedAt)}).</>
        ) : (
          'Ninguém desta proposta recebe lembretes.'
        )}
      </p>
      {v.sent.length ? (
        <ul>
          {v.sent.map((s) => (
            <li key={`${s.name}-${s.seq}-${s.sentAt}`}>
              {s.name} ({s.role === 'seller' ? 'vendedor' : 'comprador'}): lembrete {s.seq} em {when(s.sentAt)}
            </li>
          ))}
        </ul>
      ) : (
        <p className="bo-muted">Nenhum lembrete enviado até agora.</p>
      )}
    </section>
  );
}
