import type { SessionUser } from '@portal/domain/auth';
import type { ProgressView } from '@portal/domain/next-step';
import { progressViewFor } from './progress-view';
import type { ProposalsService } from './proposals.service';
import { sendForAnalysis } from './send-for-analysis';

/**
 * The derived progress of a proposal as each party may see it, and the buyers' last step (send
 * for analysis, send-for-analysis.ts). A seller sees the seller's steps only: nothing of the
 * buyers' forms.
 */
export function createProgressService(deps: { proposals: ProposalsService; publicUrl: string }) {
  const { proposals } = deps;

  /**
   * What is left, computed from the proposal loaded once: a read writes nothing
   * (docs/decisions/059-the-proposal-core.md); the stored percentage is kept by the changes that
   * move a step, in their own transactions. 404 for anyone not on the proposal.
   */
  const progressFor = (user: SessionUser, proposalId: string): Promise<ProgressView> =>
    proposals.readProposal(
      user,
      proposalId,
      async ({ loaded, progress }) => progressViewFor(loaded, await progress()),
      { progress: true },
    );

  return { progressFor, sendForAnalysis: sendForAnalysis(deps) };
}
export type ProgressService = ReturnType<typeof createProgressService>;
