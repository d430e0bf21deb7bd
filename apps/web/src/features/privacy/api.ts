import { useQuery } from '@tanstack/react-query';
import type { DeletionStatus } from '@portal/domain/privacy';
import { apiRequest } from '../../lib/api-client';
import type { PrivacyRequest } from '@portal/domain/privacy-api';

export function usePrivacyStatus() {
  return useQuery({
    queryKey: ['privacy'],
    queryFn: ({ signal }) =>
      apiRequest<{ data: { deletion: { status: DeletionStatus; requestedAt: string } | null } }>('/privacy', {
        signal,
      }).then((r) => r.data),
  });
}

export function exportMyData() {
  return apiRequest<{ data: unknown }>('/privacy/export').then((r) => r.data);
}

export function requestDeletion() {
  return apiRequest<{ data: { id: string; message: string } }>('/privacy/deletion-request', { method: 'POST' }).then(
    (r) => r.data,
  );
}

export function usePrivacyRequests() {
  return useQuery({
    queryKey: ['privacy', 'requests'],
    queryFn: ({ signal }) =>
      apiRequest<{ data: PrivacyRequest[] }>('/privacy/requests', { signal }).then((r) => r.data),
  });
}
export function completeRequest(id: string) {
  return apiRequest<{ data: { message: string } }>(`/privacy/requests/${encodeURIComponent(id)}/complete`, {
    method: 'POST',
  }).then((r) => r.data);
}
