import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { API_MESSAGES } from '@portal/domain/api-error';
import { httpRequestDuration, metricsText, registry } from './metrics';

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * GET /metrics for Prometheus (docs/deploy.md, "Metrics"): 404 unless METRICS_TOKEN is set, 401
 * without `Authorization: Bearer <METRICS_TOKEN>`. Every answered request is timed by its route
 * pattern (never the raw URL: ids would make a series each); requests no route matched count as
 * "unmatched".
 */
export function registerMetrics(app: FastifyInstance, options: { token: string | null }) {
  app.addHook('onResponse', (request, reply, done) => {
    httpRequestDuration.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!options.token) return reply.status(404).send({ error: { code: 'not_found', message: API_MESSAGES.notFound } });
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    if (!sameSecret(given, options.token))
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ error: { code: 'unauthenticated', message: 'Informe o token das métricas (Authorization: Bearer).' } });
    return reply
      .header('cache-control', 'no-store')
      .type(registry.contentType)
      .send(await metricsText(app.db.kysely, app.jobs));
  });
}
