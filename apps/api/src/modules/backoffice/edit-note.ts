import type { Kysely } from 'kysely';
import type { SessionUser } from '@portal/domain/auth';
import { NOTE_MESSAGES, type NoteEdit } from '@portal/domain/internal-notes';
import type { Database } from '../../db/schema';
import { HttpError, notFound } from '../../errors';
import { recordAudit } from '../audit/audit';
import { insertNoteVersion, isUniqueViolation, noteVersions, toNotes } from './notes-store';

/**
 * An edit by the note's author: the next version, made only from the version the author saw (409
 * when someone else's edit came first); the earlier text stays as history.
 *
 * Not on the proposal core: it reads no proposal. The note's versions, read by the proposal's id
 * and the note's, are what answer 404 (no such proposal, or a note of another one); loading the
 * proposal as well would add a statement and change no answer
 * (docs/decisions/059-the-proposal-core.md, "The back office's use cases").
 */
export function editNote(deps: { db: Kysely<Database> }) {
  return async (operator: SessionUser, proposalId: string, noteId: string, input: NoteEdit, ip: string | null) => {
    try {
      await deps.db.transaction().execute(async (tx) => {
        const [current] = await noteVersions(tx, proposalId, noteId);
        if (!current) throw notFound();
        if (current.author_id !== operator.id) throw new HttpError(403, 'forbidden', NOTE_MESSAGES.onlyAuthor);
        if (current.version !== input.version) throw new HttpError(409, 'conflict', NOTE_MESSAGES.changedMeanwhile);
        if (current.text === input.text)
          throw new HttpError(400, 'validation', NOTE_MESSAGES.unchanged, { text: NOTE_MESSAGES.unchanged });
        const version = current.version + 1;
        await insertNoteVersion(tx, { noteId, proposalId, version, text: input.text, authorId: operator.id });
        await recordAudit(tx, {
          actorId: operator.id,
          action: 'note.edited',
          subject: `proposal:${proposalId}`,
          detail: `note:${noteId} v${version}`,
          ip,
        });
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new HttpError(409, 'conflict', NOTE_MESSAGES.changedMeanwhile);
      throw err;
    }
    return toNotes(await noteVersions(deps.db, proposalId, noteId))[0]!;
  };
}
