import type { SessionUser } from '@portal/domain/auth';
import {
  CONSENT_REQUIRED_MESSAGE,
  HEALTH_QUESTION_COUNT,
  HEALTH_QUESTIONS,
  insurerDeclaration,
} from '@portal/domain/health-questionnaire';
import { HttpError } from '../../errors';
import { type InsuranceContext } from './insurance-context';

/**
 * Confirms the buyer's health declaration (insurance_completed): consent in force, the current
 * text, all 16 answered. It may answer the last correction asked (answersCorrection).
 */
export function confirmHealthDeclaration(ctx: InsuranceContext) {
  const { repo, change, ownTarget, activeConsent, overviewOf, guardOpen } = ctx;
  return (user: SessionUser, proposalId: string, body: { declaration: true; version: string }, ip: string | null) =>
    change(user, proposalId, { progress: true, answersCorrection: true, ip }, async (loaded, work) => {
      const me = ownTarget(loaded, undefined);
      guardOpen(loaded);
      if (!activeConsent(loaded, await repo.findConsents(proposalId, work.tx), me))
        throw new HttpError(409, 'consent_required', CONSENT_REQUIRED_MESSAGE);
      const declaration = insurerDeclaration(loaded.insurer);
      if (body.version !== declaration.version) {
        throw new HttpError(
          400,
          'declaration_outdated',
          'O texto da declaração foi atualizado. Leia a versão atual e confirme de novo.',
          { version: 'Versão desatualizada' },
        );
      }
      const rows = await repo.findAnswerRows(proposalId, me.position, work.tx);
      const missing = HEALTH_QUESTIONS.filter((q) => !rows.some((r) => r.question_key === q.key));
      if (missing.length) {
        throw new HttpError(
          400,
          'incomplete',
          `Responda todas as ${HEALTH_QUESTION_COUNT} perguntas antes de confirmar. Faltam: ${missing.map((q) => q.id).join(', ')}.`,
        );
      }
      await repo.setCompleted(
        { proposalId, buyer: me.position, completed: true, declarationVersion: declaration.version },
        work.tx,
      );
      work.stateChanged();
      work.audit({
        action: 'health.declaration_confirmed',
        subject: `proposal:${proposalId}/insurance/${me.position}`,
        ip,
        detail: declaration.version,
      });
      return overviewOf(loaded, work.tx);
    });
}
