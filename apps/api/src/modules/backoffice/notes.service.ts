import type { Kysely } from 'kysely';
import { NOTE_MESSAGES } from '@portal/domain/internal-notes';
import type { Database } from '../../db/schema';
import type { Executor } from '../../db/database';
import type { ProposalsService } from '../proposals/proposals.service';
import { editNote } from './edit-note';
import { listNotes } from './list-notes';
import { writeNote } from './write-note';

/**
 * The team's internal notes on a proposal (docs/decisions/051-operator-notes-and-review.md): only
 * operators reach these functions (the routes check the role); nothing else in the API reads the
 * table, so no buyer or seller answer, e-mail, export or dossier can carry a note. Each use case is
 * one file, named after it (docs/decisions/059-the-proposal-core.md).
 */
export function createNotesService(deps: { db: Kysely<Database>; proposals: ProposalsService }) {
  return {
    list: listNotes(deps),
    create: writeNote(deps),
    edit: editNote(deps),
  };
}
export type NotesService = ReturnType<typeof createNotesService>;

/**
 * LGPD erasure of a party of the proposal: a note cannot be told apart by whom it is about, so
 * every version's text is replaced; author and time stay so the proposal's timeline still adds up.
 */
export async function eraseProposalNotes(ex: Executor, proposalId: string): Promise<void> {
  await ex
    .updateTable('proposal_notes')
    .set({ text: NOTE_MESSAGES.erased })
    .where('proposal_id', '=', proposalId)
    .execute();
}
