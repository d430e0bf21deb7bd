import type { InternalNote } from '@portal/domain/internal-notes';
import type { Executor } from '../../db/database';
import { newId } from '../../crypto';

// What the internal notes' use cases share (write-note.ts, edit-note.ts, list-notes.ts): the
// versions as stored, and the notes they make (docs/decisions/051-operator-notes-and-review.md).

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();

/** Two edits of the same version at once: the unique (note_id, version) refuses the second. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | null;
  return e?.code === '23505' || /UNIQUE constraint failed/.test(e?.message ?? '');
}

/** Every version of the proposal's notes (or of one note), with the author's name. */
export async function noteVersions(ex: Executor, proposalId: string, noteId?: string) {
  let q = ex
    .selectFrom('proposal_notes as n')
    .leftJoin('users as u', 'u.id', 'n.author_id')
    .select(['n.note_id', 'n.version', 'n.text', 'n.author_id', 'n.at', 'u.name as author'])
    .where('n.proposal_id', '=', proposalId);
  if (noteId) q = q.where('n.note_id', '=', noteId);
  return q.orderBy('n.note_id').orderBy('n.version', 'desc').execute();
}

type Row = Awaited<ReturnType<typeof noteVersions>>[number];

/** Groups versions into notes: the newest version is the note, the others its history; newest notes first. */
export function toNotes(rows: Row[]): InternalNote[] {
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

/** One version of a note, written now. */
export async function insertNoteVersion(
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
