import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { proposalKeys } from '../../lib/proposals-api';
import type { FgtsStateData } from '@portal/domain/fgts-api';

/** Under the proposal's key: a section submit (which invalidates every proposal's) refreshes it. */
export const fgtsKeys = {
  state: (proposalId: string, buyer: number) => [...proposalKeys.detail(proposalId), 'fgts', buyer] as const,
};

export function getFgtsState(proposalId: string, buyer: number, signal?: AbortSignal) {
  return apiRequest<{ data: FgtsStateData }>(`/proposals/${encodeURIComponent(proposalId)}/fgts?buyer=${buyer}`, {
    signal,
  }).then((r) => r.data);
}

export const fgtsStateQueryOptions = (proposalId: string, buyer: number) =>
  queryOptions({
    queryKey: fgtsKeys.state(proposalId, buyer),
    staleTime: 0,
    queryFn: ({ signal }) => getFgtsState(proposalId, buyer, signal),
  });

export function useFgtsState(proposalId: string | null, buyer: number | null) {
  return useQuery({
    ...fgtsStateQueryOptions(proposalId ?? '', buyer ?? -1),
    enabled: proposalId !== null && buyer !== null,
  });
}

/** The authorized download of the buyer's filled-in form (Content-Disposition: attachment). */
export const fgtsPdfUrl = (proposalId: string, buyer: number) =>
  `/api/v3/proposals/${encodeURIComponent(proposalId)}/fgts/form.pdf?buyer=${buyer}`;
