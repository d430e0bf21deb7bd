import type { Kysely } from 'kysely';
import type { SessionUser } from '@portal/domain/auth';
import type { ProposalFacts } from '@portal/domain/section';
import type { Database, ProposalSectionsTable } from '../../db/schema';
import type { Executor } from '../../db/database';
import { loadProposalFacts } from '../proposals/proposal-facts';
import type { LoadedProposal, ProposalsService } from '../proposals/proposals.service';
import { createSectionsRepository } from '../proposals/queries/sections';

/** A proposal as the back office works on it: its parties and every section row. */
export interface ProposalWithSections extends LoadedProposal {
  sections: ProposalSectionsTable[];
}

/** Loads a proposal for the back office's services (the access rule is loadProposalFor's). */
export function createProposalSectionsLoader(db: Kysely<Database>, proposals: ProposalsService) {
  const sections = createSectionsRepository(db);
  return {
    /** The proposal as this caller may see it (404 for anyone not on it), with its section rows. */
    async load(caller: SessionUser, proposalId: string, tx: Executor = db): Promise<ProposalWithSections> {
      const loaded = await proposals.loadProposalFor(caller, proposalId, tx);
      return { ...loaded, sections: await sections.findSections(proposalId, tx) };
    },
    facts(loaded: ProposalWithSections, tx: Executor = db): Promise<ProposalFacts> {
      return loadProposalFacts(tx, { proposal: loaded.proposal, buyers: loaded.buyers.length, rows: loaded.sections });
    },
  };
}
