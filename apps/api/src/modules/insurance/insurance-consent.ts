import type { SessionUser } from '@portal/domain/auth';
import { HEALTH_CONSENT_VERSION } from '@portal/domain/health-questionnaire';
import { refreshProposalProgress } from '../proposals/proposal-progress';
import { HttpError } from '../../errors';
import { recordAudit } from '../audit/audit';
import { type InsuranceContext } from './insurance-context';

/** The consent to the processing of health data (LGPD art. 11, I): granted with its text version, revoked at any time. */
export function consentActions(ctx: InsuranceContext) {
  const { deps, repo, load, ownTarget, activeConsent, overviewOf, guardOpen } = ctx;
  return {
    /** Records the consent (LGPD art. 11, I) with its text version and time. */
    async grantConsent(
      user: SessionUser,
      proposalId: string,
      body: { version: string; accepted: true },
      ip: string | null,
    ) {
      return deps.db.transaction().execute(async (tx) => {
        const loaded = await load(user, proposalId, tx);
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
        const consents = await repo.findConsents(proposalId, tx);
        await repo.ensureDeclaration(
          { proposalId, buyer: me.position, userId: me.user_id!, insuranceName: loaded.insurer },
          tx,
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
            tx,
          );
          await recordAudit(tx, {
            actorId: user.id,
            action: 'health.consent_granted',
            subject: `proposal:${proposalId}/insurance/${me.position}`,
            ip,
            detail: HEALTH_CONSENT_VERSION,
          });
        }
        return overviewOf(loaded, tx);
      });
    },

    /**
     * Revocation (LGPD art. 8 §5, art. 18 IX): always possible, even while the proposal is under
     * review. Processing stops: the answers are deleted and the declaration is no longer complete.
     * The consent rows stay, with the revocation time, as the record of both.
     */
    async revokeConsent(user: SessionUser, proposalId: string, ip: string | null) {
      return deps.db.transaction().execute(async (tx) => {
        const loaded = await load(user, proposalId, tx);
        const me = ownTarget(loaded, undefined);
        await repo.revokeConsents(proposalId, me.position, tx);
        const deleted = await repo.deleteAnswers(proposalId, me.position, tx);
        await repo.setCompleted({ proposalId, buyer: me.position, completed: false, declarationVersion: null }, tx);
        await refreshProposalProgress(tx, proposalId);
        await recordAudit(tx, {
          actorId: user.id,
          action: 'health.consent_revoked',
          subject: `proposal:${proposalId}/insurance/${me.position}`,
          ip,
          detail: `answers deleted: ${deleted.reduce((n, r) => n + Number(r.numDeletedRows), 0)}`,
        });
        return overviewOf(loaded, tx);
      });
    },
  };
}
