import type { CepAddress } from '@portal/domain/cep-api';
import { useQuery } from '@tanstack/react-query';
import type { SectionList, SectionViewData, SubmittedSection } from '@portal/domain/sections-api';
import { apiRequest } from './api-client';

/** A section of the list (GET /proposals/:id/sections), saying whether it counts towards the progress. */
export type SectionSummary = SectionList['sections'][number];
/** One section with its values: the draft, the submitted values, what is prefilled and from where. */
export type SectionDetail = SectionViewData;

const base = (proposalId: string) => `/proposals/${encodeURIComponent(proposalId)}/sections`;
const query = (buyer: number | null) => (buyer === null ? '' : `?buyer=${buyer}`);

export const sectionsKey = (proposalId: string) => ['proposals', proposalId, 'sections'] as const;
export const sectionKey = (proposalId: string, key: string, buyer: number | null) =>
  ['proposals', proposalId, 'sections', key, buyer] as const;

export function useSections(proposalId: string | null) {
  return useQuery({
    queryKey: sectionsKey(proposalId ?? ''),
    enabled: proposalId !== null,
    queryFn: ({ signal }) => apiRequest<{ data: SectionList }>(base(proposalId!), { signal }).then((r) => r.data),
  });
}

export function fetchSection(proposalId: string, key: string, buyer: number | null, signal?: AbortSignal) {
  return apiRequest<{ data: SectionDetail }>(`${base(proposalId)}/${key}${query(buyer)}`, { signal }).then(
    (r) => r.data,
  );
}

export function saveDraft(
  proposalId: string,
  key: string,
  buyer: number | null,
  draft: Record<string, unknown>,
  signal?: AbortSignal,
) {
  return apiRequest<{ data: { draftUpdatedAt: string } }>(`${base(proposalId)}/${key}/draft${query(buyer)}`, {
    method: 'PUT',
    body: draft,
    signal,
  }).then((r) => r.data);
}

export function submitSection(proposalId: string, key: string, buyer: number | null, values: Record<string, unknown>) {
  return apiRequest<{ data: SubmittedSection }>(`${base(proposalId)}/${key}${query(buyer)}`, {
    method: 'PUT',
    body: values,
  }).then((r) => r.data);
}

export function lookupCep(cep: string, signal?: AbortSignal) {
  return apiRequest<{ data: CepAddress }>(`/cep/${encodeURIComponent(cep)}`, { signal }).then((r) => r.data);
}
