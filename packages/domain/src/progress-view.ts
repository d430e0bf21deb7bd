import { z } from 'zod';

/* What the API answers about a proposal's steps (next-step.ts derives them). */

const countSchema = z.object({ done: z.number().int(), total: z.number().int(), percent: z.number().int() });
export const stepSchema = z.object({
  id: z.string(),
  party: z.enum(['buyer', 'seller']),
  kind: z.enum(['section', 'health', 'documents', 'send', 'complete']),
  key: z.string(),
  buyer: z.number().int().nullable(),
  title: z.string(),
  path: z.string(),
  state: z.enum(['done', 'todo', 'rejected']),
  actors: z.array(z.number().int()).nullable(),
  skipped: z.boolean().optional(),
});
/**
 * GET /proposals/:id/progress: the count every screen shows, each party's count, the steps and the
 * caller's next step. A seller gets the seller's steps only, and the seller's count as the count.
 */
export const progressViewSchema = countSchema.extend({
  buyer: countSchema.nullable(),
  seller: countSchema,
  steps: z.array(stepSchema),
  next: stepSchema.nullable(),
});
export type ProgressView = z.infer<typeof progressViewSchema>;
