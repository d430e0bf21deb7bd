import type { QueryClient } from '@tanstack/react-query';
import type { ProgressView, Step } from '@portal/domain/next-step';
import { progressQueryOptions } from './progress-api';

/**
 * Where a screen sits among the steps its viewer counts (the step indicator): its index and the
 * total the counts show — every step of the proposal for a buyer, the seller's for the seller —
 * and the steps before and after it in flow order.
 */
export function stepPositionOf(
  progress: ProgressView | undefined,
  stepId: string,
): { index: number; total: number; step?: Step; previous?: Step; next?: Step } {
  const step = progress?.steps.find((s) => s.id === stepId);
  if (!progress || !step) return { index: -1, total: 0 };
  const index = progress.steps.indexOf(step);
  return {
    index,
    total: progress.steps.length,
    step,
    previous: progress.steps[index - 1],
    next: progress.steps[index + 1],
  };
}

function fetchProgress(queryClient: QueryClient, proposalId: string): Promise<ProgressView> {
  return queryClient.fetchQuery({ ...progressQueryOptions(proposalId), staleTime: 0 });
}

/**
 * The caller's next step, read fresh from the server after a step was done: what a screen's last
 * button leads to. Null when nothing is left for the caller. With `after`, a step of a sequence
 * (the FGTS forms) goes on to the step right after it while that one is still to do.
 */
export async function fetchNextStep(
  queryClient: QueryClient,
  proposalId: string,
  after?: string,
): Promise<Step | null> {
  const progress = await fetchProgress(queryClient, proposalId);
  const following = after ? stepPositionOf(progress, after).next : undefined;
  if (following && following.state !== 'done' && following.kind === 'section' && sameSequence(after!, following))
    return following;
  return progress.next;
}

/** Two steps of one sequence: the same kind of section prefix (fgts_…) for the same buyer. */
function sameSequence(stepId: string, step: Step): boolean {
  const [, key, buyer] = stepId.split(':');
  return key?.split('_')[0] === step.key.split('_')[0] && buyer === String(step.buyer ?? '-');
}
