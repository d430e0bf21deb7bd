import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProgressView } from '@portal/domain/next-step';
import { apiRequest } from './api-client';
import { proposalKeys } from './proposals-api';

/**
 * GET /proposals/:id/progress: the one derived "what is next" of a proposal (steps of each party,
 * the count every screen shows, the caller's next step). Read again on every screen that shows it,
 * so a step done on the previous screen is counted at once.
 */
export const progressKeys = {
  detail: (proposalId: string) => [...proposalKeys.detail(proposalId), 'progress'] as const,
};

export function getProgress(proposalId: string, signal?: AbortSignal) {
  return apiRequest<{ data: ProgressView }>(`/proposals/${encodeURIComponent(proposalId)}/progress`, { signal }).then(
    (r) => r.data,
  );
}

export const progressQueryOptions = (proposalId: string) =>
  queryOptions({
    queryKey: progressKeys.detail(proposalId),
    queryFn: ({ signal }) => getProgress(proposalId, signal),
  });

export function useProgress(proposalId: string | null) {
  return useQuery({
    ...progressQueryOptions(proposalId ?? ''),
    enabled: proposalId !== null,
    refetchOnMount: 'always',
  });
}

/** The main buyer sends the proposal for analysis; 409 with the steps still missing. */
export function sendForAnalysis(proposalId: string) {
  return apiRequest<{ data: ProgressView }>(`/proposals/${encodeURIComponent(proposalId)}/send-for-analysis`, {
    method: 'POST',
  }).then((r) => r.data);
}
