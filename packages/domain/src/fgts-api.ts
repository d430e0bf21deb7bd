import { z } from 'zod';
import { dataOf } from './api-envelope';
import { FGTS_STEPS } from './fgts-sections';
import { fgtsPropertyRuleResultSchema } from './financing-view';
import { SECTION_STATUSES } from './sections-registry';

const stepKeys = FGTS_STEPS.map((s) => s.key) as [
  (typeof FGTS_STEPS)[number]['key'],
  ...(typeof FGTS_STEPS)[number]['key'][],
];

/** Where one buyer's FGTS stands (GET /proposals/:id/fgts?buyer=n). */
export const fgtsStateSchema = z.object({
  buyer: z.number(),
  applicable: z.boolean(),
  eligibility: z.union([
    z.object({ status: z.enum(['unanswered', 'not_using', 'incomplete', 'eligible']) }),
    z.object({ status: z.literal('ineligible'), reasons: z.array(z.string()) }),
  ]),
  steps: z.array(
    z.object({
      key: z.enum(stepKeys),
      status: z.enum(SECTION_STATUSES),
      submittedAt: z.string().nullable(),
      canEdit: z.boolean(),
    }),
  ),
  next: z.enum(stepKeys).nullable(),
  confirmed: z.boolean(),
  propertyRules: z.array(fgtsPropertyRuleResultSchema),
  /** The screen where this buyer's FGTS stands (what /buyer/fgts/utils opens). */
  resumePath: z.string(),
});
export type FgtsStateData = z.infer<typeof fgtsStateSchema>;

export const fgtsStateResponseSchema = dataOf(fgtsStateSchema);
