import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiRequestError } from './api-client';

/**
 * Puts the server's field messages on the fields (the server validates with the same schema and
 * is the authority). Returns the message for the form as a whole, if any is left.
 */
export function applyServerErrors<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
): string | null {
  if (!(err instanceof ApiRequestError)) return err instanceof Error ? err.message : String(err);
  let placed = false;
  for (const [path, message] of Object.entries(err.fields)) {
    // A row or block field's errors come as 'accounts.1.amount' or 'company.cnpj'.
    if (fields.some((f) => path === f || path.startsWith(`${f}.`))) {
      setError(path as Path<T>, { type: 'server', message }, { shouldFocus: !placed });
      placed = true;
    }
  }
  return placed && err.code === 'validation' ? null : err.message;
}
