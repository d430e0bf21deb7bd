import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { API_MESSAGES } from '@portal/domain/api-error';
import { HttpError } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The browser features the portal's pages may use (docs/decisions/044-response-headers.md): the
 * camera on its own origin (document capture), every other powerful feature off. Only names
 * Chromium knows are listed: an unknown one costs a console warning on every page.
 */
export const PERMISSIONS_POLICY = [
  'camera=(self)',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'midi=()',
  'accelerometer=()',
  'gyroscope=()',
  'magnetometer=()',
  'display-capture=()',
  'screen-wake-lock=()',
  'publickey-credentials-get=()',
  'xr-spatial-tracking=()',
  'idle-detection=()',
  'browsing-topics=()',
].join(', ');

/** /api and everything under it: the answers that are never kept by a cache unless a route says so. */
export function isApiUrl(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

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
    // One framing rule: the CSP's frame-ancestors 'none' and, for browsers that only know the
    // legacy header, DENY (the inline document preview relaxes both to its own origin).
    xFrameOptions: { action: 'deny' },
  });
  headers['permissions-policy'] = PERMISSIONS_POLICY;

  app.addHook('onRequest', (request, reply, done) => {
    // A route may still replace one of them (the inline document preview sets its own CSP and
    // framing rule; the public settings and the RUM config their own Cache-Control).
    reply.headers(headers);
    // Personal data is never kept by a browser's disk cache or a proxy: every API answer is
    // no-store unless its route sets its own Cache-Control (the public settings, the RUM config).
    if (isApiUrl(request.url)) reply.header('cache-control', 'no-store');
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
