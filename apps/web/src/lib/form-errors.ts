import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiRequestError } from './api-client';

/**
 * How a form takes a message for one of its fields, by the field's dotted path ('name',
 * 'accounts.1.amount'): the section forms' own state (components/section-form/form-state.ts,
 * docs/decisions/036-section-form-state.md) has exactly this `setError`, and the server answers
 * with the same paths, so nothing is converted.
 */
export type SetFieldError = (
  path: string,
  error: { type?: string; message?: string },
  options?: { shouldFocus: boolean },
) => void;

/**
 * Puts the server's field messages on the fields (the server validates with the same schema and
 * is the authority). Returns the message for the form as a whole, if any is left.
 */
export function applyServerErrors(err: unknown, setError: SetFieldError, fields: readonly string[]): string | null {
  if (!(err instanceof ApiRequestError)) return err instanceof Error ? err.message : String(err);
  let placed = false;
  for (const [path, message] of Object.entries(err.fields)) {
    // A row or block field's errors come as 'accounts.1.amount' or 'company.cnpj'.
    if (fields.some((f) => path === f || path.startsWith(`${f}.`))) {
      setError(path, { type: 'server', message }, { shouldFocus: !placed });
      placed = true;
    }
  }
  return placed && err.code === 'validation' ? null : err.message;
}

/**
 * The account and back-office forms use react-hook-form, whose `setError` takes the form's own
 * typed paths: the server's paths are that form's schema's paths (the one schema in
 * packages/domain), which is the one claim this adapter makes.
 */
export function hookFormSetError<T extends FieldValues>(setError: UseFormSetError<T>): SetFieldError {
  return (path, error, options) => setError(path as Path<T>, error, options);
}
