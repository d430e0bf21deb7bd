import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageResponseSchema } from '@portal/domain/api-envelope';
import {
  deletionRequestedResponseSchema,
  privacyExportResponseSchema,
  privacyRequestsResponseSchema,
  privacyStatusResponseSchema,
} from '@portal/domain/privacy-api';
import { callerOf } from '../../plugins/session';
import { errorResponses } from '../../route-schemas';

const tags = ['privacy'];
const errors = errorResponses(401, 403, 404, 409);

export const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.privacy;
  app.get(
    '/',
    {
      config: { access: ['buyer', 'seller'] },
      schema: {
        tags,
        summary: 'Situação dos pedidos LGPD do titular',
        response: {
          200: privacyStatusResponseSchema,
          ...errors,
        },
      },
    },
    async (request) => ({ data: await service.status(await callerOf(request)) }),
  );

  app.get(
    '/export',
    {
      config: { access: ['buyer', 'seller'] },
      schema: {
        tags,
        summary: 'Baixar todos os meus dados (JSON)',
        response: { 200: privacyExportResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await callerOf(request);
      reply.header('content-disposition', 'attachment; filename="meus-dados-portal-de-propostas.json"');
      return { data: await service.exportData(user, request.ip) };
    },
  );

  app.post(
    '/deletion-request',
    {
      config: { access: ['buyer', 'seller'] },
      schema: {
        tags,
        summary: 'Pedir a exclusão dos meus dados',
        response: { 202: deletionRequestedResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await callerOf(request);
      return reply.status(202).send({ data: await service.requestDeletion(user, request.ip) });
    },
  );

  app.get(
    '/requests',
    {
      config: { access: ['operator'] },
      schema: {
        tags,
        summary: 'Pedidos de exclusão (backoffice)',
        response: {
          200: privacyRequestsResponseSchema,
          ...errors,
        },
      },
    },
    async () => {
      return { data: await service.listRequests() };
    },
  );

  app.post(
    '/requests/:requestId/complete',
    {
      config: { access: ['operator'] },
      schema: {
        tags,
        summary: 'Concluir a exclusão (backoffice)',
        params: z.object({ requestId: z.string().max(64) }),
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const operator = await callerOf(request);
      return { data: await service.completeRequest(operator, request.params.requestId, request.ip) };
    },
  );
};
