import { changeStage } from './change-stage';
import { changeStatus } from './change-status';
import { createProposalReviewContext, type ProposalReviewDeps } from './proposal-review-context';
import { requestCorrection } from './request-correction';

/**
 * What an operator changes on a proposal: its status (along the machine's edges), its stage, and a
 * section sent back for correction. Each change is recorded in the history and the audit log and
 * e-mailed to the party it asks something of, in one transaction. Each use case is one file, named
 * after it, on the proposal core (docs/decisions/059-the-proposal-core.md).
 */
export function createProposalReviewService(deps: ProposalReviewDeps) {
  const ctx = createProposalReviewContext(deps);
  return {
    changeStatus: changeStatus(ctx),
    changeStage: changeStage(ctx),
    requestCorrection: requestCorrection(ctx),
  };
}
export type ProposalReviewService = ReturnType<typeof createProposalReviewService>;
