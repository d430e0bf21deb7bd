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

/** The signed-in user, or a 401 in the contract's shape. */
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
