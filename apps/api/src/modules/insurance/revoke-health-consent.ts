import type { SessionUser } from '@portal/domain/auth';
import { type InsuranceContext } from './insurance-context';

/**
 * Revocation of the health consent (LGPD art. 8 §5, art. 18 IX): always possible, even while the
 * proposal is under review. Processing stops: the answers are deleted and the declaration is no
 * longer complete. The consent rows stay, with the revocation time, as the record of both.
 */
export function revokeHealthConsent(ctx: InsuranceContext) {
  const { repo, change, ownTarget, overviewOf } = ctx;
  return (user: SessionUser, proposalId: string, ip: string | null) =>
    change(user, proposalId, { progress: true }, async (loaded, work) => {
      const me = ownTarget(loaded, undefined);
      await repo.revokeConsents(proposalId, me.position, work.tx);
      const deleted = await repo.deleteAnswers(proposalId, me.position, work.tx);
      await repo.setCompleted({ proposalId, buyer: me.position, completed: false, declarationVersion: null }, work.tx);
      work.stateChanged();
      work.audit({
        action: 'health.consent_revoked',
        subject: `proposal:${proposalId}/insurance/${me.position}`,
        ip,
        detail: `answers deleted: ${deleted.reduce((n, r) => n + Number(r.numDeletedRows), 0)}`,
      });
      return overviewOf(loaded, work.tx);
    });
}
