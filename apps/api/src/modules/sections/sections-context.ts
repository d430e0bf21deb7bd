import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { ProposalsService } from '../proposals/proposals.service';
import { createSectionsRepository } from '../proposals/queries/sections';

/** What the sections' use cases are built with (sections.service.ts builds it once). */
export interface SectionsContext {
  /** The one proposals service (services.ts): readProposal and withProposal. */
  proposals: ProposalsService;
  /** The section rows' queries (proposals/queries/sections.ts). */
  repo: ReturnType<typeof createSectionsRepository>;
  /** The portal's address, for the seller's invitation. */
  publicUrl: string;
}

export function createSectionsContext(deps: {
  db: Kysely<Database>;
  proposals: ProposalsService;
  publicUrl: string;
}): SectionsContext {
  return { proposals: deps.proposals, repo: createSectionsRepository(deps.db), publicUrl: deps.publicUrl };
}
