import type { Kysely } from 'kysely';
import type { SessionUser } from '@portal/domain/auth';
import { nextStepFor, type ProgressView, type Viewer } from '@portal/domain/next-step';
import type { Database } from '../../db/schema';
import { HttpError } from '../../errors';
import { ALREADY_SENT_MESSAGE, sendMove } from '@portal/domain/lifecycle';
import type { ProposalStatus } from '@portal/domain/proposal';
import { loadProposalProgress, refreshProposalProgress } from './proposal-progress';
import { moveProposal } from './lifecycle';
import type { Mailer } from '../mail/outbox';
import { mailSellersAwaited } from './seller-awaited';
import type { LoadedProposal, ProposalsService } from './proposals.service';

export { ALREADY_SENT_MESSAGE };
export const ONLY_MAIN_BUYER_MESSAGE = 'Só o comprador principal envia a proposta para análise.';

/**
 * The derived progress of a proposal as each party may see it, and the buyers' last step (send
 * for analysis). A seller sees the seller's steps only: nothing of the buyers' forms.
 */
export function createProgressService(deps: {
  db: Kysely<Database>;
  proposals: ProposalsService;
  mailer: Mailer;
  publicUrl: string;
}) {
  const { db, proposals } = deps;

  /** Who the caller is on the proposal (null for operators). */
  function viewerOf({ me }: LoadedProposal): Viewer | null {
    if (!me) return null;
    return me.role === 'seller' ? { role: 'seller' } : { role: 'buyer', position: me.position };
  }

  /**
   * What is left, computed from the proposal loaded once: a read writes nothing
   * (docs/decisions/059-the-proposal-core.md); the stored percentage is kept by the changes that
   * move a step, in their own transactions. 404 for anyone not on the proposal.
   */
  const progressFor = (user: SessionUser, proposalId: string): Promise<ProgressView> =>
    proposals.readProposal(
      user,
      proposalId,
      async ({ loaded, progress: progressNow }) => {
        const progress = await progressNow();
        const viewer = viewerOf(loaded);
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
      },
      { progress: true },
    );

  return {
    progressFor,

    /**
     * The main buyer sends the buyers' part (docs/decisions/042-one-lifecycle.md): refused with the
     * steps still missing; otherwise the proposal goes to the team, or waits for the seller's part
     * (which stays open, and the seller is e-mailed the link to it), or after a correction comes
     * back as "Correção respondida".
     */
    async sendForAnalysis(user: SessionUser, proposalId: string, ip: string | null): Promise<ProgressView> {
      // The route lets buyers only in (access: ['buyer'], docs/decisions/064-access-once-and-plugins.md)
      // and loadProposalFor answers 404 to a buyer not on the proposal: `me` is this buyer's place.
      const { me } = await proposals.loadProposalFor(user, proposalId);
      if (me!.position !== 0) throw new HttpError(403, 'forbidden', ONLY_MAIN_BUYER_MESSAGE);
      const sellersTold = await db.transaction().execute(async (tx) => {
        const { validityDays } = proposals;
        const progress = (await loadProposalProgress(tx, proposalId, { validityDays }))!;
        const proposal = await tx
          .selectFrom('proposals')
          .select('status')
          .where('id', '=', proposalId)
          .executeTakeFirstOrThrow();
        const from = proposal.status as ProposalStatus;
        const move = sendMove(from, progress.steps);
        if (!move.ok)
          throw new HttpError(
            409,
            move.code,
            move.message,
            move.missing.length
              ? Object.fromEntries(
                  move.missing.map((s) => [s.id, s.state === 'rejected' ? 'Correção pedida' : 'A fazer']),
                )
              : undefined,
          );
        const moved = await moveProposal(tx, {
          proposalId,
          from,
          to: move.to,
          actorId: user.id,
          reason: move.reason,
          action: 'proposal.sent_for_analysis',
          ip,
        });
        if (!moved) throw new HttpError(409, 'already_sent', ALREADY_SENT_MESSAGE);
        const after = (await refreshProposalProgress(tx, proposalId, { touch: false, validityDays }))!;
        if (move.to !== 'awaiting_seller') return 0;
        return mailSellersAwaited(tx, { proposalId, progress: after, publicUrl: deps.publicUrl, sentBy: user.id });
      });
      if (sellersTold > 0) deps.mailer.kick();
      return progressFor(user, proposalId);
    },
  };
}
export type ProgressService = ReturnType<typeof createProgressService>;
