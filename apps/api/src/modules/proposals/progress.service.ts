import type { Kysely } from 'kysely';
import type { SessionUser } from '@portal/domain/auth';
import { nextStepFor, type ProgressView, type Viewer } from '@portal/domain/next-step';
import type { Database } from '../../db/schema';
import { HttpError, forbidden } from '../../errors';
import { recordProposalChange } from '../audit/proposal-change';
import { loadProposalProgress, refreshProposalProgress } from '../financing/proposal-progress';
import { createProposalsService } from './proposals.service';

export const ALREADY_SENT_MESSAGE = 'Esta proposta já foi enviada para análise.';
export const ONLY_MAIN_BUYER_MESSAGE = 'Só o comprador principal envia a proposta para análise.';

/**
 * The derived progress of a proposal as each party may see it, and the buyers' last step (send
 * for analysis). A seller sees the seller's steps only: nothing of the buyers' forms.
 */
export function createProgressService(deps: { db: Kysely<Database> }) {
  const { db } = deps;

  const proposals = createProposalsService({ db });

  /** Who the caller is on the proposal (null for operators); 404 for anyone not on it. */
  async function viewerOf(user: SessionUser, proposalId: string): Promise<Viewer | null> {
    const { me } = await proposals.loadProposalFor(user, proposalId);
    if (!me) return null;
    return me.role === 'seller' ? { role: 'seller' } : { role: 'buyer', position: me.position };
  }

  async function progressFor(user: SessionUser, proposalId: string): Promise<ProgressView> {
    const viewer = await viewerOf(user, proposalId);
    // Reading also stores the percentage, so the back office list catches up with what aged (documents).
    const progress = (await refreshProposalProgress(db, proposalId, { touch: false }))!;
    const next = viewer ? nextStepFor(progress.steps, viewer) : null;
    if (viewer?.role === 'seller') {
      const { done, total, percent } = progress.seller;
      return {
        done,
        total,
        percent,
        buyer: null,
        seller: progress.seller,
        steps: progress.steps.filter((s) => s.party === 'seller'),
        next,
      };
    }
    return { ...progress, next };
  }

  return {
    progressFor,

    /**
     * The main buyer sends the proposal for analysis once every other step of the buyers is done:
     * the status becomes "Em análise" for the back office. Refused with the steps still missing.
     */
    async sendForAnalysis(user: SessionUser, proposalId: string, ip: string | null): Promise<ProgressView> {
      const viewer = await viewerOf(user, proposalId);
      if (viewer?.role !== 'buyer') throw forbidden();
      if (viewer.position !== 0) throw new HttpError(403, 'forbidden', ONLY_MAIN_BUYER_MESSAGE);
      await db.transaction().execute(async (tx) => {
        const progress = (await loadProposalProgress(tx, proposalId))!;
        const proposal = await tx
          .selectFrom('proposals')
          .select('status')
          .where('id', '=', proposalId)
          .executeTakeFirstOrThrow();
        if (proposal.status !== 'filling') throw new HttpError(409, 'already_sent', ALREADY_SENT_MESSAGE);
        const missing = progress.steps.filter((s) => s.party === 'buyer' && s.kind !== 'send' && s.state !== 'done');
        if (missing.length)
          throw new HttpError(
            409,
            'steps_missing',
            `Antes de enviar, conclua: ${missing.map((s) => s.title).join('; ')}.`,
            Object.fromEntries(missing.map((s) => [s.id, s.state === 'rejected' ? 'Correção pedida' : 'A fazer'])),
          );
        const now = Date.now();
        const updated = await tx
          .updateTable('proposals')
          .set({ status: 'under_review', updated_at: now })
          .where('id', '=', proposalId)
          .where('status', '=', 'filling')
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) throw new HttpError(409, 'already_sent', ALREADY_SENT_MESSAGE);
        await recordProposalChange(tx, {
          proposalId,
          actorId: user.id,
          kind: 'status',
          from: 'filling',
          to: 'under_review',
          reason: 'Enviada para análise pelo comprador.',
          at: now,
          action: 'proposal.sent_for_analysis',
          ip,
          detail: 'filling → under_review',
        });
        await refreshProposalProgress(tx, proposalId, { touch: false });
      });
      return progressFor(user, proposalId);
    },
  };
}
export type ProgressService = ReturnType<typeof createProgressService>;
