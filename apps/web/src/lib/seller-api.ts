import { useQuery } from '@tanstack/react-query';
import type { SectionStatus } from '@portal/domain/sections-registry';
import { apiRequest } from './api-client';

/** The seller's part of a proposal (GET /proposals/:id/seller): seen by the seller, the buyers and operators. */
export interface SellerPart {
  /** A seller was invited (the buyers' seller form was sent). */
  invited: boolean;
  completedAt: string | null;
  /** Every required seller step is done: the seller may complete. */
  ready: boolean;
  /** The seller completed their part and it still holds. */
  done: boolean;
  sections: { key: string; title: string; status: SectionStatus; required: boolean; problem: string | null }[];
}

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
