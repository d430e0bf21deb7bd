import type { Kysely } from 'kysely';
import type { SessionUser } from '@portal/domain/auth';
import { isFinalStatus, PROPOSAL_CLOSED_MESSAGE } from '@portal/domain/proposal-status';
import { sellerCompleteMove } from '@portal/domain/lifecycle';
import type { ProposalStatus } from '@portal/domain/proposal';
import type { SellerPart } from '@portal/domain/seller-api';
import type { Database } from '../../db/schema';
import { HttpError } from '../../errors';
import type { ProposalsService } from '../proposals/proposals.service';
import { moveProposal } from '../proposals/lifecycle';
import { createSellerRepository } from '../proposals/queries/seller';
import { sellerPartOf } from './seller-part';

export const SELLER_INCOMPLETE_MESSAGE = 'Ainda faltam etapas para concluir a sua parte.';

/**
 * The seller says their part is complete: refused (409, section by section) while a step is
 * missing. Only the seller of the proposal gets here (the route's `access: ['seller']`; a seller
 * not on it gets 404 from the core). With the buyers' part already sent, the proposal goes to the
 * team now (never before); with a correction pending, it may answer it (answersCorrection).
 */
export function completeSellerPart(deps: { db: Kysely<Database>; proposals: ProposalsService }) {
  const repo = createSellerRepository(deps.db);
  return async (user: SessionUser, proposalId: string): Promise<SellerPart> => {
    const options = { progress: true, answersCorrection: true, touch: false };
    const { value } = await deps.proposals.withProposal(user, proposalId, options, async (work) => {
      const { proposal } = work.loaded;
      if (isFinalStatus(proposal.status)) throw new HttpError(409, 'proposal_closed', PROPOSAL_CLOSED_MESSAGE);
      const part = await sellerPartOf(work);
      if (!part.ready) {
        const fields = Object.fromEntries(part.sections.filter((s) => s.problem).map((s) => [s.key, s.problem!]));
        throw new HttpError(409, 'seller_incomplete', SELLER_INCOMPLETE_MESSAGE, fields);
      }
      const now = Date.now();
      await repo.markCompleted(proposalId, now, work.tx);
      work.proposalChanged({ seller_completed_at: now, updated_at: now });
      work.audit({ action: 'seller.completed', subject: `proposal:${proposalId}` });
      const from = proposal.status as ProposalStatus;
      const to = sellerCompleteMove(from);
      // The progress is computed and stored with the status the proposal moved to (statusChanged).
      if (
        to &&
        (await moveProposal(work.tx, {
          proposalId,
          from,
          to,
          actorId: user.id,
          reason: 'Parte do vendedor concluída; a proposta foi para a análise da equipe.',
          action: 'proposal.sent_for_analysis',
          ip: null,
        }))
      )
        work.statusChanged(to);
      return { ...part, completedAt: new Date(now).toISOString(), done: true };
    });
    return value;
  };
}
