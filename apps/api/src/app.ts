import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import fastifyStatic from '@fastify/static';
import compress from '@fastify/compress';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { installZodMessages } from '@portal/domain/zod-messages';
import { API_MESSAGES } from '@portal/domain/api-error';
import type { Config } from './config';
import type { Db } from './db/database';
import { registerSecurity } from './plugins/security';
import { financingRoutes } from './modules/financing/financing.routes';
import { registerErrorHandler } from './plugins/errors';
import { registerSession } from './plugins/session';
import { serializerCompiler } from './plugins/serializer';
import { lazyChildLogger, loggerOptions } from './plugins/logging';
import { authRoutes } from './modules/auth/auth.routes';
import { proposalsRoutes } from './modules/proposals/proposals.routes';
import { sectionsRoutes } from './modules/sections/sections.routes';
import { backofficeRoutes } from './modules/backoffice/backoffice.routes';
import { queueRoutes } from './modules/backoffice/queue.routes';
import { notesRoutes } from './modules/backoffice/notes.routes';
import { privacyRoutes } from './modules/privacy/privacy.routes';
import { sellerRoutes } from './modules/seller/seller.routes';
import { cepRoutes } from './modules/cep/cep.routes';
import { createViaCepProvider, noCepProvider, type CepProvider } from './modules/cep/cep.service';
import { monitoringRoutes } from './modules/monitoring/monitoring.routes';
import { documentsRoutes } from './modules/documents/documents.routes';
import { resumableRoutes } from './modules/documents/resumable.routes';
import { insuranceRoutes } from './modules/insurance/insurance.routes';
import { fgtsRoutes } from './modules/fgts/fgts.routes';
import { healthRoutes } from './modules/health/health.routes';
import { jobsRoutes } from './modules/jobs/jobs.routes';
import { remindersRoutes } from './modules/reminders/reminders.routes';
import { registerMetrics } from './modules/metrics/metrics.routes';
import { servicesPlugin } from './services';
import { jobsPlugin } from './jobs/plugin';
import type { JobDefinition } from './jobs/jobs';
import { limiterPlugin, mailerPlugin, redisPlugin, sessionsPlugin, storagePlugin } from './plugins/clients';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    cep: CepProvider;
  }
}

export interface BuildOptions {
  config: Config;
  db: Db;
  /** Pino options; false silences logging (tests). */
  logger?: boolean | object;
  /** Jobs added to the app's own (the tests' job that fails on purpose). */
  extraJobs?: JobDefinition[];
}

