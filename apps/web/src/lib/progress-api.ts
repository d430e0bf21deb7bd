import { useQuery } from '@tanstack/react-query';
import type { ProgressView } from '@portal/domain/next-step';
import { apiRequest } from './api-client';

/**
 * GET /proposals/:id/progress: the one derived "what is next" of a proposal (steps of each party,
 * the count every screen shows, the caller's next step). Read again on every screen that shows it,
 * so a step done on the previous screen is counted at once.
 */
export const progressKey = (proposalId: string) => ['proposals', proposalId, 'progress'] as const;

export function useProgress(proposalId: string | null) {
  return useQuery({
    queryKey: progressKey(proposalId ?? ''),
    enabled: proposalId !== null,
    refetchOnMount: 'always',
    queryFn: ({ signal }) =>
      apiRequest<{ data: ProgressView }>(`/proposals/${encodeURIComponent(proposalId!)}/progress`, { signal }).then(
        (r) => r.data,
      ),
  });
}

/** The main buyer sends the proposal for analysis; 409 with the steps still missing. */
export function sendForAnalysis(proposalId: string) {
  return apiRequest<{ data: ProgressView }>(`/proposals/${encodeURIComponent(proposalId)}/send-for-analysis`, {
    method: 'POST',
  }).then((r) => r.data);
}
