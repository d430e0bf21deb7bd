import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@portal/domain/api-error';
import { noContentSchema } from '@portal/domain/api-envelope';
import {
  agentConfigSchema,
  errorGroupsResponseSchema,
  intakeSummarySchema,
  publicSettingsResponseSchema,
  routeStatsResponseSchema,
  sampleRateSettingResponseSchema,
} from '@portal/domain/monitoring-api';
import { sampleRateBodySchema } from '@portal/domain/monitoring-views';
import { callerOf } from '../../plugins/session';
import { HttpError, rateLimited } from '../../errors';
import { RATE_WINDOW_MS, RUM_BODY_LIMIT } from './monitoring.service';

const tags = ['monitoring'];
/** What the agent sends (fetch keepalive / XHR), and what navigator.sendBeacon would send. */
const INTAKE_TYPES = new Set(['application/x-ndjson', 'application/ndjson', 'text/plain']);

/**
 * Front-end monitoring (docs/product/monitoring.md): the public settings the browser starts with, the RUM agent's
 * intake and central-config endpoints under /api (its serverUrl), and the operator's views.
 */
export async function monitoringRoutes(app: FastifyInstance) {
  await app.register(publicRoutes);
  await app.register(intakeRoutes);
  await app.register(operatorRoutes, { prefix: '/api/v3/monitoring' });
}

const publicRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.monitoring;
  app.get(
    '/api/public-settings',
    {
      schema: {
        tags,
        summary: 'Configurações públicas lidas pelo navegador ao iniciar (monitoramento, analytics)',
        security: [],
        response: { 200: publicSettingsResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return { data: app.config.publicSettings };
    },
  );

  app.get(
    '/api/config/v1/rum/agents',
    {
      schema: {
        tags,
        summary: 'Configuração central do agente RUM (taxa de amostragem); 304 quando a etag confere',
        security: [],
        querystring: z.object({
          'service.name': z.string().min(1).max(1024),
          'service.environment': z.string().max(1024).optional(),
          ifnonematch: z.string().max(200).optional(),
        }),
        response: { 200: agentConfigSchema, 304: noContentSchema },
      },
    },
    async (request, reply) => {
      const { body, etag } = await service.agentConfig();
      const bare = etag.replace(/"/g, '');
      // The agent sends the etag it kept as ?ifnonematch= (unquoted); HTTP clients send If-None-Match.
      const sent = [request.query.ifnonematch, ...(request.headers['if-none-match'] ?? '').split(',')]
        .filter((v): v is string => !!v)
        .map((v) => v.trim().replace(/^W\//, '').replace(/"/g, ''));
      reply.header('etag', etag).header('cache-control', 'no-cache');
      if (sent.includes(bare) || sent.includes('*')) return reply.status(304).send(null);
      return body;
    },
  );
};

const intakeRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.monitoring;
  // Only this scope reads raw bodies: NDJSON, maybe gzip, checked and decompressed by the service.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: RUM_BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/api/intake/v2/rum/events',
    {
      bodyLimit: RUM_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Recebe os lotes NDJSON do agente RUM (metadados, depois erros, transações e spans)',
        description:
          'Content-Type application/x-ndjson ou text/plain, opcionalmente Content-Encoding: gzip. ' +
          'Responde 202 com as linhas aceitas e as recusadas (número e motivo).',
        security: [],
        response: { 202: intakeSummarySchema, 400: apiErrorSchema, 413: apiErrorSchema, 429: apiErrorSchema },
      },
      // Counted before the body is read: a flood costs a counter, not a decompression.
      onRequest: async (request) => {
        const count = await app.limiter.hit(`rum:${request.ip}`, RATE_WINDOW_MS);
        if (count > app.config.rumIntakeLimit) {
          throw rateLimited((RATE_WINDOW_MS - (Date.now() % RATE_WINDOW_MS)) / 1000);
        }
      },
    },
    async (request, reply) => {
      const contentType = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      if (!INTAKE_TYPES.has(contentType)) {
        throw new HttpError(415, 'unsupported_media_type', 'Envie NDJSON (application/x-ndjson).');
      }
      if (!Buffer.isBuffer(request.body) || request.body.length === 0) {
        throw new HttpError(400, 'invalid_metadata', 'A primeira linha do lote deve trazer os metadados do serviço.', {
          '1': 'Lote vazio',
        });
      }
      const summary = await service.ingest({
        body: request.body,
        contentType: request.headers['content-type']!,
        contentEncoding: request.headers['content-encoding'],
        userAgent: request.headers['user-agent'] ?? null,
        ip: request.ip,
      });
      return reply.status(202).send(summary);
    },
  );
};

const operatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.monitoring;
  const denied = { 401: apiErrorSchema, 403: apiErrorSchema };
  // Checked in onRequest, before body validation: a stranger gets 401/403, never a field error.
  const config = { access: ['operator'] as const };

  app.get(
    '/errors',
    {
      config,
      schema: {
        tags,
        summary: 'Erros do front end nos últimos 7 dias, agrupados por mensagem (operador)',
        response: { 200: errorGroupsResponseSchema, ...denied },
      },
    },
    async () => {
      return { data: await service.listErrorGroups() };
    },
  );

  app.get(
    '/routes',
    {
      config,
      schema: {
        tags,
        summary: 'Rotas mais lentas pela mediana das transações nos últimos 7 dias (operador)',
        response: { 200: routeStatsResponseSchema, ...denied },
      },
    },
    async () => {
      return { data: await service.listRouteStats() };
    },
  );

  app.get(
    '/sample-rate',
    {
      config,
      schema: {
        tags,
        summary: 'Taxa de amostragem de transações do agente RUM (operador)',
        response: { 200: sampleRateSettingResponseSchema, ...denied },
      },
    },
    async () => {
      return { data: await service.getSampleRate() };
    },
  );

  app.put(
    '/sample-rate',
    {
      config,
      schema: {
        tags,
        summary: 'Define a taxa de amostragem (0 a 1) servida ao agente RUM (operador)',
        body: sampleRateBodySchema,
        response: { 200: sampleRateSettingResponseSchema, 400: apiErrorSchema, ...denied },
      },
    },
    async (request) => {
      const user = await callerOf(request);
      return { data: await service.setSampleRate(request.body.rate, { id: user.id, ip: request.ip }) };
    },
  );
};
