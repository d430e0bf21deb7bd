import type { CepAddress } from '@portal/domain/cep-api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SectionList, SectionViewData, SubmittedSection } from '@portal/domain/sections-api';
import { apiRequest } from './api-client';
import { proposalKeys } from './proposals-api';

/** A section of the list (GET /proposals/:id/sections), saying whether it counts towards the progress. */
export type SectionSummary = SectionList['sections'][number];
/** One section with its values: the draft, the submitted values, what is prefilled and from where. */
export type SectionDetail = SectionViewData;

const base = (proposalId: string) => `/proposals/${encodeURIComponent(proposalId)}/sections`;
const query = (buyer: number | null) => (buyer === null ? '' : `?buyer=${buyer}`);

const list = (proposalId: string) => [...proposalKeys.detail(proposalId), 'sections'] as const;

/** The section resource's keys (docs/decisions/062-web-data-layer.md): one key per section and buyer. */
export const sectionKeys = {
  /** The list of a proposal's sections, and the prefix of each section's key. */
  list,
  /** One section of one buyer (null: a section of the proposal or of the seller). */
  detail: (proposalId: string, key: string, buyer: number | null) => [...list(proposalId), key, buyer] as const,
};

export function getSections(proposalId: string, signal?: AbortSignal) {
  return apiRequest<{ data: SectionList }>(base(proposalId), { signal }).then((r) => r.data);
}

export const sectionsQueryOptions = (proposalId: string) =>
  queryOptions({ queryKey: sectionKeys.list(proposalId), queryFn: ({ signal }) => getSections(proposalId, signal) });

export function useSections(proposalId: string | null) {
  return useQuery({ ...sectionsQueryOptions(proposalId ?? ''), enabled: proposalId !== null });
}

export function getSection(proposalId: string, key: string, buyer: number | null, signal?: AbortSignal) {
  return apiRequest<{ data: SectionDetail }>(`${base(proposalId)}/${key}${query(buyer)}`, { signal }).then(
    (r) => r.data,
  );
}

export const sectionQueryOptions = (proposalId: string, key: string, buyer: number | null) =>
  queryOptions({
    queryKey: sectionKeys.detail(proposalId, key, buyer),
    queryFn: ({ signal }) => getSection(proposalId, key, buyer, signal),
  });

/**
 * One section. Each screen says how fresh it needs it: the form reads it again on every visit and
 * drops it when it closes; a screen that only shows another section's values keeps it a while.
 */
export function useSection(
  proposalId: string,
  key: string,
  buyer: number | null,
  config: { staleTime?: number; gcTime?: number; enabled?: boolean; retry?: boolean } = {},
) {
  return useQuery({ ...sectionQueryOptions(proposalId, key, buyer), ...config });
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
