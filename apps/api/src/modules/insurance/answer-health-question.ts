import type { SessionUser } from '@portal/domain/auth';
import { fieldErrors } from '@portal/domain/api-error';
import {
  canonicalAnswer,
  CONSENT_REQUIRED_MESSAGE,
  findHealthQuestion,
  healthAnswerBodySchema,
} from '@portal/domain/health-questionnaire';
import { HttpError, notFound } from '../../errors';
import { aadOf, type InsuranceContext } from './insurance-context';

/**
 * Saves one answer of the health declaration, encrypted: only the buyer themself, with consent,
 * while the proposal is open. A changed answer needs the declaration to be confirmed again.
 */
export function answerHealthQuestion(ctx: InsuranceContext) {
  const { deps, repo, change, ownTarget, activeConsent, overviewOf, guardOpen } = ctx;
  return async (user: SessionUser, proposalId: string, position: number, buyer: number | undefined, body: unknown) => {
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
    return change(user, proposalId, { progress: true }, async (loaded, work) => {
      const me = ownTarget(loaded, buyer);
      guardOpen(loaded);
      if (!activeConsent(loaded, await repo.findConsents(proposalId, work.tx), me))
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
        work.tx,
      );
      await repo.setCompleted({ proposalId, buyer: me.position, completed: false, declarationVersion: null }, work.tx);
      work.stateChanged();
      return overviewOf(loaded, work.tx);
    });
  };
}
