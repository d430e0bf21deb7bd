import { nextStepFor, type ProgressView, type ProposalProgress, type Viewer } from '@portal/domain/next-step';
import type { LoadedProposal } from './work';

/** Who the caller is on the proposal (null for operators). */
function viewerOf({ me }: LoadedProposal): Viewer | null {
  if (!me) return null;
  return me.role === 'seller' ? { role: 'seller' } : { role: 'buyer', position: me.position };
}

/**
 * A proposal's progress as its caller may see it, with the caller's next step: a seller sees the
 * seller's steps only, nothing of the buyers' forms; an operator has no next step.
 */
export function progressViewFor(loaded: LoadedProposal, progress: ProposalProgress): ProgressView {
  const viewer = viewerOf(loaded);
  const next = viewer ? nextStepFor(progress.steps, viewer) : null;
  if (viewer?.role === 'seller') {
    const { done, total, percent } = progress.seller;
    return {
      done,
      total,
      percent,
      buyer: null,
      seller: progress.seller,
      steps: progress.steps.filter((s) => s.party === 'seller'),
      next,
    };
  }
  return { ...progress, next };
}
