import { useQuery } from '@tanstack/react-query';
import type { DeletionStatus } from '@portal/domain/privacy';
import { apiRequest } from '../../lib/api-client';
import type { PrivacyRequest } from '@portal/domain/privacy-api';

const all = ['privacy'] as const;

/** The privacy screens' query keys: the person's own status, and under it the operators' request list. */
export const privacyKeys = {
  status: () => all,
  requests: () => [...all, 'requests'] as const,
};

export function usePrivacyStatus() {
  return useQuery({
    queryKey: privacyKeys.status(),
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
    queryKey: privacyKeys.requests(),
    queryFn: ({ signal }) =>
      apiRequest<{ data: PrivacyRequest[] }>('/privacy/requests', { signal }).then((r) => r.data),
  });
}
export function completeRequest(id: string) {
  return apiRequest<{ data: { message: string } }>(`/privacy/requests/${encodeURIComponent(id)}/complete`, {
    method: 'POST',
  }).then((r) => r.data);
}

/** The reminder e-mails' switch of the signed-in person (docs/decisions/049-reminders-and-metrics.md). */
export const myRemindersKey = ['reminders', 'me'] as const;
export function fetchMyReminders(signal?: AbortSignal) {
  return apiRequest<{ data: { enabled: boolean } }>('/reminders/me', { signal }).then((r) => r.data);
}
export function setMyReminders(enabled: boolean) {
  return apiRequest<{ data: { enabled: boolean } }>('/reminders/me', { method: 'PUT', body: { enabled } }).then(
    (r) => r.data,
  );
}
