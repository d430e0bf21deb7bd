import { z } from 'zod';
import { AMORTIZATION_SYSTEMS } from './proposal';

/** One FGTS property rule's outcome as the API reports it (docs/fgts-rules.md). */
export const fgtsPropertyRuleResultSchema = z.object({
  id: z.string(),
  fact: z.object({ from: z.enum(['property', 'seller']), label: z.string() }),
  source: z.string(),
  status: z.enum(['pass', 'fail', 'unknown']),
  reason: z.string().nullable(),
});

export const financingSummarySchema = z.object({
  system: z.enum(AMORTIZATION_SYSTEMS),
  firstInstallment: z.number().int(),
  lastInstallment: z.number().int(),
  totalPaid: z.number().int(),
  totalInterest: z.number().int(),
  incomeSharePercent: z.number().nullable(),
  isIncomeShareAboveLimit: z.boolean(),
});

/**
 * GET /proposals/:id/financing: the property's values, the loan and, once the back office entered
 * the interest rate, the buyer's numbers for the proposal's amortization system.
 */
export const financingViewSchema = z.object({
  system: z.enum(AMORTIZATION_SYSTEMS),
  amount: z.number().int(),
  months: z.number().int(),
  propertyValue: z.number().int().nullable(),
  appraisalValue: z.number().int().nullable(),
  interestRateBp: z.number().int().nullable(),
  /** The LTV limit of the proposal's system (percent) and the message when the amount passes it. */
  ltvLimit: z.number().int(),
  ltvError: z.string().nullable(),
  /** Sum of the buyers' declared monthly incomes (centavos); null while none is declared. */
  monthlyIncome: z.number().int().nullable(),
  summary: financingSummarySchema.nullable(),
  /** The FGTS property rules (financing proposals only). */
  fgtsPropertyRules: z.array(fgtsPropertyRuleResultSchema),
});
export type FinancingView = z.infer<typeof financingViewSchema>;
