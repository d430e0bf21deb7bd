import { useId, useState } from 'react';
import { Button } from 'antd';
import { NOTE_TEXT_MAX, type InternalNote } from '@portal/domain/internal-notes';
import { ApiRequestError } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { TextArea } from '../../components/fields/native-fields';
import { PlainAlert } from '../../components/plain-alert';
import { useCreateNote, useEditNote, useNotes } from './notes-api';
import { when } from './format';

/** The error of a refused save: the field's message when the API names one, else the API's sentence. */
const errorOf = (err: unknown) =>
  err instanceof ApiRequestError ? (err.fields.text ?? err.message) : 'Não foi possível salvar a nota.';

/** A note's text box with its label, counter and error, and a save button. */
function NoteForm({
  label,
  initial = '',
  saveLabel,
  busy,
  onSave,
  onCancel,
}: {
  label: string;
  initial?: string;
  saveLabel: string;
  busy: boolean;
  onSave: (text: string) => Promise<string | null>;
  onCancel?: () => void;
}) {
  const id = useId();
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      className="bo-note-form"
      onSubmit={async (e) => {
        e.preventDefault();
        if (!text.trim()) return setError('Obrigatório');
        const refused = await onSave(text);
        setError(refused);
        if (!refused && !onCancel) setText('');
      }}
    >
      <label htmlFor={id} className="bo-note-form__label">
        {label}
      </label>
      <TextArea
        id={id}
        value={text}
        rows={3}
        maxLength={NOTE_TEXT_MAX}
        invalid={!!error}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => {
          setText(e.target.value);
          setError(null);
        }}
      />
      {error ? (
        <p id={`${id}-error`} className="bo-note-form__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="bo-note-form__actions">
        <Button type="primary" htmlType="submit" loading={busy}>
          {saveLabel}
        </Button>
        {onCancel ? <Button onClick={onCancel}>Cancelar</Button> : null}
      </div>
    </form>
  );
}

function NoteItem({ proposalId, note, mine }: { proposalId: string; note: InternalNote; mine: boolean }) {
  const [editing, setEditing] = useState(false);
  const edit = useEditNote(proposalId);
  return (
    <li className="bo-note">
      <p className="bo-note__meta">
        <strong>{note.author}</strong> · {when(note.createdAt)}
        {note.version > 1 ? <> · editada {when(note.updatedAt)}</> : null}
      </p>
      {editing ? (
        <NoteForm
          label="Editar nota"
          initial={note.text}
          saveLabel="Salvar nova versão"
          busy={edit.isPending}
          onCancel={() => setEditing(false)}
          onSave={async (text) => {
            try {
              await edit.mutateAsync({ id: note.id, text, version: note.version });
              setEditing(false);
              return null;
            } catch (err) {
              return errorOf(err);
            }
          }}
        />
      ) : (
        <>
          <p className="bo-note__text">{note.text}</p>
          {mine ? (
            <Button size="small" onClick={() => setEditing(true)} aria-label="Editar esta nota">
              Editar
            </Button>
          ) : null}
        </>
      )}
      {note.history.length ? (
        <details className="bo-note__history">
          <summary>Versões anteriores ({note.history.length})</summary>
          <ol>
            {note.history.map((h) => (
              <li key={h.version}>
                <p className="bo-note__meta">
                  Versão {h.version} · {h.author} · {when(h.at)}
                </p>
                <p className="bo-note__text">{h.text}</p>
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </li>
  );
}

/**
 * Notas internas: what the team knows about the proposal, for operators only (never shown to
 * buyers or sellers, e-mailed, exported or put in the dossier). Edits keep the earlier text.
 */
export function NotesPanel({ proposalId }: { proposalId: string }) {
  const notes = useNotes(proposalId);
  const create = useCreateNote(proposalId);
  const session = useSession();
  const me = session.data?.id;
  return (
    <section aria-labelledby="notas-titulo" className="bo-notes">
      <h2 id="notas-titulo" className="section-title">
        Notas internas
      </h2>
      <p className="bo-muted">Só a equipe do portal lê estas notas: compradores e vendedor nunca as veem.</p>
      <NoteForm
        label="Nova nota"
        saveLabel="Salvar nota"
        busy={create.isPending}
        onSave={async (text) => {
          try {
            await create.mutateAsync(text);
            return null;
          } catch (err) {
            return errorOf(err);
          }
        }}
      />
      {notes.isError ? <PlainAlert type="error" title={notes.error.message} /> : null}
      {notes.data && notes.data.length === 0 ? <p className="bo-muted">Nenhuma nota ainda.</p> : null}
      <ul className="bo-notes__list" aria-label="Notas da equipe">
        {notes.data?.map((n) => (
          <NoteItem key={n.id} proposalId={proposalId} note={n} mine={n.authorId === me} />
        ))}
      </ul>
    </section>
  );
}
