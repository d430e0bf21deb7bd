import { useQuery } from '@tanstack/react-query';
import { API_MESSAGES } from '@portal/domain/api-error';
import type { DocumentItemKey } from '@portal/domain/documents';
import type { DocumentFile, DocumentItem, DocumentsData } from '@portal/domain/documents-views';
import { API_TIMEOUT_MS, ApiRequestError, apiRequest, reportUnauthorized } from './api-client';
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

/**
 * Sends one file with XMLHttpRequest, whose upload events report progress (fetch cannot, yet, in
 * every browser). The API's 60-second timeout (docs/product/api.md) counts from the last sign of progress, so
 * a large file on a slow phone connection is not cut off while it is still moving.
 */
export function uploadDocumentFile(args: {
  proposalId: string;
  item: DocumentItemKey;
  file: File;
  /** The document's issue date (AAAA-MM-DD), for one that ages; its validity counts from it. */
  issuedOn?: string | null;
  onProgress: (fraction: number) => void;
  signal?: AbortSignal;
}): Promise<DocumentFile> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    let idle: ReturnType<typeof setTimeout> | undefined;
    const arm = () => {
      clearTimeout(idle);
      idle = setTimeout(() => {
        xhr.abort();
        reject(
          new ApiRequestError(0, 'timeout', 'O envio parou de avançar. Verifique sua internet e tente novamente.'),
        );
      }, API_TIMEOUT_MS);
    };
    const query = args.issuedOn ? `?issuedOn=${encodeURIComponent(args.issuedOn)}` : '';
    xhr.open('POST', `/api/v3${base(args.proposalId)}/${args.item}/files${query}`);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      arm();
      if (e.lengthComputable) args.onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      clearTimeout(idle);
      if (xhr.status === 401) reportUnauthorized();
      const body = xhr.response as {
        data?: DocumentFile;
        error?: { code: string; message: string; fields?: Record<string, string> };
      } | null;
      if (xhr.status >= 200 && xhr.status < 300 && body?.data) {
        args.onProgress(1);
        resolve(body.data);
        return;
      }
      const e = body?.error;
      reject(
        new ApiRequestError(xhr.status, e?.code ?? 'http_error', e?.message ?? API_MESSAGES.internal, e?.fields ?? {}),
      );
    };
    xhr.onerror = () => {
      clearTimeout(idle);
      reject(new ApiRequestError(0, 'network', 'Não foi possível enviar. Verifique sua internet e tente novamente.'));
    };
    xhr.onabort = () => {
      clearTimeout(idle);
      reject(new DOMException('Envio cancelado.', 'AbortError'));
    };
    args.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', args.file, args.file.name);
    arm();
    xhr.send(form);
  });
}
