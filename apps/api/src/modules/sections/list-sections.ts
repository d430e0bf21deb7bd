import type { SessionUser } from '@portal/domain/auth';
import { ALL_SECTIONS, type AnySection } from '@portal/domain/sections-registry';
import { NO_BUYER } from '@portal/domain/proposal-facts';
import { access, view, type SectionView } from './section-rules';
import type { SectionsContext } from './sections-context';

/** The sections of a proposal this caller may see, each with its state and whether it is required. */
export function listSections(ctx: SectionsContext) {
  return (user: SessionUser, proposalId: string) =>
    ctx.proposals.readProposal(user, proposalId, async ({ loaded, sections, facts: factsOf }) => {
      const rows = await sections();
      const facts = await factsOf();
      const views: (Omit<SectionView, 'draft' | 'values' | 'prefill' | 'prefillFrom'> & { required: boolean })[] = [];
      for (const def of ALL_SECTIONS as readonly AnySection[]) {
        const positions = def.scope === 'buyer' ? loaded.buyers.map((b) => b.position) : [NO_BUYER];
        for (const position of positions) {
          if (!access(loaded, def.scope, position).summary) continue;
          const row = rows.find((r) => r.section === def.key && r.buyer === position);
          const { draft: _d, values: _v, prefill: _p, prefillFrom: _f, ...summary } = view(loaded, def, position, row);
          const required = def.required?.(facts, def.scope === 'buyer' ? position : null) ?? true;
          views.push({ ...summary, required });
        }
      }
      return { fillingStatus: loaded.proposal.filling_status, sections: views };
    });
}
