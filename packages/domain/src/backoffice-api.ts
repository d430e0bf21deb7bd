import { z } from 'zod';
import { dataOf, pageOf } from './api-envelope';
import { auditEntrySchema, historyEntrySchema, operatorSchema, outboxEntrySchema } from './backoffice';
import { PROPOSAL_STAGES, PROPOSAL_STATUSES, proposalSchema } from './proposal';
import { SECTION_STATUSES } from './sections-registry';

/** A party of a proposal as the operator sees it (GET /backoffice/proposals/:id). */
export const backofficeMemberSchema = z.object({
  id: z.string(),
  role: z.enum(['buyer', 'seller']),
  position: z.number(),
  name: z.string(),
  email: z.string(),
  cpf: z.string().nullable(),
  hasAccount: z.boolean(),
});
export type BackofficeMember = z.infer<typeof backofficeMemberSchema>;

/** One section with what was submitted, as the operator reviews it. */
export const backofficeSectionSchema = z.object({
  key: z.string(),
  title: z.string(),
  scope: z.enum(['buyer', 'proposal', 'seller']),
  buyer: z.number().nullable(),
  required: z.boolean(),
  status: z.enum(SECTION_STATUSES),
  values: z.record(z.string(), z.unknown()).nullable(),
  hasDraft: z.boolean(),
  submittedAt: z.string().nullable(),
  reviewNote: z.string().nullable(),
});
export type BackofficeSection = z.infer<typeof backofficeSectionSchema>;

/** Everything the parties filled in, section by section, and what the operator may do next. */
export const backofficeProposalViewSchema = z.object({
  proposal: proposalSchema,
  members: z.array(backofficeMemberSchema),
  sections: z.array(backofficeSectionSchema),
  history: z.array(historyEntrySchema),
  nextStatuses: z.array(z.enum(PROPOSAL_STATUSES)),
  nextStages: z.array(z.enum(PROPOSAL_STAGES)),
  canRequestCorrection: z.boolean(),
  canViewHealth: z.boolean(),
  /** Document counts; null when the documents module is not there. */
  documents: z.object({ pending: z.number(), accepted: z.number(), rejected: z.number() }).nullable(),
  sellerCompletedAt: z.string().nullable(),
});
export type BackofficeProposalView = z.infer<typeof backofficeProposalViewSchema>;

/** A proposal just created by an operator. */
export const createdProposalSchema = z.object({ id: z.string(), code: z.string() });

/** The current situation of a proposal and its history (GET /proposals/:id/history). */
export const proposalHistorySchema = z.object({
  status: z.enum(PROPOSAL_STATUSES),
  statusLabel: z.string(),
  stage: z.enum(PROPOSAL_STAGES),
  stageLabel: z.string(),
  entries: z.array(historyEntrySchema),
});
export type ProposalHistory = z.infer<typeof proposalHistorySchema>;

export const backofficeProposalViewResponseSchema = dataOf(backofficeProposalViewSchema);
export const createdProposalResponseSchema = dataOf(createdProposalSchema);
export const proposalHistoryResponseSchema = dataOf(proposalHistorySchema);
export const auditPageResponseSchema = pageOf(auditEntrySchema);
export const outboxPageResponseSchema = pageOf(outboxEntrySchema);
export const operatorListResponseSchema = dataOf(z.array(operatorSchema));
export const operatorResponseSchema = dataOf(operatorSchema);
