import { API_MESSAGES } from '@portal/domain/api-error';
import { isDatabaseUnavailable, serviceUnavailable, type HttpError } from '../errors';
import { StorageUnavailableError } from '../modules/documents/storage';

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
  // The database is away (restart, failover, pool timeout): nothing was changed and the client may
  // send the same request again (docs/decisions/039-database-outages.md). Asked after the stores
  // above: their errors carry the socket error (ECONNRESET…) as cause, which reads as a database's.
  if (isDatabaseUnavailable(error)) return serviceUnavailable();
  return null;
}
