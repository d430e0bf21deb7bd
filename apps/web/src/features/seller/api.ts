import { useQuery } from '@tanstack/react-query';
import type { SellerProposal } from '@portal/domain/proposal';
import type { ItemState } from '@portal/domain/documents';
import { apiRequest } from '../../lib/api-client';

/** The proposals the seller was invited to (the API strips the buyers' e-mail and CPF for sellers). */
export function useSellerProposals() {
  return useQuery({
    queryKey: ['proposals'],
    queryFn: ({ signal }) => apiRequest<{ data: SellerProposal[] }>('/proposals', { signal }).then((r) => r.data),
  });
}

export function useSellerProposal(id: string) {
  return useQuery({
    queryKey: ['proposals', id],
    queryFn: ({ signal }) =>
      apiRequest<{ data: SellerProposal }>(`/proposals/${encodeURIComponent(id)}`, { signal }).then((r) => r.data),
  });
}

/** The seller's document items (GET /proposals/:id/documents shows a seller only the seller's items). */
export interface SellerDocumentItem {
  key: string;
  title: string;
  hint: string;
  uploader: 'buyer' | 'seller';
  state: ItemState;
  reason: string | null;
  expiresAt: string | null;
  canUpload: boolean;
  files: { id: string; name: string; status: string; uploadedAt: string }[];
}

export function useSellerDocuments(id: string) {
  return useQuery({
    queryKey: ['proposals', id, 'documents'],
    queryFn: ({ signal }) =>
      apiRequest<{ data: { items: SellerDocumentItem[]; canUpload: boolean } }>(
        `/proposals/${encodeURIComponent(id)}/documents`,
        { signal },
      ).then((r) => r.data),
  });
}
