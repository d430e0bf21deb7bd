import { useQuery } from '@tanstack/react-query';
import type { Proposal, SellerProposal } from '@portal/domain/proposal';
import { apiRequest } from './api-client';

/**
 * GET /proposals and GET /proposals/:id: one hook per query key. The API answers each caller's own
 * view of a proposal: the whole proposal for buyers, `SellerProposal` (no financing terms, no
 * buyer's e-mail or CPF) for sellers, whose screens ask for that view.
 */
export function useProposals<View extends SellerProposal = Proposal>() {
  return useQuery({
    queryKey: ['proposals'],
    queryFn: ({ signal }) => apiRequest<{ data: View[] }>('/proposals', { signal }).then((r) => r.data),
  });
}

export function useProposal<View extends SellerProposal = Proposal>(id: string | null) {
  return useQuery({
    queryKey: ['proposals', id],
    enabled: id !== null,
    queryFn: ({ signal }) =>
      apiRequest<{ data: View }>(`/proposals/${encodeURIComponent(id!)}`, { signal }).then((r) => r.data),
  });
}
