import type { Kysely } from 'kysely';
import type { SessionUser } from '@portal/domain/auth';
import { NO_BUYER } from '@portal/domain/proposal-facts';
import type { SellerPart } from '@portal/domain/seller-api';
import type { Database } from '../../db/schema';
import { recordAudit } from '../audit/audit';
import type { ProposalsService } from '../proposals/proposals.service';
import { sellerFormDocument } from './seller-form-pdf';
import { renderForm } from '../../pdf/form-pdf';
import { completeSellerPart } from './complete-seller-part';
import { sellerPartOf } from './seller-part';

/**
 * The seller's part of a proposal as a whole: its state for everyone on the proposal, and the
 * seller's "I am done" (docs/decisions/008-seller-portal.md). Section data itself stays in the sections API.
 * The proposal is read once, through the proposal core (docs/decisions/059-the-proposal-core.md):
 * anyone not on it gets 404.
 */
export function createSellerService(deps: { db: Kysely<Database>; proposals: ProposalsService }) {
  const { proposals } = deps;

  return {
    /**
     * The seller's registration form as a PDF, filled with what was given so far (the seller and
     * the team only, as the route declares: it holds the seller's personal data).
     */
    sellerFormPdf: (user: SessionUser, proposalId: string, ip: string | null) =>
      proposals.readProposal(user, proposalId, async (read) => {
        const rows = await read.sections();
        const valuesOf = (key: string): Record<string, unknown> => {
          const row = rows.find((r) => r.section === key && r.buyer === NO_BUYER);
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
        const code = read.loaded.proposal.code;
        const doc = sellerFormDocument({
          proposalCode: code,
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
        return { bytes, fileName: `ficha-cadastral-vendedor-${code}.pdf` };
      }),

    /** For the seller, the proposal's buyers and operators. */
    getPart: (user: SessionUser, proposalId: string): Promise<SellerPart> =>
      proposals.readProposal(user, proposalId, sellerPartOf),

    completePart: completeSellerPart(deps),
  };
}
export type SellerService = ReturnType<typeof createSellerService>;
