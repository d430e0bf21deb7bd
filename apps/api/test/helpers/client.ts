import type { LightMyRequestResponse } from 'fastify';
import type { SessionUser } from '@portal/domain/auth';
import type { TestApp } from './app';

type Headers = Record<string, string>;
export type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Options of one request; the body is always the argument after the URL. */
export interface RequestOptions {
  headers?: Headers;
  remoteAddress?: string;
}

/**
 * Requests as one caller, always (url, body?, options?): the session cookie (when any) goes on
 * every request, so a test says who asks and what, never how the cookie travels.
 */
export interface Client {
  /** The Cookie header value ("access_token=…"), or '' for an anonymous client. */
  readonly cookie: string;
  get(url: string, options?: RequestOptions): Promise<LightMyRequestResponse>;
  delete(url: string, options?: RequestOptions): Promise<LightMyRequestResponse>;
  post(url: string, body?: unknown, options?: RequestOptions): Promise<LightMyRequestResponse>;
  put(url: string, body?: unknown, options?: RequestOptions): Promise<LightMyRequestResponse>;
  patch(url: string, body?: unknown, options?: RequestOptions): Promise<LightMyRequestResponse>;
  request(method: Method, url: string, body?: unknown, options?: RequestOptions): Promise<LightMyRequestResponse>;
}

/** A client for the given cookie header value; without one, an anonymous client. */
export function clientFor(t: TestApp, cookie = ''): Client {
  const request = (method: Method, url: string, body?: unknown, options: RequestOptions = {}) =>
    t.app.inject({
      method,
      url,
      headers: { ...(cookie ? { cookie } : {}), ...options.headers },
      ...(body === undefined ? {} : typeof body === 'string' ? { payload: body } : { payload: body as object }),
      ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    });
  return {
    cookie,
    request,
    get: (url, options) => request('GET', url, undefined, options),
    delete: (url, options) => request('DELETE', url, undefined, options),
    post: (url, body, options) => request('POST', url, body, options),
    put: (url, body, options) => request('PUT', url, body, options),
    patch: (url, body, options) => request('PATCH', url, body, options),
  };
}

/** A client on a new session of the given user, opened without a login (no password, no rate limit). */
export async function sessionClient(t: TestApp, userId: string): Promise<Client> {
  const token = await t.app.repos.sessions.createSession({ userId, ip: null, userAgent: null });
  return clientFor(t, `access_token=${token}`);
}

/** The user of a client's session as the services receive it, for tests that call a service directly. */
export async function sessionUserOf(t: TestApp, who: Client): Promise<SessionUser> {
  const user = await t.app.repos.sessions.findSessionUser(who.cookie.replace(/^access_token=/, ''));
  if (!user) throw new Error('the client has no open session');
  return user;
}
