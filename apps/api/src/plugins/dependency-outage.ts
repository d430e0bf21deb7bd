import { API_MESSAGES } from '@portal/domain/api-error';
import { HttpError } from '../errors';
import { StorageUnavailableError } from '../modules/documents/storage';

/** What a 503 tells the client to wait before trying again: a short outage is over by then. */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

/** A 503 the client may retry: the dependency named by `code` did not answer (docs/decisions/040). */
export const serviceUnavailable = (code: string, message: string) =>
  new HttpError(503, code, message, undefined, { 'retry-after': String(OUTAGE_RETRY_AFTER_SECONDS) });

/**
 * The one place where a dependency's outage becomes an answer: a Portuguese 503 with Retry-After,
 * never a 500 or a stack. Null for any other error. (Redis has no entry: its outage moves the login
 * limits to the database instead of failing a request.)
 */
export function dependencyOutage(error: unknown): HttpError | null {
  if (error instanceof StorageUnavailableError)
    return serviceUnavailable(
      'storage_unavailable',
      error.operation === 'write' ? API_MESSAGES.storageWriteUnavailable : API_MESSAGES.storageReadUnavailable,
    );
  return null;
}
