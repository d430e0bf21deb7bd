import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HealthAnswer } from '@portal/domain/health-questionnaire';
import type { DeclarationStatus, InsuranceOverview } from '@portal/domain/insurance';
import type { INSURERS } from '@portal/domain/proposal';
import { apiRequest } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { proposalKeys } from '../../lib/proposals-api';

export type Insurer = (typeof INSURERS)[number];
export type { DeclarationStatus, InsuranceOverview };

const base = (proposalId: string) => `/proposals/${encodeURIComponent(proposalId)}/insurance`;

type HealthAnswersView = { buyer: number; answers: HealthAnswer[]; completed: boolean; completedAt: string | null };
type AccessLogEntry = { at: string; readerName: string; readerRole: string; action: string };

const overviewKey = (proposalId: string) => [...proposalKeys.detail(proposalId), 'insurance'] as const;

/** The insurance resource's keys: the overview, and under it the buyer's answers and the access log. */
export const insuranceKeys = {
  overview: overviewKey,
  answers: (proposalId: string) => [...overviewKey(proposalId), 'answers'] as const,
  accessLog: (proposalId: string) => [...overviewKey(proposalId), 'access-log'] as const,
};

export function getInsurance(proposalId: string, signal?: AbortSignal) {
  return apiRequest<{ data: InsuranceOverview }>(base(proposalId), { signal }).then((r) => r.data);
}

export const insuranceQueryOptions = (proposalId: string) =>
  queryOptions({
    queryKey: insuranceKeys.overview(proposalId),
    staleTime: 0,
    queryFn: ({ signal }) => getInsurance(proposalId, signal),
  });

export function useInsurance(proposalId: string | null) {
  return useQuery({ ...insuranceQueryOptions(proposalId ?? ''), enabled: proposalId !== null });
}

export function getHealthAnswers(proposalId: string, signal?: AbortSignal) {
  return apiRequest<{ data: HealthAnswersView }>(`${base(proposalId)}/answers`, { signal }).then((r) => r.data);
}

/** The buyer's own answers. Health data: never kept in the cache once no screen shows it. */
export const healthAnswersQueryOptions = (proposalId: string) =>
  queryOptions({
    queryKey: insuranceKeys.answers(proposalId),
    staleTime: 0,
    gcTime: 0,
    queryFn: ({ signal }) => getHealthAnswers(proposalId, signal),
  });

export function useHealthAnswers(proposalId: string | null, enabled = true) {
  return useQuery({ ...healthAnswersQueryOptions(proposalId ?? ''), enabled: proposalId !== null && enabled });
}

export function getAccessLog(proposalId: string, signal?: AbortSignal) {
  return apiRequest<{ data: AccessLogEntry[] }>(`${base(proposalId)}/access-log`, { signal }).then((r) => r.data);
}

export const accessLogQueryOptions = (proposalId: string) =>
  queryOptions({
    queryKey: insuranceKeys.accessLog(proposalId),
    queryFn: ({ signal }) => getAccessLog(proposalId, signal),
  });

export function useAccessLog(proposalId: string | null, enabled: boolean) {
  return useQuery({ ...accessLogQueryOptions(proposalId ?? ''), enabled: proposalId !== null && enabled });
}

async function afterChange(proposalId: string, overview: InsuranceOverview) {
  queryClient.setQueryData(insuranceKeys.overview(proposalId), overview);
  await queryClient.invalidateQueries({ queryKey: insuranceKeys.answers(proposalId) });
  return overview;
}

export async function grantConsent(proposalId: string, version: string) {
  const r = await apiRequest<{ data: InsuranceOverview }>(`${base(proposalId)}/consent`, {
    method: 'POST',
    body: { version, accepted: true },
  });
  return afterChange(proposalId, r.data);
}

export async function revokeConsent(proposalId: string) {
  const r = await apiRequest<{ data: InsuranceOverview }>(`${base(proposalId)}/consent`, { method: 'DELETE' });
  return afterChange(proposalId, r.data);
}

export async function saveAnswer(
  proposalId: string,
  position: number,
  body: { value: 'yes' | 'no'; medication?: 'yes' | 'no'; treatment?: 'yes' | 'no' },
) {
  const r = await apiRequest<{ data: InsuranceOverview }>(`${base(proposalId)}/answers/${position}`, {
    method: 'PUT',
    body,
  });
  return afterChange(proposalId, r.data);
}

export async function confirmDeclaration(proposalId: string, version: string) {
  const r = await apiRequest<{ data: InsuranceOverview }>(`${base(proposalId)}/confirm`, {
    method: 'POST',
    body: { declaration: true, version },
  });
  return afterChange(proposalId, r.data);
}
