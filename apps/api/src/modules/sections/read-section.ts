import type { SessionUser } from '@portal/domain/auth';
import { findSection } from '@portal/domain/sections-registry';
import {
  PREFILL_RULES,
  prefillFromAnswers,
  PROPOSAL_PROPERTY,
  PROPOSAL_PROPERTY_TITLE,
  PREFILLED_BY_BUYER,
} from '@portal/domain/prefill';
import { formatCep } from '@portal/domain/cep';
import { NO_BUYER } from '@portal/domain/proposal-facts';
import { forbidden, notFound } from '../../errors';
import { access, hidden, resolve, view, type SectionView } from './section-rules';
import type { SectionsContext } from './sections-context';

/** One section as this caller reads it, its fields started with what the proposal already knows. */
export function readSection(ctx: SectionsContext) {
  const { repo } = ctx;
  return (user: SessionUser, proposalId: string, key: string, buyer: number | undefined): Promise<SectionView> =>
    ctx.proposals.readProposal(user, proposalId, async ({ loaded, sections }) => {
      const { def, position } = resolve(loaded, key, buyer);
      if (hidden(loaded, def)) throw notFound();
      if (!access(loaded, def.scope, position).read) throw forbidden();
      const row = await repo.findSection({ proposalId, section: def.key, buyer: position });
      const shown = view(loaded, def, position, row);
      if (!PREFILL_RULES[def.key]) return shown;
      // What was already given (this buyer's earlier forms, the proposal's property, the buyer's
      // seller form) starts the fields asked again (docs/product/forms.md "Asked once").
      const rows = await sections();
      const earlier = prefillFromAnswers(def.key, (section) => {
        if (section === PROPOSAL_PROPERTY) return proposalPropertyValues(loaded.proposal.property);
        const source = findSection(section);
        // A per-buyer source: this buyer's answers, or the main buyer's for the seller's forms.
        const at = source?.scope === 'buyer' ? (def.scope === 'buyer' ? position : 0) : NO_BUYER;
        const found = rows.find((r) => r.section === section && r.buyer === at && r.data);
        return found ? (JSON.parse(found.data!) as Record<string, unknown>) : null;
      });
      return {
        ...shown,
        prefill: { ...shown.prefill, ...earlier.values },
        prefillFrom: earlier.from
          .map((key) => {
            if (key === PROPOSAL_PROPERTY) return PROPOSAL_PROPERTY_TITLE;
            const source = findSection(key);
            // The seller never saw the buyer's screens: those values are named by who gave them.
            if (def.scope === 'seller' && source?.scope !== 'seller') return PREFILLED_BY_BUYER;
            return source?.title ?? key;
          })
          .filter((name, i, all) => all.indexOf(name) === i),
      };
    });
}

/** The property's CEP, state and city as the proposal was opened, in the forms' field names. */
function proposalPropertyValues(propertyJson: string): Record<string, unknown> | null {
  try {
    const p = JSON.parse(propertyJson) as { zipCode?: string; uf?: string; city?: string };
    return { cep: p.zipCode ? formatCep(p.zipCode) : null, state: p.uf ?? null, city: p.city ?? null };
  } catch {
    return null;
  }
}
