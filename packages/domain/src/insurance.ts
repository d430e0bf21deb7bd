import { z } from 'zod';
import { INSURERS } from './proposal';

/** The state of one buyer's health declaration (docs/product/health-declaration.md). */
export const DECLARATION_STATUSES = ['not_started', 'in_progress', 'completed'] as const;
export type DeclarationStatus = (typeof DECLARATION_STATUSES)[number];

/**
 * GET /proposals/:id/insurance: the proposal's insurer and each buyer's declaration. One schema for
 * the API's response, the service's return type and the web's reading of it.
 */
export const insuranceOverviewSchema = z.object({
  proposalId: z.string(),
  proposalCode: z.string(),
  proposalType: z.enum(['financing', 'cgi']),
  insurer: z.enum(INSURERS),
  insurerName: z.string(),
  /** The proposal is open for changes and the caller is a buyer of it. */
  canEdit: z.boolean(),
  consentVersion: z.string(),
  declarationVersion: z.string(),
  totalQuestions: z.number(),
  me: z
    .object({
      buyer: z.number(),
      consent: z.object({ version: z.string(), grantedAt: z.string() }).nullable(),
      /** Keys of the answered questions (which ones, never what was answered). */
      answered: z.array(z.string()),
      completed: z.boolean(),
      completedAt: z.string().nullable(),
    })
    .nullable(),
  buyers: z.array(
    z.object({ buyer: z.number(), name: z.string(), hasAccount: z.boolean(), status: z.enum(DECLARATION_STATUSES) }),
  ),
});
export type InsuranceOverview = z.infer<typeof insuranceOverviewSchema>;
