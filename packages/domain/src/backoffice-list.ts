import { z } from 'zod';
import { LIST_SORTS } from './backoffice-list-sorts';
import { INSURERS, PROPOSAL_STAGES, PROPOSAL_STATUSES, PROPOSAL_TYPES } from './proposal-values';

/** The back office's list of proposals: its query (filters, sort, keyset page) and its rows. */

export * from './backoffice-list-sorts';

export const proposalListQuerySchema = z.strictObject({
  q: z.string().trim().max(100).optional(),
  status: z.enum(PROPOSAL_STATUSES).optional(),
  stage: z.enum(PROPOSAL_STAGES).optional(),
  type: z.enum(PROPOSAL_TYPES).optional(),
  insurer: z.enum(INSURERS).optional(),
  /** 'me': the proposals the caller is responsible for ("Minhas propostas"). */
  responsible: z.enum(['me']).optional(),
  /** 'yes': proposals with documents waiting for the operator; 'no': none waiting. */
  pendingDocuments: z.enum(['yes', 'no']).optional(),
  sort: z.enum(LIST_SORTS).default('updatedAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  /** Opaque keyset cursor from a previous page (next or previous). */
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(5).max(100).default(20),
});
export type ProposalListQuery = z.input<typeof proposalListQuerySchema>;

export const proposalListItemSchema = z.object({
  id: z.string(),
  code: z.string(),
  type: z.enum(PROPOSAL_TYPES),
  status: z.enum(PROPOSAL_STATUSES),
  stage: z.enum(PROPOSAL_STAGES),
  insurer: z.enum(INSURERS).nullable(),
  fillingStatus: z.number(),
  amount: z.number(),
  city: z.string(),
  uf: z.string(),
  buyers: z.array(z.object({ name: z.string(), cpf: z.string().nullable() })),
  /** Documents waiting for review; null when the documents module is not installed. */
  pendingDocuments: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The operator responsible for it ("Assumir"); null: nobody. */
  responsible: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type ProposalListItem = z.infer<typeof proposalListItemSchema>;

export const proposalListPageSchema = z.object({
  data: z.array(proposalListItemSchema),
  page: z.object({
    /** Matches, counted up to 10 000 (capped: there are more). */
    total: z.number(),
    capped: z.boolean(),
    next: z.string().nullable(),
    prev: z.string().nullable(),
  }),
});
export type ProposalListPage = z.infer<typeof proposalListPageSchema>;
