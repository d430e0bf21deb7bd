import type { SessionUser } from '@portal/domain/auth';
import { HEALTH_CONSENT_VERSION } from '@portal/domain/health-questionnaire';
import { HttpError } from '../../errors';
import { type InsuranceContext } from './insurance-context';

/**
 * Records the buyer's consent to the processing of their health data (LGPD art. 11, I) with its
 * text version and time; a consent already in force is kept as it is.
 */
export function grantHealthConsent(ctx: InsuranceContext) {
  const { repo, change, ownTarget, activeConsent, overviewOf, guardOpen } = ctx;
  return (user: SessionUser, proposalId: string, body: { version: string; accepted: true }, ip: string | null) =>
    change(user, proposalId, {}, async (loaded, work) => {
      const me = ownTarget(loaded, undefined);
      guardOpen(loaded);
      if (body.version !== HEALTH_CONSENT_VERSION) {
        throw new HttpError(
          400,
          'consent_outdated',
          'O texto do consentimento foi atualizado. Leia a versão atual e confirme de novo.',
          { version: 'Versão desatualizada' },
        );
      }
      const consents = await repo.findConsents(proposalId, work.tx);
      await repo.ensureDeclaration(
        { proposalId, buyer: me.position, userId: me.user_id!, insuranceName: loaded.insurer },
        work.tx,
      );
      if (!activeConsent(loaded, consents, me)) {
        await repo.insertConsent(
          {
            proposalId,
            buyer: me.position,
            userId: me.user_id!,
            version: HEALTH_CONSENT_VERSION,
            insuranceName: loaded.insurer,
            ip,
          },
          work.tx,
        );
        work.audit({
          action: 'health.consent_granted',
          subject: `proposal:${proposalId}/insurance/${me.position}`,
          ip,
          detail: HEALTH_CONSENT_VERSION,
        });
      }
      return overviewOf(loaded, work.tx);
    });
}
