import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Role, SessionUser } from '@portal/domain/auth';
import { forbidden, unauthenticated } from '../errors';

export const SESSION_COOKIE = 'access_token';

/** Who may call a route: any signed-in user, or only these roles. */
export type RouteAccess = 'signed-in' | readonly Role[];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Checked in onRequest, before the body is parsed or validated (docs/decisions/016-input-hygiene.md). */
    access?: RouteAccess;
  }
  interface FastifyRequest {
    /** The session's user, resolved once per request on first use. */
    sessionUser(): Promise<SessionUser | null>;
  }
}

/** Resolves the access_token cookie to a user lazily, so routes that do not need it pay nothing. */
export function registerSession(app: FastifyInstance) {
  app.decorateRequest('sessionUser', function (this: FastifyRequest) {
    const cache = this as FastifyRequest & { _sessionUser?: Promise<SessionUser | null> };
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
    const access = request.routeOptions.config.access;
    if (!access) return done();
    requireUser(request, ...(access === 'signed-in' ? [] : access)).then(() => done(), done);
  });
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
