import type { SessionUser } from '@portal/domain/auth';
import { ALREADY_SENT_MESSAGE, sendMove } from '@portal/domain/lifecycle';
import type { ProgressView } from '@portal/domain/next-step';
import type { ProposalStatus } from '@portal/domain/proposal';
import { HttpError } from '../../errors';
import { moveProposal } from './lifecycle';
import { progressViewFor } from './progress-view';
import type { ProposalsService } from './proposals.service';
import { mailSellersAwaited } from './seller-awaited';

export const ONLY_MAIN_BUYER_MESSAGE = 'Só o comprador principal envia a proposta para análise.';

/**
 * The main buyer sends the buyers' part (docs/decisions/042-one-lifecycle.md): refused with the
 * steps still missing; otherwise the proposal goes to the team, or waits for the seller's part
 * (which stays open, and each seller is e-mailed the link to it), or after a correction comes back
 * as "Correção respondida". On the proposal core (docs/decisions/059-the-proposal-core.md): the
 * proposal and what its progress reads are loaded once; the status moved, the core stores the
 * percentage without touching `updated_at` again and refreshes the queue's waits, then kicks the
 * mail. It answers the progress as it now stands, as the main buyer sees it.
 */
export function sendForAnalysis(deps: { proposals: ProposalsService; publicUrl: string }) {
  return async (user: SessionUser, proposalId: string, ip: string | null): Promise<ProgressView> => {
    const { value } = await deps.proposals.withProposal(user, proposalId, { progress: true }, async (work) => {
      const { loaded } = work;
      // The route lets buyers only in (access: ['buyer'], docs/decisions/064-access-once-and-plugins.md)
      // and the core answers 404 to a buyer not on the proposal: `me` is this buyer's place.
      if (loaded.me!.position !== 0) throw new HttpError(403, 'forbidden', ONLY_MAIN_BUYER_MESSAGE);
      const from = loaded.proposal.status as ProposalStatus;
      const move = sendMove(from, (await work.progress()).steps);
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
      const moved = await moveProposal(work.tx, {
        proposalId,
        from,
        to: move.to,
        actorId: user.id,
        reason: move.reason,
        action: 'proposal.sent_for_analysis',
        ip,
      });
      if (!moved) throw new HttpError(409, 'already_sent', ALREADY_SENT_MESSAGE);
      work.statusChanged(move.to);
      const progress = await work.progress();
      if (move.to === 'awaiting_seller') {
        const told = await mailSellersAwaited(work.tx, {
          proposalId,
          code: loaded.proposal.code,
          progress,
          publicUrl: deps.publicUrl,
          sentBy: user.id,
        });
        if (told > 0) work.mailQueued();
      }
      return progressViewFor(loaded, progress);
    });
    return value;
  };
}
