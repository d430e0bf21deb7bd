import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import { API_MESSAGES } from '@portal/domain/api-error';
import { HttpError } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export async function registerSecurity(app: FastifyInstance) {
  // The session-recording/heatmap vendor (script, beacons), only when its script loads (docs/product/monitoring.md).
  const analytics = app.config.analyticsCspSources;
  await app.register(helmet, {
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

  // CSRF: the cookie is SameSite=Lax; on top of that a state-changing request from a foreign page
  // is refused whenever the browser says where it comes from.
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const site = request.headers['sec-fetch-site'];
    if (site === 'cross-site') throw new HttpError(403, 'foreign_origin', API_MESSAGES.foreignOrigin);
    const origin = request.headers.origin;
    if (!origin) return;
    const own = `${request.protocol}://${request.host}`;
    if (origin !== own && !app.config.allowedOrigins.includes(origin)) {
      throw new HttpError(403, 'foreign_origin', API_MESSAGES.foreignOrigin);
    }
  });
}
