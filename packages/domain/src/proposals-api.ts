import { z } from 'zod';
import { dataOf } from './api-envelope';
import { progressViewSchema } from './progress-view';
import { proposalSchema, sellerProposalSchema } from './proposal';

/** Each party gets only what its screens use: sellers get the seller's view (no financing terms). */
export const proposalViewSchema = z.union([proposalSchema, sellerProposalSchema]);
export type ProposalView = z.infer<typeof proposalViewSchema>;

export const proposalListResponseSchema = dataOf(z.array(proposalViewSchema));
export const proposalResponseSchema = dataOf(proposalViewSchema);
/** What is left on a proposal, for the caller (GET /proposals/:id/progress, POST …/send-for-analysis). */
export const progressResponseSchema = dataOf(progressViewSchema);