/** Builds the whole HTTP app: plugins in a fixed order (external → app → routes), as fastify/demo. */
export async function buildApp({ config, db, logger, extraJobs = [] }: BuildOptions): Promise<FastifyInstance> {
  installZodMessages();
  const app = Fastify({
    logger: loggerOptions(config, logger),
    childLoggerFactory: lazyChildLogger,
    // A hop count or the proxies' addresses (TRUST_PROXY), never every hop of X-Forwarded-For.
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1_048_576,
    // Ids and codes never need more; longer URLs are refused early.
    routerOptions: { maxParamLength: 200 },
  });
  // A lost database connection is dropped by the pool and replaced on the next query; requests that
  // met it answer 503 (plugins/errors.ts). One line per lost connection, no stack.
  db.onConnectionError((err) =>
    app.log.warn({ code: (err as { code?: string }).code, err: err.message }, 'database connection lost'),
  );
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('cep', config.cepServiceUrl ? createViaCepProvider(config.cepServiceUrl) : noCepProvider);
  // The shared clients, the jobs and the services: named plugins with declared dependencies
  // (docs/decisions/064-access-once-and-plugins.md). Fastify closes them in the reverse order:
  // jobs stop, the mailer stops, storage closes, Redis disconnects.
  await app.register(redisPlugin);
  await app.register(limiterPlugin);
  await app.register(sessionsPlugin);
  await app.register(storagePlugin);
  await app.register(mailerPlugin);
  await app.register(jobsPlugin, { extraJobs });
  await app.register(servicesPlugin);

  // External plugins
  // JSON answers of 1 KB or more go out compressed (brotli at the library's fast setting, or gzip);
  // smaller ones are sent as they are, so the short hot paths pay nothing. Request bodies are
  // never inflated: the API reads them as the client sent them.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'], globalDecompression: false });
  await app.register(cookie);
  await registerSecurity(app);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Portal de Propostas API',
        version: '3.0.0',
        description: 'Erros: {"error": {"code", "message", "fields"}}.',
      },
      components: { securitySchemes: { cookie: { type: 'apiKey', in: 'cookie', name: 'access_token' } } },
      security: [{ cookie: [] }],
    },
    transform: jsonSchemaTransform,
  });

  // App plugins
  registerErrorHandler(app);
  registerSession(app);
  // Prometheus: request timings by route, GET /metrics behind METRICS_TOKEN (docs/deploy.md, Metrics).
  registerMetrics(app, { token: config.metricsToken });

  // Routes
  await app.register(
    async (api) => {
      await api.register(authRoutes, { prefix: '/auth' });
      await api.register(proposalsRoutes, { prefix: '/proposals' });
      await api.register(sectionsRoutes, { prefix: '/proposals' });
      await api.register(documentsRoutes, { prefix: '/proposals' });
      // Resumable uploads on tus 1.0 (docs/decisions/053-resumable-uploads.md).
      await api.register(resumableRoutes, { prefix: '/uploads' });
      await api.register(sellerRoutes, { prefix: '/proposals' });
      // FGTS state and form PDF, the insurer's health declaration (docs/decisions/009-fgts-and-health-declaration.md).
      await api.register(fgtsRoutes, { prefix: '/proposals' });
      await api.register(insuranceRoutes, { prefix: '/proposals' });
      await api.register(cepRoutes, { prefix: '/cep' });
      // Back office (docs/decisions/007-back-office.md): /backoffice/*, /operators, /proposals/:id/history.
      await api.register(backofficeRoutes);
      await api.register(queueRoutes);
      // Background jobs: counts, failures and "Tentar de novo" (docs/decisions/048-background-jobs.md).
      await api.register(jobsRoutes);
      // The team's internal notes (docs/decisions/051-operator-notes-and-review.md).
      await api.register(notesRoutes);
      // Property values, installments, SFH ceiling and LTV settings (docs/decisions/020).
      await api.register(financingRoutes);
      await api.register(privacyRoutes, { prefix: '/privacy' });
      // Reminders' switches: the e-mail's opt-out link, the person's own, the operator's (docs/decisions/049).
      await api.register(remindersRoutes);
    },
    { prefix: '/api/v3' },
  );
  // Front-end monitoring: /api/public-settings, the RUM agent's /api/intake and /api/config, /api/v3/monitoring.
  await app.register(monitoringRoutes);
  // The API's map helps an attacker as much as a developer: open in development, operators' only in production.
  app.get(
    '/api/docs',
    { schema: { hide: true }, config: config.isProduction ? { access: ['operator'] } : {} },
    async () => app.swagger(),
  );
  // Liveness and readiness probes (database, storage, Redis when set).
  await app.register(healthRoutes, {
    db,
    storageConfig: config.documents.storage,
    storage: app.storage,
    redis: app.redis,
  });

  registerSpa(app, config.webDist);
  return app;
}

/** n hops: the n nearest addresses are proxies, so the client is the (n+1)th from the end (proxy-addr's rule). */
function trustProxyOption(setting: Config['trustProxy']) {
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;
}

/**
 * A source map of the web build (`….map`, the path as sent or decoded). The build writes them for
 * the monitoring's stack traces, but they are never served: they would hand out the whole front-end
 * source, comments included (docs/decisions/044-response-headers.md).
 */
export function isSourceMapUrl(url: string): boolean {
  const path = url.split('?')[0]!;
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // A malformed escape is not a file name the static handler would find either.
  }
  return /\.map$/i.test(path) || /\.map$/i.test(decoded);
}

/**
 * Serves the built SPA: hashed assets cached for a year, index.html never cached, and every
 * non-API GET that is not a file falls back to index.html (client-side routes). The build writes
 * a brotli (.br) and a gzip (.gz) copy of each text file next to it; the one the browser accepts
 * is sent as it is, with its content-encoding, so no asset is compressed per request. Source maps
 * lie beside the assets but answer 404, in every mode.
 */
function registerSpa(app: FastifyInstance, webDist: string) {
  const hasSpa = existsSync(join(webDist, 'index.html'));
  if (hasSpa) {
    app.register(fastifyStatic, {
      root: webDist,
      index: false,
      cacheControl: false,
      preCompressed: true,
      allowedPath: (pathName) => !isSourceMapUrl(pathName),
      setHeaders(res, path) {
        res.setHeader('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
        // A shared cache must keep the brotli, gzip and plain answers apart.
        res.setHeader('vary', 'accept-encoding');
      },
    });
    // '/' is the dist folder itself to @fastify/static, which refuses it (403) with index: false.
    app.get('/', { schema: { hide: true } }, (_request, reply) =>
      reply.header('cache-control', 'no-cache').sendFile('index.html'),
    );
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (!isApi && hasSpa && (request.method === 'GET' || request.method === 'HEAD') && !isSourceMapUrl(request.url)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ error: { code: 'not_found', message: API_MESSAGES.notFound } });
  });
}
