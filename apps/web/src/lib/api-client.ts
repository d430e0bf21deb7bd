import { API_MESSAGES } from '@portal/domain/api-messages';

/** Every API call has a 60-second timeout (docs/product/api.md). */
export const API_TIMEOUT_MS = 60_000;

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** The API answered 404: what was asked for does not exist or is not this user's to see. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 404;
}

/**
 * The server could not be reached or could not serve the request right now: no answer (network
 * error, timeout) or a 5xx (e.g. 503 while its database is away). What was asked may work later.
 */
export function isServerUnreachable(error: unknown): boolean {
  return error instanceof ApiRequestError && (error.status === 0 || error.status >= 500);
}

let onUnauthorized: () => void = () => {};
/** The app installs what "any 401" does (docs/product/api.md): clear storage, call logout, go to /. */
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler;
}

/** For requests made without apiRequest (uploads with progress): a 401 there means the same. */
export function reportUnauthorized() {
  onUnauthorized();
}

/** Credentials failures are not session failures: a wrong password must not log anyone out. */
const NOT_A_SESSION_401 = ['/auth/login'];

export async function apiRequest<T>(
  path: string,
  options: { method?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  const signals = [AbortSignal.timeout(API_TIMEOUT_MS), ...(options.signal ? [options.signal] : [])];
  let res: Response;
  try {
    res = await fetch(`/api/v3${path}`, {
      method: options.method ?? 'GET',
      headers:
        options.body === undefined
          ? { accept: 'application/json' }
          : { accept: 'application/json', 'content-type': 'application/json' },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: AbortSignal.any(signals),
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'TimeoutError') {
      throw new ApiRequestError(0, 'timeout', 'O servidor demorou para responder. Tente novamente.');
    }
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiRequestError(0, 'network', 'Não foi possível conectar. Verifique sua internet e tente novamente.');
  }
  if (res.status === 401 && !NOT_A_SESSION_401.includes(path)) onUnauthorized();
  if (res.status === 204) return null as T;
  const body = (await res.json().catch(() => null)) as {
    error?: { code: string; message: string; fields?: Record<string, string> };
  } | null;
  if (!res.ok) {
    const e = body?.error;
    throw new ApiRequestError(
      res.status,
      e?.code ?? 'http_error',
      e?.message ?? API_MESSAGES.internal,
      e?.fields ?? {},
    );
  }
  return body as T;
}

/** POST /auth/logout; its response is not read (docs/product/api.md). */
export function callLogout(): Promise<void> {
  return fetch('/api/v3/auth/logout', {
    method: 'POST',
    credentials: 'same-origin',
    signal: AbortSignal.timeout(API_TIMEOUT_MS),
  })
    .then(() => undefined)
    .catch(() => undefined);
}
