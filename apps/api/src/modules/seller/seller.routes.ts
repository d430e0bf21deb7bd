import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@portal/domain/api-error';
import { sellerPartResponseSchema } from '@portal/domain/seller-api';
import { requireUser } from '../../plugins/session';

const tags = ['seller'];
const params = z.object({ id: z.string().max(64) });
const errors = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

/** The seller's part of a proposal: its state (seller, buyers, operators) and its completion (seller only). */
export const sellerRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.seller;

  app.get(
    '/:id/seller',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Situação da parte do vendedor',
        params,
        response: { 200: sellerPartResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const user = await requireUser(request);
      return { data: await service.getPart(user, request.params.id) };
    },
  );

  app.post(
    '/:id/seller/complete',
    {
      config: { access: ['seller'] },
      schema: {
        tags,
        summary: 'O vendedor conclui a sua parte (409 enquanto faltar alguma etapa)',
        params,
        response: { 200: sellerPartResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request, 'seller');
      return { data: await service.completePart(user, request.params.id) };
    },
  );
};
