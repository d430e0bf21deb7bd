import type { CepAddress } from '@portal/domain/cep-api';
import { useQuery } from '@tanstack/react-query';
import type { SectionStatus } from '@portal/domain/sections-registry';
import { apiRequest } from './api-client';

export interface SectionSummary {
  key: string;
  title: string;
  scope: 'buyer' | 'proposal' | 'seller';
  required?: boolean;
  buyer: number | null;
  status: SectionStatus;
  canEdit: boolean;
  draftUpdatedAt: string | null;
  submittedAt: string | null;
  reviewNote: string | null;
}
export interface SectionDetail extends SectionSummary {
  draft: Record<string, unknown> | null;
  values: Record<string, unknown> | null;
  prefill: Record<string, unknown>;
  /** Titles of the earlier sections the prefilled values came from. */
  prefillFrom: string[];
}

const base = (proposalId: string) => `/proposals/${encodeURIComponent(proposalId)}/sections`;
const query = (buyer: number | null) => (buyer === null ? '' : `?buyer=${buyer}`);

export const sectionsKey = (proposalId: string) => ['proposals', proposalId, 'sections'] as const;
export const sectionKey = (proposalId: string, key: string, buyer: number | null) =>
  ['proposals', proposalId, 'sections', key, buyer] as const;

export function useSections(proposalId: string | null) {
  return useQuery({
    queryKey: sectionsKey(proposalId ?? ''),
    enabled: proposalId !== null,
    queryFn: ({ signal }) =>
      apiRequest<{ data: { fillingStatus: number; sections: SectionSummary[] } }>(base(proposalId!), { signal }).then(
        (r) => r.data,
      ),
  });
}

export function fetchSection(proposalId: string, key: string, buyer: number | null, signal?: AbortSignal) {
  return apiRequest<{ data: SectionDetail }>(`${base(proposalId)}/${key}${query(buyer)}`, { signal }).then(
    (r) => r.data,
  );
}

export function saveDraft(proposalId: string, key: string, buyer: number | null, draft: Record<string, unknown>) {
  return apiRequest<{ data: { draftUpdatedAt: string } }>(`${base(proposalId)}/${key}/draft${query(buyer)}`, {
    method: 'PUT',
    body: draft,
  }).then((r) => r.data);
}

export function submitSection(proposalId: string, key: string, buyer: number | null, values: Record<string, unknown>) {
  return apiRequest<{ data: SectionDetail & { fillingStatus: number } }>(`${base(proposalId)}/${key}${query(buyer)}`, {
    method: 'PUT',
    body: values,
  }).then((r) => r.data);
}

export function lookupCep(cep: string, signal?: AbortSignal) {
  return apiRequest<{ data: CepAddress }>(`/cep/${encodeURIComponent(cep)}`, { signal }).then((r) => r.data);
}
