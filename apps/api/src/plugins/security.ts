import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { API_MESSAGES } from '@portal/domain/api-error';
import { HttpError } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export async function registerSecurity(app: FastifyInstance) {
  // The session-recording/heatmap vendor (script, beacons), only when its script loads (docs/product/monitoring.md).
  const analytics = app.config.analyticsCspSources;
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...analytics],
        // Ant Design writes its styles at run time into <style> elements.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...analytics],
        fontSrc: ["'self'", 'data:'],
        // The monitoring agent posts to /api (same origin): nothing to add for it.
        connectSrc: ["'self'", ...analytics],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(app.config.cookieSecure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: app.config.cookieSecure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });

  app.addHook('onRequest', (request, reply, done) => {
    // A route may still replace one of them (the inline document preview sets its own CSP).
    reply.headers(headers);
    if (SAFE_METHODS.has(request.method)) return done();
    // CSRF: the cookie is SameSite=Lax; on top of that a state-changing request from a foreign page
    // is refused whenever the browser says where it comes from.
    const site = request.headers['sec-fetch-site'];
    if (site === 'cross-site') return done(new HttpError(403, 'foreign_origin', API_MESSAGES.foreignOrigin));
    const origin = request.headers.origin;
    if (!origin) return done();
    const own = `${request.protocol}://${request.host}`;
    if (origin !== own && !app.config.allowedOrigins.includes(origin)) {
      return done(new HttpError(403, 'foreign_origin', API_MESSAGES.foreignOrigin));
    }
    done();
  });
}

/**
 * Helmet's headers do not depend on the request (no CSP nonces here): they are worked out once at
 * start by running Helmet's own middleware against a recording response, then copied onto every
 * reply. Building the middleware per request (as the Fastify plugin does) cost a few per cent of
 * every API call.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}
