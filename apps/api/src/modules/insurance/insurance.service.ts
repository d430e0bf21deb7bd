import type { SessionUser } from '@portal/domain/auth';
import type { InsuranceOverview } from '@portal/domain/insurance';
import { answerHealthQuestion } from './answer-health-question';
import { confirmHealthDeclaration } from './confirm-health-declaration';
import { grantHealthConsent } from './grant-health-consent';
import { createInsuranceContext, type InsuranceDeps } from './insurance-context';
import { readHealthAccessLog } from './read-health-access-log';
import { readHealthAnswers } from './read-health-answers';
import { revokeHealthConsent } from './revoke-health-consent';

export type { DeclarationStatus, InsuranceOverview } from '@portal/domain/insurance';
export { aadOf, HEALTH_READ_DENIED_MESSAGE, HEALTH_READ_PERMISSION } from './insurance-context';

/**
 * The insurer's health declaration (DPS) of each buyer (docs/decisions/006). Only the buyer
 * answers their own declaration, after a consent of the current text; the answers are stored
 * encrypted; an operator with the health permission may read them, and every such read is logged.
 * Nothing here writes an answer to a log or an error message. Each use case is one file, named
 * after it; the changes run on the proposal core (docs/decisions/059-the-proposal-core.md).
 */
export function createInsuranceService(deps: InsuranceDeps) {
  const ctx = createInsuranceContext(deps);
  return {
    overview: (user: SessionUser, proposalId: string): Promise<InsuranceOverview> =>
      ctx.read(user, proposalId, (loaded) => ctx.overviewOf(loaded)),
    grantConsent: grantHealthConsent(ctx),
    revokeConsent: revokeHealthConsent(ctx),
    saveAnswer: answerHealthQuestion(ctx),
    readAnswers: readHealthAnswers(ctx),
    confirm: confirmHealthDeclaration(ctx),
    accessLog: readHealthAccessLog(ctx),
  };
}

export type InsuranceService = ReturnType<typeof createInsuranceService>;
