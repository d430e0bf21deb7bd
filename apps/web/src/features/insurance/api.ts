import { useQuery } from '@tanstack/react-query';
import type { HealthAnswer } from '@portal/domain/health-questionnaire';
import type { DeclarationStatus, InsuranceOverview } from '@portal/domain/insurance';
import type { INSURERS } from '@portal/domain/proposal';
import { apiRequest } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';

export type Insurer = (typeof INSURERS)[number];
export type { DeclarationStatus, InsuranceOverview };

const base = (proposalId: string) => `/proposals/${encodeURIComponent(proposalId)}/insurance`;
export const insuranceKey = (proposalId: string) => ['proposals', proposalId, 'insurance'] as const;
const answersKey = (proposalId: string) => ['proposals', proposalId, 'insurance', 'answers'] as const;

export function useInsurance(proposalId: string | null) {
  return useQuery({
    queryKey: insuranceKey(proposalId ?? ''),
    enabled: proposalId !== null,
    staleTime: 0,
    queryFn: ({ signal }) => apiRequest<{ data: InsuranceOverview }>(base(proposalId!), { signal }).then((r) => r.data),
  });
}

/** The buyer's own answers. Health data: never kept in the cache once no screen shows it. */
export function useHealthAnswers(proposalId: string | null, enabled = true) {
  return useQuery({
    queryKey: answersKey(proposalId ?? ''),
    enabled: proposalId !== null && enabled,
    staleTime: 0,
    gcTime: 0,
    queryFn: ({ signal }) =>
      apiRequest<{ data: { buyer: number; answers: HealthAnswer[]; completed: boolean; completedAt: string | null } }>(
        `${base(proposalId!)}/answers`,
        { signal },
      ).then((r) => r.data),
  });
}

export function useAccessLog(proposalId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: [...insuranceKey(proposalId ?? ''), 'access-log'],
    enabled: proposalId !== null && enabled,
    queryFn: ({ signal }) =>
      apiRequest<{ data: { at: string; readerName: string; readerRole: string; action: string }[] }>(
        `${base(proposalId!)}/access-log`,
        { signal },
      ).then((r) => r.data),
  });
}

async function afterChange(proposalId: string, overview: InsuranceOverview) {
  queryClient.setQueryData(insuranceKey(proposalId), overview);
  await queryClient.invalidateQueries({ queryKey: answersKey(proposalId) });
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
