import { useId } from 'react';
import { issueDateError } from '@portal/domain/documents';
import { maskBrDate, parseBrDate } from '@portal/domain/dates';
import { TextInput } from '../../components/fields/native-fields';

/**
 * The issue date of the copy about to be sent, asked only for a document that ages: its validity
 * counts from that date (a proof of address issued 80 days ago has 10 days left), not from the
 * sending. Optional: without it the validity counts from the sending.
 */
export function IssueDateField({
  value,
  onChange,
  error,
  validityDays,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  validityDays: number;
}) {
  const id = useId();
  return (
    <div className="doc-issue">
      <label htmlFor={id} className="doc-issue__label">
        Data de emissão do documento (opcional)
      </label>
      <TextInput
        id={id}
        value={value}
        inputMode="numeric"
        placeholder="DD/MM/AAAA"
        aria-describedby={`${id}-help`}
        aria-invalid={error ? true : undefined}
        invalid={Boolean(error)}
        onChange={(e) => onChange(maskBrDate(e.target.value))}
      />
      <p id={`${id}-help`} className="doc-issue__help">
        Está impressa no documento. O prazo de {validityDays} dias conta a partir dela; sem ela, conta a partir do
        envio.
      </p>
      {error ? (
        <p className="doc-issue__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The issue date typed (DD/MM/AAAA) as the API takes it (AAAA-MM-DD): null when left blank, or the
 * reason it cannot be sent (the same rule as the server's).
 */
export function readIssueDate(
  text: string,
  validityDays: number | null,
  now = Date.now(),
): { issuedOn: string | null; error: string | null } {
  if (!text.trim()) return { issuedOn: null, error: null };
  const iso = parseBrDate(text);
  if (!iso) return { issuedOn: null, error: 'Insira uma data de emissão válida (DD/MM/AAAA).' };
  const error = issueDateError(iso, validityDays, now);
  return error ? { issuedOn: null, error } : { issuedOn: iso, error: null };
}
