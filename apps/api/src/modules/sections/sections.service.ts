import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { ProposalsService } from '../proposals/proposals.service';
import { listSections } from './list-sections';
import { readSection } from './read-section';
import { saveSectionDraft } from './save-section-draft';
import { createSectionsContext } from './sections-context';
import { submitSection } from './submit-section';

export type { SectionView } from './section-rules';

/**
 * The proposal's forms (sections). Each use case is one file, named after it: the reads run on
 * readProposal, the draft save and the submit on withProposal (docs/decisions/059-the-proposal-core.md);
 * who may read and edit which section is section-rules.ts.
 */
export function createSectionsService(deps: { db: Kysely<Database>; proposals: ProposalsService; publicUrl: string }) {
  const ctx = createSectionsContext(deps);
  return {
    listSections: listSections(ctx),
    getSection: readSection(ctx),
    saveDraft: saveSectionDraft(ctx),
    submitSection: submitSection(ctx),
  };
}
export type SectionsService = ReturnType<typeof createSectionsService>;
