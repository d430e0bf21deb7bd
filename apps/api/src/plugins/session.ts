import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Role, SessionUser } from '@portal/domain/auth';
import { forbidden, unauthenticated } from '../errors';
import type { LiveSessionRow, SessionKey } from '../modules/auth/live-session';

export const SESSION_COOKIE = 'access_token';

/** Who may call a route: any signed-in user, or only these roles. */
export type RouteAccess = 'signed-in' | readonly Role[];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Checked in onRequest, before the body is parsed or validated (docs/decisions/016-input-hygiene.md). */
    access?: RouteAccess;
    /**
     * The handler reads the session within its own statement (readWithSession), so the onRequest
     * check does not read it first (docs/decisions/057-the-api-at-its-floor.md). Only for routes
     * without a body; the handler must call readWithSession before anything else.
     */
    sessionInQuery?: true;
  }
  interface FastifyRequest {
    /** The session's user, resolved once per request on first use. */
    sessionUser(): Promise<SessionUser | null>;
  }
}

/** Resolves the access_token cookie to a user lazily, so routes that do not need it pay nothing. */
export function registerSession(app: FastifyInstance) {
  app.decorateRequest('sessionUser', function (this: FastifyRequest) {
    const cache = this as SessionCache;
    if (!cache._sessionUser) {
      const token = this.cookies[SESSION_COOKIE];
      cache._sessionUser = token ? app.repos.sessions.findSessionUser(token) : Promise.resolve(null);
    }
    return cache._sessionUser;
  });
  // The caller is checked before the body: a buyer posting to an operator's route gets 403, not the
  // route's field rules (which would tell a stranger what the route expects).
  // A callback hook, not an async one: the many requests without `access` go on at once, with no
  // promise made and awaited on every request.
  app.addHook('onRequest', (request, _reply, done) => {
    const { access, sessionInQuery } = request.routeOptions.config;
    if (!access || sessionInQuery) return done();
    requireUser(request, ...(access === 'signed-in' ? [] : access)).then(() => done(), done);
  });
}

type SessionCache = FastifyRequest & { _sessionUser?: Promise<SessionUser | null> };

/**
 * For a `sessionInQuery` route: runs `read`, one statement that reads the request's session
 * (live-session.ts) with the route's data, and settles the session as requireUser would: no cookie,
 * an unknown, revoked or expired session is a 401; otherwise the user (remembered for the rest of
 * the request) with what `read` gave. Any role may call such a route.
 */
export async function readWithSession<T extends { session: LiveSessionRow | undefined }>(
  request: FastifyRequest,
  read: (key: SessionKey) => Promise<T>,
): Promise<T & { user: SessionUser }> {
  const token = request.cookies[SESSION_COOKIE];
  if (!token) throw unauthenticated();
  const { sessions } = request.server.repos;
  const key = sessions.keyFor(token);
  const found = await read(key);
  const settled = sessions.settleSession(found.session, key);
  const user = settled instanceof Promise ? await settled : settled;
  (request as SessionCache)._sessionUser = Promise.resolve(user);
  if (!user) throw unauthenticated();
  return { ...found, user };
}

/**
 * The caller of a route that declares `access` (docs/decisions/064-access-once-and-plugins.md): the
 * session user the onRequest hook above already resolved and checked against the route's roles, so
 * a handler never names a role again. The user is the cached one: no second read of the session.
 * On a route without `access` (or a `sessionInQuery` one, which uses readWithSession) it is a
 * programming error, answered 500 and logged, never a guess at who may call.
 */
export async function callerOf(request: FastifyRequest): Promise<SessionUser> {
  const { access, sessionInQuery } = request.routeOptions.config;
  if (!access || sessionInQuery) {
    throw new Error(
      `callerOf on ${request.routeOptions.method} ${request.routeOptions.url}: the route declares no access` +
        (sessionInQuery ? ' checked in onRequest (sessionInQuery: use readWithSession)' : ''),
    );
  }
  const user = await request.sessionUser();
  // The onRequest hook answered 401 for a request without a user: this one cannot get here.
  if (!user) throw new Error(`callerOf on ${request.routeOptions.url}: no session user after the access check`);
  return user;
}

/**
 * The signed-in user, or a 401 in the contract's shape; with roles, a 403 for any other role. The
 * onRequest hook's check; a route handler uses callerOf instead (an ESLint rule forbids roles here
 * in *.routes.ts files).
 */
export async function requireUser(request: FastifyRequest, ...roles: Role[]): Promise<SessionUser> {
  const user = await request.sessionUser();
  if (!user) throw unauthenticated();
  if (roles.length && !roles.includes(user.role)) throw forbidden();
  return user;
}

export function setSessionCookie(app: FastifyInstance, reply: FastifyReply, token: string) {
  // No Max-Age/Expires: a browser-session cookie (docs/product/api.md); the server enforces idle/absolute expiry.
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: app.config.cookieSecure,
  });
}

export function clearSessionCookie(app: FastifyInstance, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', path: '/', secure: app.config.cookieSecure });
}
