import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sellerPartResponseSchema } from '@portal/domain/seller-api';
import { callerOf } from '../../plugins/session';
import { errorResponses, proposalParams as params } from '../../route-schemas';

const tags = ['seller'];
const errors = errorResponses(401, 403, 404, 409);

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
    async (request) => {
      const user = await callerOf(request);
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
      const user = await callerOf(request);
      return { data: await service.completePart(user, request.params.id) };
    },
  );

  app.get(
    '/:id/seller/form.pdf',
    {
      config: { access: ['seller', 'operator'] },
      schema: {
        tags,
        summary: 'Ficha cadastral do vendedor preenchida, em PDF, para assinar (Content-Disposition: attachment)',
        params,
      },
    },
    async (request, reply) => {
      const user = await callerOf(request);
      const { bytes, fileName } = await service.sellerFormPdf(user, request.params.id, request.ip);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(bytes));
    },
  );
};
