import type { SessionUser } from '@portal/domain/auth';
import { fieldErrors } from '@portal/domain/api-error';
import {
  canonicalAnswer,
  CONSENT_REQUIRED_MESSAGE,
  findHealthQuestion,
  HEALTH_QUESTION_COUNT,
  HEALTH_QUESTIONS,
  healthAnswerBodySchema,
  insurerDeclaration,
  type HealthAnswer,
} from '@portal/domain/health-questionnaire';
import type { ProposalMembersTable } from '../../db/schema';
import { refreshProposalProgress } from '../proposals/proposal-progress';
import { settleAnsweredCorrection } from '../proposals/lifecycle';
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

/** The declaration's answers: saved encrypted by their buyer, read by those allowed (and logged), confirmed once complete. */
export function answerActions(ctx: InsuranceContext) {
  const { deps, repo, load, ownTarget, activeConsent, overviewOf, guardOpen } = ctx;
  return {
    /** Saves one answer, encrypted; only the buyer themself, with consent, while the proposal is open. */
    async saveAnswer(
      user: SessionUser,
      proposalId: string,
      position: number,
      buyer: number | undefined,
      body: unknown,
    ) {
      const question = findHealthQuestion(position);
      if (!question) throw notFound();
      const parsed = healthAnswerBodySchema.safeParse(body);
      if (!parsed.success)
        throw new HttpError(400, 'validation', 'Verifique os campos destacados.', fieldErrors(parsed.error.issues));
      const canonical = canonicalAnswer(question, parsed.data);
      if ('fields' in canonical)
        throw new HttpError(
          400,
          'validation',
          'Responda também às perguntas sobre medicação e acompanhamento médico.',
          canonical.fields,
        );
      return deps.db.transaction().execute(async (tx) => {
        const loaded = await load(user, proposalId, tx);
        const me = ownTarget(loaded, buyer);
        guardOpen(loaded);
        if (!activeConsent(loaded, await repo.findConsents(proposalId, tx), me))
          throw new HttpError(409, 'consent_required', CONSENT_REQUIRED_MESSAGE);
        const { key: _key, ...secret } = canonical.answer;
        await repo.upsertAnswer(
          {
            proposalId,
            buyer: me.position,
            questionKey: question.key,
            ciphertext: deps.cipher.encrypt(JSON.stringify(secret), aadOf(proposalId, me.position, question.key)),
            keyId: deps.cipher.keyId,
            userId: user.id,
          },
          tx,
        );
        // A changed answer needs the declaration to be confirmed again.
        await repo.setCompleted({ proposalId, buyer: me.position, completed: false, declarationVersion: null }, tx);
        await refreshProposalProgress(tx, proposalId);
        return overviewOf(loaded, tx);
      });
    },

    /**
     * The answers of one buyer: the buyer reads their own; an operator with the health permission
     * reads any, and the read is written to the access log first (no log, no read). Other buyers
     * of the proposal get 403, everyone else 404.
     */
    async readAnswers(
      user: SessionUser,
      proposalId: string,
      buyer: number | undefined,
      ip: string | null,
    ): Promise<{ buyer: number; answers: HealthAnswer[]; completed: boolean; completedAt: string | null }> {
      const loaded = await load(user, proposalId);
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
    },

    /** Confirms the declaration (insurance_completed): consent in force and all 16 answered. */
    async confirm(
      user: SessionUser,
      proposalId: string,
      body: { declaration: true; version: string },
      ip: string | null,
    ) {
      return deps.db.transaction().execute(async (tx) => {
        const loaded = await load(user, proposalId, tx);
        const me = ownTarget(loaded, undefined);
        guardOpen(loaded);
        if (!activeConsent(loaded, await repo.findConsents(proposalId, tx), me))
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
        const rows = await repo.findAnswerRows(proposalId, me.position, tx);
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
          tx,
        );
        await refreshProposalProgress(tx, proposalId);
        await settleAnsweredCorrection(tx, { proposalId, actorId: user.id, ip });
        await recordAudit(tx, {
          actorId: user.id,
          action: 'health.declaration_confirmed',
          subject: `proposal:${proposalId}/insurance/${me.position}`,
          ip,
          detail: declaration.version,
        });
        return overviewOf(loaded, tx);
      });
    },

    /** Who read a buyer's answers (the owner sees it; operators too). */
    async accessLog(user: SessionUser, proposalId: string, buyer: number | undefined) {
      const loaded = await load(user, proposalId);
      const target =
        user.role === 'operator' ? loaded.buyers.find((b) => b.position === (buyer ?? 0)) : ownTarget(loaded, buyer);
      if (!target) throw notFound();
      const rows = await repo.findAccessLog(proposalId, target.position);
      return rows.map((r) => ({
        at: new Date(Number(r.at)).toISOString(),
        readerName: r.reader_name ?? 'Conta removida',
        readerRole: r.reader_role,
        action: r.action,
      }));
    },
  };
}
