import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DocumentItemKey } from '@portal/domain/documents';
import type { DocumentFile, DocumentItem, DocumentsData } from '@portal/domain/documents-views';
import type { DocumentEvent } from '@portal/domain/documents-api';
import { apiRequest } from './api-client';
import { proposalKeys } from './proposals-api';

export type { DocumentFile, DocumentItem, DocumentsData };

const base = (proposalId: string) => `/proposals/${encodeURIComponent(proposalId)}/documents`;
const list = (proposalId: string) => [...proposalKeys.detail(proposalId), 'documents'] as const;

export const documentKeys = {
  /** The checklist with its files, and the prefix of the documents' events. */
  list,
  events: (proposalId: string) => [...list(proposalId), 'events'] as const,
};

export function getDocuments(proposalId: string, signal?: AbortSignal) {
  return apiRequest<{ data: DocumentsData }>(base(proposalId), { signal }).then((r) => r.data);
}

export const documentsQueryOptions = (proposalId: string) =>
  queryOptions({ queryKey: documentKeys.list(proposalId), queryFn: ({ signal }) => getDocuments(proposalId, signal) });

export function useDocuments(proposalId: string | null) {
  return useQuery({ ...documentsQueryOptions(proposalId ?? ''), enabled: proposalId !== null });
}

export function getDocumentEvents(proposalId: string, signal?: AbortSignal) {
  return apiRequest<{ data: DocumentEvent[] }>(`${base(proposalId)}/events`, { signal }).then((r) => r.data);
}

export const documentEventsQueryOptions = (proposalId: string) =>
  queryOptions({
    queryKey: documentKeys.events(proposalId),
    queryFn: ({ signal }) => getDocumentEvents(proposalId, signal),
  });

export function useDocumentEvents(proposalId: string) {
  return useQuery(documentEventsQueryOptions(proposalId));
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
