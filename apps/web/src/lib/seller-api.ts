import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SellerPart } from '@portal/domain/seller-api';
import { apiRequest } from './api-client';
import { proposalKeys } from './proposals-api';

export const sellerPartKeys = {
  detail: (proposalId: string) => [...proposalKeys.detail(proposalId), 'seller'] as const,
};

export function getSellerPart(proposalId: string, signal?: AbortSignal) {
  return apiRequest<{ data: SellerPart }>(`/proposals/${encodeURIComponent(proposalId)}/seller`, { signal }).then(
    (r) => r.data,
  );
}

export const sellerPartQueryOptions = (proposalId: string) =>
  queryOptions({
    queryKey: sellerPartKeys.detail(proposalId),
    queryFn: ({ signal }) => getSellerPart(proposalId, signal),
  });

export function useSellerPart(proposalId: string | null) {
  return useQuery({ ...sellerPartQueryOptions(proposalId ?? ''), enabled: proposalId !== null });
}

/** The seller marks their part complete; 409 with the missing steps in `fields` while one is missing. */
export function completeSellerPart(proposalId: string) {
  return apiRequest<{ data: SellerPart }>(`/proposals/${encodeURIComponent(proposalId)}/seller/complete`, {
    method: 'POST',
  }).then((r) => r.data);
}
