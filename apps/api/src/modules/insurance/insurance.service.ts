import type { SessionUser } from '@portal/domain/auth';
import type { InsuranceOverview } from '@portal/domain/insurance';
import { answerActions } from './insurance-answers';
import { consentActions } from './insurance-consent';
import { createInsuranceContext, type InsuranceDeps } from './insurance-context';

export type { DeclarationStatus, InsuranceOverview } from '@portal/domain/insurance';
export { aadOf, HEALTH_READ_DENIED_MESSAGE, HEALTH_READ_PERMISSION } from './insurance-context';

/**
 * The insurer's health declaration (DPS) of each buyer (docs/decisions/006). Only the buyer
 * answers their own declaration, after a consent of the current text; the answers are stored
 * encrypted; an operator with the health permission may read them, and every such read is logged.
 * Nothing here writes an answer to a log or an error message.
 */
export function createInsuranceService(deps: InsuranceDeps) {
  const ctx = createInsuranceContext(deps);
  return {
    async overview(user: SessionUser, proposalId: string): Promise<InsuranceOverview> {
      return ctx.overviewOf(await ctx.load(user, proposalId));
    },

    ...consentActions(ctx),
    ...answerActions(ctx),
  };
}

export type InsuranceService = ReturnType<typeof createInsuranceService>;
