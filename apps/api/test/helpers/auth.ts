import type { LightMyRequestResponse } from 'fastify';
import { DEMO_PASSWORD, sessionCookie, type TestApp } from './app';
import { clientFor, type RequestOptions } from './client';

type Role = 'buyer' | 'seller' | 'operator';

/**
 * Calls to /api/v3/auth as a browser without a session, for the tests of login, session, recovery
 * and CSRF, in the clients' order (url, body?, options?): a cookie goes in options.headers.
 */
export function authCalls(t: TestApp) {
  const anonymous = clientFor(t);
  const post = (url: string, payload?: unknown, options?: RequestOptions) =>
    anonymous.post(`/api/v3/auth${url}`, payload, options);
  const get = (url: string, options?: RequestOptions) => anonymous.get(`/api/v3/auth${url}`, options);
  /** Options that send a session cookie. */
  const withCookie = (cookie: string, options: RequestOptions = {}): RequestOptions => ({
    ...options,
    headers: { ...options.headers, cookie },
  });
  const tryLogin = (username: string, type: Role, password = DEMO_PASSWORD, options?: RequestOptions) =>
    post('/login', { username, password, type }, options);
  /** The user of a cookie, or the status code when the cookie does not open a session. */
  const whoIs = async (cookie: string) => {
    const res = await get('/user', withCookie(cookie));
    return res.statusCode === 200 ? (res.json().data.email as string) : res.statusCode;
  };
  const cookieOf = (res: LightMyRequestResponse) => `access_token=${sessionCookie(res)}`;
  return { post, get, withCookie, tryLogin, whoIs, cookieOf };
}
