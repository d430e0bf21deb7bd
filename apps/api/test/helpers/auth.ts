import type { LightMyRequestResponse } from 'fastify';
import { DEMO_PASSWORD, sessionCookie, type TestApp } from './app';

type Role = 'buyer' | 'seller' | 'operator';

/**
 * Calls to /api/v3/auth as a browser without a session (or with the given cookie), for the tests
 * of login, session, recovery and CSRF; app() is read at call time (the app is built in beforeAll).
 */
export function authCalls(app: () => TestApp) {
  const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    app().app.inject({ method: 'POST', url: `/api/v3/auth${url}`, payload: payload as object, headers });
  const get = (url: string, cookie?: string) =>
    app().app.inject({ method: 'GET', url: `/api/v3/auth${url}`, headers: cookie ? { cookie } : {} });
  const tryLogin = (username: string, type: Role, password = DEMO_PASSWORD, headers: Record<string, string> = {}) =>
    post('/login', { username, password, type }, headers);
  /** The user of a cookie, or the status code when the cookie does not open a session. */
  const whoIs = async (cookie: string) => {
    const res = await get('/user', cookie);
    return res.statusCode === 200 ? (res.json().data.email as string) : res.statusCode;
  };
  const cookieOf = (res: LightMyRequestResponse) => `access_token=${sessionCookie(res)}`;
  return { post, get, tryLogin, whoIs, cookieOf };
}
