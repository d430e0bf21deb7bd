import type { Kysely } from 'kysely';
import type { SessionUser } from '@portal/domain/auth';
import type { NewNote } from '@portal/domain/internal-notes';
import type { Database } from '../../db/schema';
import { newId } from '../../crypto';
import type { ProposalsService } from '../proposals/proposals.service';
import { insertNoteVersion, noteVersions, toNotes } from './notes-store';

/**
 * An operator writes a new internal note on a proposal (404 when there is none); audited without its
 * text (the audit log holds no personal data). On the proposal core
 * (docs/decisions/059-the-proposal-core.md): a note moves no step.
 */
export function writeNote(deps: { db: Kysely<Database>; proposals: ProposalsService }) {
  return async (operator: SessionUser, proposalId: string, input: NewNote, ip: string | null) => {
    const noteId = newId();
    await deps.proposals.withProposal(operator, proposalId, {}, async ({ tx, audit }) => {
      await insertNoteVersion(tx, { noteId, proposalId, version: 1, text: input.text, authorId: operator.id });
      audit({ action: 'note.created', subject: `proposal:${proposalId}`, detail: `note:${noteId}`, ip });
    });
    return toNotes(await noteVersions(deps.db, proposalId, noteId))[0]!;
  };
}
