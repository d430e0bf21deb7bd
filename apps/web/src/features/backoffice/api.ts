import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AuditEntry,
  NewOperatorInput,
  NewProposalInput,
  Operator,
  OutboxEntry,
  ProposalListPage,
} from '@portal/domain/backoffice';
import type { BackofficeProposalView } from '@portal/domain/backoffice-api';
import type { JobsOverview } from '@portal/domain/jobs-api';
import type { HealthAnswers } from '@portal/domain/insurance-api';
import type { ProposalStage, ProposalStatus } from '@portal/domain/proposal';
import { apiRequest } from '../../lib/api-client';
import { backofficeKeys } from './keys';

/** Query string of the non-empty values, in a stable order (it is also the cache key). */
export function toSearch(params: Record<string, string | number | undefined | null>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params).sort(([a], [b]) => a.localeCompare(b)))
    if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  return q.toString();
}

export function getProposalList(search: string, signal?: AbortSignal) {
  return apiRequest<ProposalListPage>(`/backoffice/proposals?${search}`, { signal });
}

export const proposalListQueryOptions = (search: string) =>
  queryOptions({
    queryKey: backofficeKeys.proposalList(search),
    queryFn: ({ signal }) => getProposalList(search, signal),
    placeholderData: keepPreviousData,
  });

export function useProposalList(params: Record<string, string | number | undefined>) {
  return useQuery(proposalListQueryOptions(toSearch(params)));
}

export function useCreateProposal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewProposalInput) =>
      apiRequest<{ data: { id: string; code: string } }>('/backoffice/proposals', { method: 'POST', body }).then(
        (r) => r.data,
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: backofficeKeys.proposals() }),
  });
}

export function getProposalView(id: string, signal?: AbortSignal) {
  return apiRequest<{ data: BackofficeProposalView }>(`/backoffice/proposals/${encodeURIComponent(id)}`, {
    signal,
  }).then((r) => r.data);
}

export const proposalViewQueryOptions = (id: string) =>
  queryOptions({
    queryKey: backofficeKeys.proposal(id),
    // Each read of a proposal is recorded: no refetch on focus.
    refetchOnWindowFocus: false,
    staleTime: 60_000,
    queryFn: ({ signal }) => getProposalView(id, signal),
  });

export function useProposalView(id: string) {
  return useQuery(proposalViewQueryOptions(id));
}

function useProposalMutation<T>(id: string, path: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: T) =>
      apiRequest(`/backoffice/proposals/${encodeURIComponent(id)}${path}`, { method: 'POST', body }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: backofficeKeys.proposal(id) }),
        client.invalidateQueries({ queryKey: backofficeKeys.proposals() }),
      ]),
  });
}

export const useChangeStatus = (id: string) =>
  useProposalMutation<{ status: ProposalStatus; reason: string }>(id, '/status');
export const useChangeStage = (id: string) =>
  useProposalMutation<{ stage: ProposalStage; reason: string }>(id, '/stage');

export function useRequestCorrection(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ key, buyer, note }: { key: string; buyer: number | null; note: string }) =>
      apiRequest(`/backoffice/proposals/${encodeURIComponent(id)}/sections/${encodeURIComponent(key)}/correction`, {
        method: 'POST',
        body: buyer === null ? { note } : { buyer, note },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: backofficeKeys.proposal(id) }),
  });
}

/** The insurance module's access-logged read (docs/decisions/009-fgts-and-health-declaration.md): fetched only when the operator asks. */
export function fetchHealthAnswers(proposalId: string, buyer: number) {
  return apiRequest<{ data: HealthAnswers }>(
    `/proposals/${encodeURIComponent(proposalId)}/insurance/answers?buyer=${buyer}`,
  ).then((r) => r.data);
}

export function getAudit(search: string, signal?: AbortSignal) {
  return apiRequest<{ data: AuditEntry[]; page: { next: string | null } }>(`/backoffice/audit?${search}`, { signal });
}

export const auditQueryOptions = (search: string) =>
  queryOptions({
    queryKey: backofficeKeys.audit(search),
    queryFn: ({ signal }) => getAudit(search, signal),
    placeholderData: keepPreviousData,
  });

export function useAudit(params: Record<string, string | undefined>) {
  return useQuery(auditQueryOptions(toSearch(params)));
}

export function getOutbox(search: string, signal?: AbortSignal) {
  return apiRequest<{ data: OutboxEntry[]; page: { next: string | null } }>(`/backoffice/outbox?${search}`, {
    signal,
  });
}

export const outboxQueryOptions = (search: string) =>
  queryOptions({
    queryKey: backofficeKeys.outbox(search),
    queryFn: ({ signal }) => getOutbox(search, signal),
    placeholderData: keepPreviousData,
  });

export function useOutbox(params: Record<string, string | undefined>) {
  return useQuery(outboxQueryOptions(toSearch(params)));
}

export function getOperators(signal?: AbortSignal) {
  return apiRequest<{ data: Operator[] }>('/operators', { signal }).then((r) => r.data);
}

export const operatorsQueryOptions = () =>
  queryOptions({ queryKey: backofficeKeys.operators(), queryFn: ({ signal }) => getOperators(signal) });

export function useOperators() {
  return useQuery(operatorsQueryOptions());
}

export function useCreateOperator() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewOperatorInput) =>
      apiRequest<{ data: Operator }>('/operators', { method: 'POST', body }).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: backofficeKeys.operators() }),
  });
}

export function useSetHealthPermission() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, canViewHealth }: { id: string; canViewHealth: boolean }) =>
      apiRequest(`/operators/${encodeURIComponent(id)}`, { method: 'PATCH', body: { canViewHealth } }),
    onSuccess: () => client.invalidateQueries({ queryKey: backofficeKeys.operators() }),
  });
}

/** Downloads the dossier ZIP through the browser (same-origin cookie; streamed by the server). */
export function dossierUrl(proposalId: string) {
  return `/api/v3/backoffice/proposals/${encodeURIComponent(proposalId)}/dossier`;
}

/** GET /backoffice/jobs: counts per queue and the failed jobs; refreshed every 10 s while the page is open. */
export function getJobs(signal?: AbortSignal) {
  return apiRequest<{ data: JobsOverview }>('/backoffice/jobs', { signal }).then((r) => r.data);
}

export const jobsQueryOptions = () =>
  queryOptions({
    queryKey: backofficeKeys.jobs(),
    queryFn: ({ signal }) => getJobs(signal),
    refetchInterval: 10_000,
  });

export function useJobs() {
  return useQuery(jobsQueryOptions());
}

export function useRetryJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { queue: string; id: string }) =>
      apiRequest<{ data: { ok: true } }>('/backoffice/jobs/retry', { method: 'POST', body }),
    onSettled: () => client.invalidateQueries({ queryKey: backofficeKeys.jobs() }),
  });
}
