import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HEALTH_QUESTION_COUNT } from '@portal/domain/health-questionnaire';
import {
  healthAccessLogResponseSchema,
  healthAnswersResponseSchema,
  insuranceOverviewResponseSchema,
} from '@portal/domain/insurance-api';
import { callerOf } from '../../plugins/session';
import { errorResponses, optionalBuyerQuery, proposalParams } from '../../route-schemas';

const tags = ['insurance'];
const idParams = proposalParams;
const buyerQuery = optionalBuyerQuery;
const errors = errorResponses(400, 401, 403, 404, 409, 500);

/**
 * The insurer's health declaration (DPS) under /api/v3/proposals/:id/insurance. Responses with
 * health data are never cached; request bodies are never logged (Fastify logs method and URL only).
 * Roles and membership are decided by the service: a seller or a stranger gets 404, as for a
 * missing proposal; another buyer of the proposal gets 403.
 */
export const insuranceRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = () => app.services.insurance;

  app.get(
    '/:id/insurance',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Seguro da proposta: seguradora, consentimento e situação de cada comprador',
        params: idParams,
        response: { 200: insuranceOverviewResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = await callerOf(request);
      return { data: await service().overview(user, request.params.id) };
    },
  );

  app.post(
    '/:id/insurance/consent',
    {
      config: { access: ['buyer', 'seller'] },
      schema: {
        tags,
        summary: 'Dar o consentimento para o tratamento dos dados de saúde (LGPD art. 11, I)',
        params: idParams,
        body: z.strictObject({
          version: z.string().max(80),
          accepted: z.literal(true, { error: 'É preciso marcar a autorização para continuar' }),
        }),
        response: { 200: insuranceOverviewResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = await callerOf(request);
      return { data: await service().grantConsent(user, request.params.id, request.body, request.ip) };
    },
  );

  app.delete(
    '/:id/insurance/consent',
    {
      config: { access: ['buyer', 'seller'] },
      schema: {
        tags,
        summary: 'Revogar o consentimento: as respostas de saúde são apagadas',
        params: idParams,
        response: { 200: insuranceOverviewResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = await callerOf(request);
      return { data: await service().revokeConsent(user, request.params.id, request.ip) };
    },
  );

  app.get(
    '/:id/insurance/answers',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Respostas de saúde de um comprador (o próprio; operadores com permissão, com registro de acesso)',
        params: idParams,
        querystring: buyerQuery,
        response: {
          200: healthAnswersResponseSchema,
          ...errors,
        },
      },
    },
    async (request) => {
      const user = await callerOf(request);
      return { data: await service().readAnswers(user, request.params.id, request.query.buyer, request.ip) };
    },
  );

  app.put(
    '/:id/insurance/answers/:question',
    {
      config: { access: ['buyer', 'seller'] },
      schema: {
        tags,
        summary: 'Responder uma pergunta (1 a 16) da declaração de saúde',
        params: idParams.extend({ question: z.coerce.number().int().min(1).max(HEALTH_QUESTION_COUNT) }),
        querystring: buyerQuery,
        // Checked by the service with the domain schema (its Portuguese messages).
        body: z.record(z.string(), z.unknown()),
        response: { 200: insuranceOverviewResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = await callerOf(request);
      return {
        data: await service().saveAnswer(
          user,
          request.params.id,
          request.params.question,
          request.query.buyer,
          request.body,
        ),
      };
    },
  );

  app.post(
    '/:id/insurance/confirm',
    {
      config: { access: ['buyer', 'seller'] },
      schema: {
        tags,
        summary: 'Confirmar a declaração de saúde (insurance_completed)',
        params: idParams,
        body: z.strictObject({
          declaration: z.literal(true, { error: 'Marque a declaração para confirmar' }),
          version: z.string().max(80),
        }),
        response: { 200: insuranceOverviewResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = await callerOf(request);
      return { data: await service().confirm(user, request.params.id, request.body, request.ip) };
    },
  );

  app.get(
    '/:id/insurance/access-log',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Quem leu as respostas de saúde de um comprador',
        params: idParams,
        querystring: buyerQuery,
        response: {
          200: healthAccessLogResponseSchema,
          ...errors,
        },
      },
    },
    async (request) => {
      const user = await callerOf(request);
      return { data: await service().accessLog(user, request.params.id, request.query.buyer) };
    },
  );
};
