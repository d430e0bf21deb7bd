import { API_MESSAGES } from '@portal/domain/api-error';

/** An error that becomes the contract's JSON body: {"error": {"code", "message", "fields"?}}. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = () => new HttpError(404, 'not_found', API_MESSAGES.notFound);
export const unauthenticated = () => new HttpError(401, 'unauthenticated', API_MESSAGES.unauthenticated);
export const forbidden = () => new HttpError(403, 'forbidden', API_MESSAGES.forbidden);
export const rateLimited = (retryAfterSeconds: number) =>
  new HttpError(429, 'rate_limited', API_MESSAGES.rateLimited, undefined, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });

/** Seconds a client is asked to wait (Retry-After) when a dependency is away: a short outage is over by then. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/**
 * A dependency cannot be reached right now (by default the database): 503 with Retry-After, the
 * request can simply be sent again (docs/decisions/039-database-outages.md, 040-dependency-outages.md).
 */
export const serviceUnavailable = (code = 'unavailable', message: string = API_MESSAGES.unavailable) =>
  new HttpError(503, code, message, undefined, { 'retry-after': String(UNAVAILABLE_RETRY_AFTER_SECONDS) });

/** Socket errors of a database connection that cannot be made or was cut (the server is down, restarting or unreachable). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs of a server that is going away, not there yet, or full: 57P01 admin_shutdown
 * (a stop or restart), 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up or shutting
 * down), 53300 too_many_connections. Class 08 (connection exception) is matched by its prefix.
 */
const POSTGRES_UNAVAILABLE = new Set(['57P01', '57P02', '57P03', '53300']);

/** node-postgres' own errors (no code) for a connection that died or could not be had in time. */
const PG_CLIENT_MESSAGES =
  /^(Connection terminated|Client has encountered a connection error and is not queryable|Client was closed and is not queryable|timeout exceeded when trying to connect|Query read timeout)/;

/**
 * Whether an error means "the database is unavailable for now" (docs/decisions/039-database-outages.md):
 * a lost or refused PostgreSQL connection, a server shutting down or starting, the pool's connect
 * timeout, or SQLite's SQLITE_BUSY (another writer held the file past busy_timeout). Such a failure
 * changed nothing (a cut transaction is rolled back by the database) and is worth trying again, so
 * it answers 503 rather than 500. Anything else, a bug or a constraint, is not matched.
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!(err instanceof Error) || depth > 3) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || POSTGRES_UNAVAILABLE.has(code)) return true;
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
    if (code.startsWith('SQLITE_BUSY')) return true;
  }
  if (PG_CLIENT_MESSAGES.test(err.message)) return true;
  // A connect to a host with several addresses fails with one error per address; node-postgres
  // keeps the socket error as `cause` of some of its own.
  if (err instanceof AggregateError && err.errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return err.cause !== undefined && isDatabaseUnavailable(err.cause, depth + 1);
}
