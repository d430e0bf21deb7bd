import { useQuery } from '@tanstack/react-query';
import type { SellerPart } from '@portal/domain/seller-api';
import { apiRequest } from './api-client';

export const sellerPartKey = (proposalId: string) => ['proposals', proposalId, 'seller'] as const;

export function useSellerPart(proposalId: string | null) {
  return useQuery({
    queryKey: sellerPartKey(proposalId ?? ''),
    enabled: proposalId !== null,
    queryFn: ({ signal }) =>
      apiRequest<{ data: SellerPart }>(`/proposals/${encodeURIComponent(proposalId!)}/seller`, { signal }).then(
        (r) => r.data,
      ),
  });
}

/** The seller marks their part complete; 409 with the missing steps in `fields` while one is missing. */
export function completeSellerPart(proposalId: string) {
  return apiRequest<{ data: SellerPart }>(`/proposals/${encodeURIComponent(proposalId)}/seller/complete`, {
    method: 'POST',
  }).then((r) => r.data);
}
