import type { Kysely } from 'kysely';
import type { SessionUser } from '@portal/domain/auth';
import { NOTE_MESSAGES, type InternalNote, type NewNote, type NoteEdit } from '@portal/domain/internal-notes';
import type { Database } from '../../db/schema';
import type { Executor } from '../../db/database';
import { HttpError, notFound } from '../../errors';
import { newId } from '../../crypto';
import { recordAudit } from '../audit/audit';
import { findProposalId } from '../proposals/queries/proposal-id';

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();

/** Two edits of the same version at once: the unique (note_id, version) refuses the second. */
function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | null;
  return e?.code === '23505' || /UNIQUE constraint failed/.test(e?.message ?? '');
}

/**
 * The team's internal notes on a proposal (docs/decisions/051-operator-notes-and-review.md): only
 * operators reach these functions (the routes check the role); nothing else in the API reads the
 * table, so no buyer or seller answer, e-mail, export or dossier can carry a note.
 */
export function createNotesService(deps: { db: Kysely<Database> }) {
  const { db } = deps;

  async function requireProposal(ex: Executor, proposalId: string) {
    const row = await findProposalId(ex, proposalId);
    if (!row) throw notFound();
  }

  /** Every version of the proposal's notes (or of one note), with the author's name. */
  async function versions(ex: Executor, proposalId: string, noteId?: string) {
    let q = ex
      .selectFrom('proposal_notes as n')
      .leftJoin('users as u', 'u.id', 'n.author_id')
      .select(['n.note_id', 'n.version', 'n.text', 'n.author_id', 'n.at', 'u.name as author'])
      .where('n.proposal_id', '=', proposalId);
    if (noteId) q = q.where('n.note_id', '=', noteId);
    return q.orderBy('n.note_id').orderBy('n.version', 'desc').execute();
  }

  type Row = Awaited<ReturnType<typeof versions>>[number];

  /** Groups versions into notes: the newest version is the note, the others its history; newest notes first. */
  function toNotes(rows: Row[]): InternalNote[] {
    const byNote = new Map<string, Row[]>();
    for (const r of rows) byNote.set(r.note_id, [...(byNote.get(r.note_id) ?? []), r]);
    return [...byNote.entries()]
      .map(([id, [current, ...older]]) => {
        const first = older.at(-1) ?? current!;
        return {
          id,
          version: current!.version,
          text: current!.text,
          author: current!.author ?? 'Operador removido',
          authorId: current!.author_id,
          createdAt: iso(first.at),
          updatedAt: iso(current!.at),
          history: older.map((o) => ({
            version: o.version,
            text: o.text,
            author: o.author ?? 'Operador removido',
            at: iso(o.at),
          })),
        };
      })
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
  }

  async function insertVersion(
    ex: Executor,
    v: { noteId: string; proposalId: string; version: number; text: string; authorId: string },
  ) {
    await ex
      .insertInto('proposal_notes')
      .values({
        id: newId(),
        note_id: v.noteId,
        proposal_id: v.proposalId,
        version: v.version,
        text: v.text,
        author_id: v.authorId,
        at: Date.now(),
      })
      .execute();
  }

  return {
    async list(proposalId: string): Promise<InternalNote[]> {
      await requireProposal(db, proposalId);
      return toNotes(await versions(db, proposalId));
    },

    /** A new note; audited without its text (the audit log holds no personal data). */
    async create(operator: SessionUser, proposalId: string, input: NewNote, ip: string | null) {
      const noteId = newId();
      await db.transaction().execute(async (tx) => {
        await requireProposal(tx, proposalId);
        await insertVersion(tx, { noteId, proposalId, version: 1, text: input.text, authorId: operator.id });
        await recordAudit(tx, {
          actorId: operator.id,
          action: 'note.created',
          subject: `proposal:${proposalId}`,
          detail: `note:${noteId}`,
          ip,
        });
      });
      return toNotes(await versions(db, proposalId, noteId))[0]!;
    },

    /**
     * An edit by the note's author: the next version, made only from the version the author saw
     * (409 when someone else's edit came first); the earlier text stays as history.
     */
    async edit(operator: SessionUser, proposalId: string, noteId: string, input: NoteEdit, ip: string | null) {
      try {
        await db.transaction().execute(async (tx) => {
          const [current] = await versions(tx, proposalId, noteId);
          if (!current) throw notFound();
          if (current.author_id !== operator.id) throw new HttpError(403, 'forbidden', NOTE_MESSAGES.onlyAuthor);
          if (current.version !== input.version) throw new HttpError(409, 'conflict', NOTE_MESSAGES.changedMeanwhile);
          if (current.text === input.text)
            throw new HttpError(400, 'validation', NOTE_MESSAGES.unchanged, { text: NOTE_MESSAGES.unchanged });
          const version = current.version + 1;
          await insertVersion(tx, { noteId, proposalId, version, text: input.text, authorId: operator.id });
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
      return toNotes(await versions(db, proposalId, noteId))[0]!;
    },
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
