import type { Kysely } from 'kysely';
import type { SessionUser } from '@portal/domain/auth';
import { submitSchema } from '@portal/domain/section';
import { SELLER_SECTIONS } from '@portal/domain/seller-sections';
import type { AnySection } from '@portal/domain/sections-registry';
import { NO_BUYER } from '@portal/domain/proposal-facts';
import { isFinalStatus, PROPOSAL_CLOSED_MESSAGE } from '@portal/domain/proposal-status';
import { sellerCompleteMove } from '@portal/domain/lifecycle';
import type { ProposalStatus } from '@portal/domain/proposal';
import type { SellerPart } from '@portal/domain/seller-api';
import type { Database } from '../../db/schema';
import type { Executor } from '../../db/database';
import { HttpError, forbidden } from '../../errors';
import { recordAudit } from '../audit/audit';
import { loadProposalFacts } from '../proposals/proposal-facts';
import { refreshProposalProgress } from '../proposals/proposal-progress';
import type { ProposalsService } from '../proposals/proposals.service';
import { createSellerRepository } from '../proposals/queries/seller';
import { moveProposal, settleAnsweredCorrection } from '../proposals/lifecycle';
import { sellerFormDocument } from './seller-form-pdf';
import { renderForm } from '../../pdf/form-pdf';

export const SELLER_INCOMPLETE_MESSAGE = 'Ainda faltam etapas para concluir a sua parte.';

/**
 * The seller's part of a proposal as a whole: its state for everyone on the proposal, and the
 * seller's "I am done" (docs/decisions/008-seller-portal.md). Section data itself stays in the sections API.
 */
export function createSellerService(deps: { db: Kysely<Database>; proposals: ProposalsService }) {
  const proposals = deps.proposals;
  const repo = createSellerRepository(deps.db);

  /** The proposal as this user may see it (404 for anyone not on it), with its section rows. */
  async function load(user: SessionUser, proposalId: string, tx: Executor) {
    const loaded = await proposals.loadProposalFor(user, proposalId, tx);
    return { ...loaded, rows: await repo.findSections(proposalId, tx) };
  }

  /**
   * Each seller section's state, and whether its submitted values still hold against what the other
   * sections say now (e.g. the account holder after the general data changed): a done section whose
   * values no longer pass its rules has a problem and keeps the part from being complete.
   */
  async function partOf(loaded: Awaited<ReturnType<typeof load>>, tx: Executor): Promise<SellerPart> {
    const buyers = loaded.buyers.length;
    const facts = await loadProposalFacts(tx, { proposal: loaded.proposal, buyers, rows: loaded.rows });
    const sections = (SELLER_SECTIONS as readonly AnySection[]).map((def) => {
      const row = loaded.rows.find((r) => r.section === def.key && r.buyer === NO_BUYER);
      const required = def.required?.(facts, null) ?? true;
      const status = row?.status ?? 'todo';
      let problem: string | null = null;
      if (required && status !== 'done') problem = status === 'rejected' ? 'Correção pedida' : 'Etapa não concluída';
      else if (required && row?.data) {
        const check = submitSchema(def, { buyers, buyer: null, facts }).safeParse(JSON.parse(row.data));
        if (!check.success) problem = `Revise esta etapa: ${check.error.issues[0]!.message}`;
      }
      return { key: def.key, title: def.title, status, required, problem };
    });
    const ready = sections.every((s) => s.problem === null);
    const completedAt = loaded.proposal.seller_completed_at;
    return {
      invited: loaded.sellers.length > 0,
      completedAt: completedAt ? new Date(completedAt).toISOString() : null,
      ready,
      done: ready && completedAt !== null,
      sections,
    };
  }

  return {
    /**
     * The seller's registration form as a PDF, filled with what was given so far (the seller and
     * the team only: it holds the seller's personal data).
     */
    async sellerFormPdf(user: SessionUser, proposalId: string, ip: string | null) {
      const loaded = await load(user, proposalId, deps.db);
      if (user.role === 'buyer') throw forbidden();
      const valuesOf = (key: string): Record<string, unknown> => {
        const row = loaded.rows.find((r) => r.section === key && r.buyer === NO_BUYER);
        const raw = row?.data ?? row?.draft;
        return raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      };
      const given = valuesOf('seller');
      const general = {
        name: given.sellerName,
        email: given.sellerEmail,
        phone: given.sellerPhone,
        ...valuesOf('seller-general-data'),
      };
      const doc = sellerFormDocument({
        proposalCode: loaded.proposal.code,
        general,
        address: valuesOf('seller-address'),
        property: valuesOf('seller-property'),
        generatedAt: new Date(),
      });
      const bytes = await renderForm(doc);
      await recordAudit(deps.db, {
        actorId: user.id,
        action: 'seller.form_generated',
        subject: `proposal:${proposalId}`,
        ip,
      });
      return { bytes, fileName: `ficha-cadastral-vendedor-${loaded.proposal.code}.pdf` };
    },

    /** For the seller, the proposal's buyers and operators. */
    async getPart(user: SessionUser, proposalId: string): Promise<SellerPart> {
      return partOf(await load(user, proposalId, deps.db), deps.db);
    },

    /** The seller says their part is complete: refused (409, section by section) while a step is missing. */
    async completePart(user: SessionUser, proposalId: string): Promise<SellerPart> {
      return deps.db.transaction().execute(async (tx) => {
        const loaded = await load(user, proposalId, tx);
        if (loaded.me?.role !== 'seller') throw forbidden();
        if (isFinalStatus(loaded.proposal.status)) throw new HttpError(409, 'proposal_closed', PROPOSAL_CLOSED_MESSAGE);
        const part = await partOf(loaded, tx);
        if (!part.ready) {
          const fields = Object.fromEntries(part.sections.filter((s) => s.problem).map((s) => [s.key, s.problem!]));
          throw new HttpError(409, 'seller_incomplete', SELLER_INCOMPLETE_MESSAGE, fields);
        }
        const now = Date.now();
        await repo.markCompleted(proposalId, now, tx);
        await recordAudit(tx, { actorId: user.id, action: 'seller.completed', subject: `proposal:${proposalId}` });
        await refreshProposalProgress(tx, proposalId, { touch: false });
        // The buyers already sent theirs: the proposal goes to the team now (never before).
        const from = loaded.proposal.status as ProposalStatus;
        const to = sellerCompleteMove(from);
        if (to)
          await moveProposal(tx, {
            proposalId,
            from,
            to,
            actorId: user.id,
            reason: 'Parte do vendedor concluída; a proposta foi para a análise da equipe.',
            action: 'proposal.sent_for_analysis',
            ip: null,
          });
        else await settleAnsweredCorrection(tx, { proposalId, actorId: user.id, ip: null });
        return { ...part, completedAt: new Date(now).toISOString(), done: true };
      });
    },
  };
}
export type SellerService = ReturnType<typeof createSellerService>;
