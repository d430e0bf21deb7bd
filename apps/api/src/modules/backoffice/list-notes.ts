import type { SessionUser } from '@portal/domain/auth';
import type { InternalNote } from '@portal/domain/internal-notes';
import type { ProposalsService } from '../proposals/proposals.service';
import { noteVersions, toNotes } from './notes-store';

/** The proposal's internal notes, each with its earlier versions (404 when there is no such proposal). */
export function listNotes(deps: { proposals: ProposalsService }) {
  return (operator: SessionUser, proposalId: string): Promise<InternalNote[]> =>
    deps.proposals.readProposal(operator, proposalId, async ({ tx }) => toNotes(await noteVersions(tx, proposalId)));
}
