import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProposalOwner, QueuePage } from '@portal/domain/backoffice-queue';
import { apiRequest } from '../../lib/api-client';
import { toSearch } from './api';
import { backofficeKeys } from './keys';

/* "Minha fila" and the proposal's responsible (docs/decisions/050-operator-queue.md). */

export function useQueue(params: Record<string, string | number | undefined>) {
  const search = toSearch(params);
  return useQuery({
    queryKey: backofficeKeys.queuePage(search),
    queryFn: ({ signal }) => apiRequest<QueuePage>(`/backoffice/queue?${search}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useProposalOwner(id: string) {
  return useQuery({
    queryKey: backofficeKeys.owner(id),
    queryFn: ({ signal }) =>
      apiRequest<{ data: ProposalOwner }>(`/backoffice/proposals/${encodeURIComponent(id)}/owner`, { signal }).then(
        (r) => r.data,
      ),
  });
}

/** "Assumir" (the caller's id) or "Passar para…" (another operator's). */
export function useSetOwner(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (operatorId: string) =>
      apiRequest(`/backoffice/proposals/${encodeURIComponent(id)}/owner`, { method: 'PUT', body: { operatorId } }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: backofficeKeys.owner(id) }),
        client.invalidateQueries({ queryKey: backofficeKeys.queue() }),
        client.invalidateQueries({ queryKey: backofficeKeys.proposals() }),
      ]),
  });
}
