import { useQuery } from '@tanstack/react-query';
import type { DocumentItemKey } from '@portal/domain/documents';
import type { DocumentFile, DocumentItem, DocumentsData } from '@portal/domain/documents-views';
import { apiRequest } from './api-client';
import type { DocumentEvent } from '@portal/domain/documents-api';

export type { DocumentFile, DocumentItem, DocumentsData };

const base = (proposalId: string) => `/proposals/${encodeURIComponent(proposalId)}/documents`;
export const documentsKey = (proposalId: string) => ['proposals', proposalId, 'documents'] as const;

export function useDocuments(proposalId: string | null) {
  return useQuery({
    queryKey: documentsKey(proposalId ?? ''),
    enabled: proposalId !== null,
    queryFn: ({ signal }) => apiRequest<{ data: DocumentsData }>(base(proposalId!), { signal }).then((r) => r.data),
  });
}

export function useDocumentEvents(proposalId: string) {
  return useQuery({
    queryKey: [...documentsKey(proposalId), 'events'],
    queryFn: ({ signal }) =>
      apiRequest<{ data: DocumentEvent[] }>(`${base(proposalId)}/events`, { signal }).then((r) => r.data),
  });
}

/** The authorized download route; inline for the in-page preview. */
export function fileContentUrl(proposalId: string, fileId: string, inline = false) {
  return `/api/v3${base(proposalId)}/files/${encodeURIComponent(fileId)}/content${inline ? '?inline=1' : ''}`;
}

export function deleteDocumentFile(proposalId: string, fileId: string) {
  return apiRequest<null>(`${base(proposalId)}/files/${encodeURIComponent(fileId)}`, { method: 'DELETE' });
}

export type ReviewDecision = { decision: 'accept' } | { decision: 'reject'; reason: string };

export function reviewDocumentFile(proposalId: string, fileId: string, body: ReviewDecision) {
  return apiRequest<{ data: DocumentsData }>(`${base(proposalId)}/files/${encodeURIComponent(fileId)}/review`, {
    method: 'POST',
    body,
  }).then((r) => r.data);
}

export function reviewDocumentItem(proposalId: string, item: DocumentItemKey, body: ReviewDecision) {
  return apiRequest<{ data: DocumentsData }>(`${base(proposalId)}/${item}/review`, { method: 'POST', body }).then(
    (r) => r.data,
  );
}
