import { z } from 'zod';
import { dataOf } from './api-envelope';
import { requiredText } from './fields';

/**
 * Internal notes (docs/decisions/051-operator-notes-and-review.md): what the team knows about a
 * proposal, written by operators for operators. Never shown to buyers or sellers, never e-mailed,
 * exported or put in the bank's dossier. An edit adds a version; earlier versions stay readable.
 */
export const NOTE_TEXT_MAX = 4000;

export const NOTE_MESSAGES = {
  changedMeanwhile: 'Esta nota foi editada por outra pessoa enquanto você escrevia. Recarregue e tente de novo.',
  onlyAuthor: 'Só quem escreveu a nota pode editá-la.',
  unchanged: 'O texto é o mesmo da versão atual: nada a salvar.',
  /** What an erased person's proposal keeps of each note (LGPD erasure). */
  erased: 'Nota apagada com os dados pessoais de um titular (LGPD).',
} as const;

const text = requiredText(NOTE_TEXT_MAX, { multiline: true });

export const newNoteSchema = z.strictObject({ text });
/** An edit names the version it replaces: an edit made meanwhile by someone else is not overwritten. */
export const noteEditSchema = z.strictObject({ text, version: z.number().int().min(1) });
export type NewNote = z.infer<typeof newNoteSchema>;
export type NoteEdit = z.infer<typeof noteEditSchema>;

export const noteVersionSchema = z.object({
  version: z.number(),
  text: z.string(),
  author: z.string(),
  at: z.string(),
});
export const internalNoteSchema = z.object({
  id: z.string(),
  /** The current text and who wrote it when. */
  version: z.number(),
  text: z.string(),
  author: z.string(),
  authorId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Earlier versions, newest first (empty when never edited). */
  history: z.array(noteVersionSchema),
});
export type InternalNote = z.infer<typeof internalNoteSchema>;

export const internalNoteResponseSchema = dataOf(internalNoteSchema);
export const internalNoteListResponseSchema = dataOf(z.array(internalNoteSchema));
