import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataOf, okResponseSchema } from '@portal/domain/api-envelope';
import {
  ownerChangeSchema,
  proposalOwnerSchema,
  queuePageSchema,
  queueQuerySchema,
} from '@portal/domain/backoffice-queue';
import { callerOf } from '../../plugins/session';
import { proposalErrors as errors, proposalParams as idParams } from '../../route-schemas';

/**
 * "Minha fila" and the proposal's responsible (docs/decisions/050-operator-queue.md), under /api/v3:
 * operators only (401 without a session, 403 for buyers and sellers; an unknown proposal 404).
 */
export const queueRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.queue;
  const tags = ['backoffice'];

  app.get(
    '/backoffice/queue',
    {
      config: { access: ['operator'] },
      schema: {
        tags,
        summary: 'Minha fila: o que espera pela equipe, mais antigo primeiro (keyset), com contagens por motivo',
        querystring: queueQuerySchema,
        response: { 200: queuePageSchema, ...errors },
      },
    },
    async (request) => {
      const user = await callerOf(request);
      return service.queuePage(request.query, user);
    },
  );

  app.get(
    '/backoffice/proposals/:id/owner',
    {
      config: { access: ['operator'] },
      schema: {
        tags,
        summary: 'Responsável pela proposta na equipe',
        params: idParams,
        response: { 200: dataOf(proposalOwnerSchema), ...errors },
      },
    },
    async (request) => {
      return { data: await service.ownerOf(request.params.id) };
    },
  );

  app.put(
    '/backoffice/proposals/:id/owner',
    {
      config: { access: ['operator'] },
      schema: {
        tags,
        summary: 'Assumir a proposta ou passá-la a outro operador (que recebe um e-mail)',
        params: idParams,
        body: ownerChangeSchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = await callerOf(request);
      await service.setOwner(user, request.params.id, request.body.operatorId, request.ip);
      return { data: { ok: true as const } };
    },
  );
};
