import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeletionStatus } from '@portal/domain/privacy';
import { apiRequest } from '../../lib/api-client';
import type { PrivacyRequest } from '@portal/domain/privacy-api';

const all = ['privacy'] as const;

/** The privacy screens' query keys: the person's own status, and under it the operators' request list. */
export const privacyKeys = {
  status: () => all,
  requests: () => [...all, 'requests'] as const,
};

export function getPrivacyStatus(signal?: AbortSignal) {
  return apiRequest<{ data: { deletion: { status: DeletionStatus; requestedAt: string } | null } }>('/privacy', {
    signal,
  }).then((r) => r.data);
}

export const privacyStatusQueryOptions = () =>
  queryOptions({ queryKey: privacyKeys.status(), queryFn: ({ signal }) => getPrivacyStatus(signal) });

export function usePrivacyStatus() {
  return useQuery(privacyStatusQueryOptions());
}

export function exportMyData() {
  return apiRequest<{ data: unknown }>('/privacy/export').then((r) => r.data);
}

export function requestDeletion() {
  return apiRequest<{ data: { id: string; message: string } }>('/privacy/deletion-request', { method: 'POST' }).then(
    (r) => r.data,
  );
}

export function getPrivacyRequests(signal?: AbortSignal) {
  return apiRequest<{ data: PrivacyRequest[] }>('/privacy/requests', { signal }).then((r) => r.data);
}

export const privacyRequestsQueryOptions = () =>
  queryOptions({ queryKey: privacyKeys.requests(), queryFn: ({ signal }) => getPrivacyRequests(signal) });

export function usePrivacyRequests() {
  return useQuery(privacyRequestsQueryOptions());
}
export function completeRequest(id: string) {
  return apiRequest<{ data: { message: string } }>(`/privacy/requests/${encodeURIComponent(id)}/complete`, {
    method: 'POST',
  }).then((r) => r.data);
}

/** The reminder e-mails' switch of the signed-in person (docs/decisions/049-reminders-and-metrics.md). */
export const myRemindersKey = ['reminders', 'me'] as const;
export function getMyReminders(signal?: AbortSignal) {
  return apiRequest<{ data: { enabled: boolean } }>('/reminders/me', { signal }).then((r) => r.data);
}
export const myRemindersQueryOptions = () =>
  queryOptions({ queryKey: myRemindersKey, queryFn: ({ signal }) => getMyReminders(signal) });
export function useMyReminders() {
  return useQuery(myRemindersQueryOptions());
}
export function setMyReminders(enabled: boolean) {
  return apiRequest<{ data: { enabled: boolean } }>('/reminders/me', { method: 'PUT', body: { enabled } }).then(
    (r) => r.data,
  );
}
