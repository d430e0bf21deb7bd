import type { SessionUser } from '@portal/domain/auth';
import { HEALTH_QUESTIONS, type HealthAnswer } from '@portal/domain/health-questionnaire';
import type { ProposalMembersTable } from '../../db/schema';
import { HttpError, notFound } from '../../errors';
import { recordAudit } from '../audit/audit';
import { HealthDecryptError } from './health-crypto';
import {
  aadOf,
  HEALTH_READ_PERMISSION,
  HEALTH_READ_DENIED_MESSAGE,
  iso,
  type InsuranceContext,
} from './insurance-context';

/**
 * The answers of one buyer: the buyer reads their own; an operator with the health permission
 * reads any, and the read is written to the access log first (no log, no read). Other buyers
 * of the proposal get 403, everyone else 404.
 */
export function readHealthAnswers(ctx: InsuranceContext) {
  const { deps, repo, read, ownTarget } = ctx;
  return (
    user: SessionUser,
    proposalId: string,
    buyer: number | undefined,
    ip: string | null,
  ): Promise<{ buyer: number; answers: HealthAnswer[]; completed: boolean; completedAt: string | null }> =>
    read(user, proposalId, async (loaded) => {
      let target: ProposalMembersTable;
      if (user.role === 'operator') {
        const found = loaded.buyers.find((b) => b.position === (buyer ?? 0));
        if (!found) throw notFound();
        target = found;
        const subject = `proposal:${proposalId}/insurance/${target.position}`;
        if (!(await repo.hasPermission(user.id, HEALTH_READ_PERMISSION))) {
          await recordAudit(deps.db, { actorId: user.id, action: 'health.read_denied', subject, ip });
          throw new HttpError(403, 'forbidden', HEALTH_READ_DENIED_MESSAGE);
        }
        await deps.db.transaction().execute(async (tx) => {
          await repo.logAccess(
            {
              proposalId,
              buyer: target.position,
              ownerId: target.user_id,
              readerId: user.id,
              readerRole: user.role,
              action: 'read',
              ip,
            },
            tx,
          );
          await recordAudit(tx, { actorId: user.id, action: 'health.read', subject, ip });
        });
      } else {
        target = ownTarget(loaded, buyer);
      }
      const rows = await repo.findAnswerRows(proposalId, target.position);
      const answers: HealthAnswer[] = [];
      for (const q of HEALTH_QUESTIONS) {
        const row = rows.find((r) => r.question_key === q.key);
        if (!row) continue;
        try {
          const secret = JSON.parse(
            deps.cipher.decrypt(row.ciphertext, aadOf(proposalId, target.position, q.key)),
          ) as Omit<HealthAnswer, 'key'>;
          answers.push({ key: q.key, ...secret });
        } catch (err) {
          if (!(err instanceof HealthDecryptError)) throw err;
          deps.onUnreadable?.({ proposalId, buyer: target.position, question: q.key });
          throw new HttpError(
            500,
            'health_data_unreadable',
            'Não foi possível ler a declaração de saúde. A equipe técnica foi avisada.',
          );
        }
      }
      const declaration = await repo.findDeclaration(proposalId, target.position);
      return {
        buyer: target.position,
        answers,
        completed: declaration?.completed === 1,
        completedAt: iso(declaration?.completed_at ?? null),
      };
    });
}
