import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProposalOwner, QueuePage } from '@portal/domain/backoffice-queue';
import { apiRequest } from '../../lib/api-client';
import { toSearch } from './api';
import { backofficeKeys } from './keys';

/* "Minha fila" and the proposal's responsible (docs/decisions/050-operator-queue.md). */

export function getQueue(search: string, signal?: AbortSignal) {
  return apiRequest<QueuePage>(`/backoffice/queue?${search}`, { signal });
}

export const queueQueryOptions = (search: string) =>
  queryOptions({
    queryKey: backofficeKeys.queuePage(search),
    queryFn: ({ signal }) => getQueue(search, signal),
    placeholderData: keepPreviousData,
  });

export function useQueue(params: Record<string, string | number | undefined>) {
  return useQuery(queueQueryOptions(toSearch(params)));
}

export function getProposalOwner(id: string, signal?: AbortSignal) {
  return apiRequest<{ data: ProposalOwner }>(`/backoffice/proposals/${encodeURIComponent(id)}/owner`, {
    signal,
  }).then((r) => r.data);
}

export const proposalOwnerQueryOptions = (id: string) =>
  queryOptions({ queryKey: backofficeKeys.owner(id), queryFn: ({ signal }) => getProposalOwner(id, signal) });

export function useProposalOwner(id: string) {
  return useQuery(proposalOwnerQueryOptions(id));
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
