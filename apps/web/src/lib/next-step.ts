import type { QueryClient } from '@tanstack/react-query';
import type { ProgressView, Step } from '@portal/domain/next-step';
import { apiRequest } from './api-client';
import { progressKey } from './progress-api';

/**
 * Where a screen sits among its party's steps (the step indicator): its index, the party's total
 * (the same total the counts show), and the steps before and after it in flow order.
 */
export function stepPositionOf(
  progress: ProgressView | undefined,
  stepId: string,
): { index: number; total: number; step?: Step; previous?: Step; next?: Step } {
  const step = progress?.steps.find((s) => s.id === stepId);
  if (!progress || !step) return { index: -1, total: 0 };
  const own = progress.steps.filter((s) => s.party === step.party);
  const index = own.indexOf(step);
  return { index, total: own.length, step, previous: own[index - 1], next: own[index + 1] };
}

/**
 * The caller's next step, read fresh from the server after a step was done: what a screen's last
 * button leads to. Null when nothing is left for the caller.
 */
export async function fetchNextStep(queryClient: QueryClient, proposalId: string): Promise<Step | null> {
  const progress = await queryClient.fetchQuery({
    queryKey: progressKey(proposalId),
    staleTime: 0,
    queryFn: ({ signal }) =>
      apiRequest<{ data: ProgressView }>(`/proposals/${encodeURIComponent(proposalId)}/progress`, { signal }).then(
        (r) => r.data,
      ),
  });
  return progress.next;
}
