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
