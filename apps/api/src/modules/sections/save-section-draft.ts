import type { SessionUser } from '@portal/domain/auth';
import { draftSchema } from '@portal/domain/section';
import { fieldErrors } from '@portal/domain/api-error';
import { FGTS_FORM_KEYS } from '@portal/domain/fgts-sections';
import { HttpError, notFound } from '../../errors';
import { guardEdit, guardFgtsForm, hidden, resolve } from './section-rules';
import type { SectionsContext } from './sections-context';

/** Saves what was typed, as typed: only the shape is checked (half a CPF is a fine draft). */
export function saveSectionDraft(ctx: SectionsContext) {
  const { repo } = ctx;
  return async (user: SessionUser, proposalId: string, key: string, buyer: number | undefined, body: unknown) => {
    // One statement writes a draft: no transaction (docs/decisions/059-the-proposal-core.md).
    const { value } = await ctx.proposals.withProposal(
      user,
      proposalId,
      { transaction: false },
      async ({ loaded, facts }) => {
        const { def, position } = resolve(loaded, key, buyer);
        if (hidden(loaded, def)) throw notFound();
        guardEdit(loaded, def.scope, position);
        // The facts (every section, the financing settings) matter to the FGTS forms only.
        if (FGTS_FORM_KEYS.has(def.key)) guardFgtsForm(def, position, await facts());
        const parsed = draftSchema(def).safeParse(body);
        if (!parsed.success)
          throw new HttpError(400, 'validation', 'Rascunho inválido.', fieldErrors(parsed.error.issues));
        const now = Date.now();
        // A done section being edited again stays done until the new values are submitted.
        await repo.saveDraft({
          proposalId,
          section: def.key,
          buyer: position,
          draft: JSON.stringify(parsed.data),
          now,
          userId: user.id,
        });
        return { draftUpdatedAt: new Date(now).toISOString() };
      },
    );
    return value;
  };
}
