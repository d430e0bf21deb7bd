import { useQuery } from '@tanstack/react-query';
import type { Proposal } from '@portal/domain/proposal';
import { apiRequest } from './api-client';

export function useProposals() {
  return useQuery({
    queryKey: ['proposals'],
    queryFn: ({ signal }) => apiRequest<{ data: Proposal[] }>('/proposals', { signal }).then((r) => r.data),
  });
}

export function useProposal(id: string | null) {
  return useQuery({
    queryKey: ['proposals', id],
    enabled: id !== null,
    queryFn: ({ signal }) =>
      apiRequest<{ data: Proposal }>(`/proposals/${encodeURIComponent(id!)}`, { signal }).then((r) => r.data),
  });
}
