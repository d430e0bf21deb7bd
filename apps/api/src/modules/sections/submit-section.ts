import type { SessionUser } from '@portal/domain/auth';
import { submitSchema, type SectionContext } from '@portal/domain/section';
import { fieldErrors } from '@portal/domain/api-error';
import { onlyDigits } from '@portal/domain/digits';
import { HttpError, notFound } from '../../errors';
import { inviteMember } from '../invitations/invite';
import { guardEdit, guardFgtsForm, hidden, resolve, view } from './section-rules';
import type { SectionsContext } from './sections-context';

/**
 * Validates with the full schema (the server is the authority) and stores the values, the
 * status and the proposal's progress at once (one transaction, or one statement on PostgreSQL):
 * a failure keeps the previous version.
 */
export function submitSection(deps: SectionsContext) {
  return async (
    user: SessionUser,
    proposalId: string,
    key: string,
    buyer: number | undefined,
    body: unknown,
    hooks: { beforeCommit?: () => Promise<void> } = {},
  ) => {
    // The seller form invites the seller (an account, a membership, an e-mail): a transaction. Any
    // other submit is one statement on PostgreSQL (docs/decisions/059-the-proposal-core.md).
    const options = {
      progress: true,
      answersCorrection: true,
      beforeCommit: hooks.beforeCommit,
      oneStatement: key !== 'seller',
    };
    const { value: shown, progress } = await deps.proposals.withProposal(user, proposalId, options, async (work) => {
      const { loaded } = work;
      const { def, position } = resolve(loaded, key, buyer);
      if (hidden(loaded, def)) throw notFound();
      guardEdit(loaded, def.scope, position);
      // Rules may read the proposal's other submitted sections (e.g. the seller's account holder).
      const facts = await work.facts();
      guardFgtsForm(def, position, facts);
      const ctx: SectionContext = {
        buyers: loaded.buyers.length,
        buyer: def.scope === 'buyer' ? position : null,
        facts,
      };
      const parsed = submitSchema(def, ctx).safeParse(body ?? {});
      const errors = parsed.success ? {} : fieldErrors(parsed.error.issues);
      if (def.key === 'data' && !errors.cpf) {
        // Checked with the other errors, so all of them show at once (docs/decisions/018-all-errors-at-first-submit.md).
        const member = loaded.buyers.find((b) => b.position === position)!;
        const typed = onlyDigits(String((body as Record<string, unknown> | null)?.cpf ?? ''));
        if (member.cpf && typed !== member.cpf) errors.cpf = 'O CPF deve ser o mesmo informado na proposta';
      }
      if (!parsed.success || Object.keys(errors).length)
        throw new HttpError(400, 'validation', 'Verifique os campos destacados.', errors);
      const values: Record<string, unknown> = { ...parsed.data };

      if (def.key === 'address' && values.same_main_buyer_address === true) {
        const main = (await work.sections()).find((r) => r.section === 'address' && r.buyer === 0);
        if (!main?.data) {
          throw new HttpError(400, 'validation', 'Verifique os campos destacados.', {
            same_main_buyer_address: 'O endereço do comprador principal ainda não foi preenchido',
          });
        }
        const {
          same_main_buyer_address: _s,
          user_address: _u,
          ...mainAddress
        } = JSON.parse(main.data) as Record<string, unknown>;
        Object.assign(values, mainAddress);
      }

      const row = await work.writeSection({
        proposal_id: proposalId,
        section: def.key,
        buyer: position,
        status: 'done',
        data: JSON.stringify(values),
        submitted_at: Date.now(),
        draft: null,
        draft_updated_at: null,
        review_note: null,
        updated_by: user.id,
      });
      if (def.key === 'seller') {
        await inviteMember(work.tx, {
          proposalId,
          proposalCode: loaded.proposal.code,
          role: 'seller',
          position: 0,
          name: String(values.sellerName),
          email: String(values.sellerEmail),
          cpf: null,
          publicUrl: deps.publicUrl,
          invitedBy: user.id,
        });
        work.membersChanged();
        work.mailQueued();
      }
      work.audit({
        action: 'section.submitted',
        subject: `proposal:${proposalId}/${def.key}${def.scope === 'buyer' ? `/${position}` : ''}`,
      });
      return view(loaded, def, position, row);
    });
    return { view: shown, fillingStatus: progress!.percent };
  };
}
