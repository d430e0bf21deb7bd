import { z } from 'zod';
import { dataOf } from './api-envelope';
import { SECTION_STATUSES } from './sections-registry';

/** The seller's part of a proposal as a whole (GET/POST /proposals/:id/seller…). */
export const sellerPartSchema = z.object({
  /** A seller was invited (the buyers' seller form was sent). */
  invited: z.boolean(),
  /** When the seller last marked their part complete; null until then. */
  completedAt: z.string().nullable(),
  /** Every required seller section is done: the seller may complete. */
  ready: z.boolean(),
  /** Marked complete and still complete (no section reopened by a correction since). */
  done: z.boolean(),
  sections: z.array(
    z.object({
      key: z.string(),
      title: z.string(),
      status: z.enum(SECTION_STATUSES),
      required: z.boolean(),
      problem: z.string().nullable(),
    }),
  ),
});
export type SellerPart = z.infer<typeof sellerPartSchema>;

export const sellerPartResponseSchema = dataOf(sellerPartSchema);
