import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import type { FgtsStateData } from '@portal/domain/fgts-api';

/** Under ['proposals', …]: a section submit (which invalidates 'proposals') refreshes it. */
export const fgtsStateKey = (proposalId: string, buyer: number) => ['proposals', proposalId, 'fgts', buyer] as const;

export function useFgtsState(proposalId: string | null, buyer: number | null) {
  return useQuery({
    queryKey: fgtsStateKey(proposalId ?? '', buyer ?? -1),
    enabled: proposalId !== null && buyer !== null,
    staleTime: 0,
    queryFn: ({ signal }) =>
      apiRequest<{ data: FgtsStateData }>(`/proposals/${encodeURIComponent(proposalId!)}/fgts?buyer=${buyer}`, {
        signal,
      }).then((r) => r.data),
  });
}

/** The authorized download of the buyer's filled-in form (Content-Disposition: attachment). */
export const fgtsPdfUrl = (proposalId: string, buyer: number) =>
  `/api/v3/proposals/${encodeURIComponent(proposalId)}/fgts/form.pdf?buyer=${buyer}`;
