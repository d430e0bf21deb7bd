import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fgtsStateResponseSchema } from '@portal/domain/fgts-api';
import { callerOf } from '../../plugins/session';
import { buyerPosition, proposalErrors as errors, proposalParams as params } from '../../route-schemas';

const tags = ['fgts'];
const query = z.object({ buyer: buyerPosition });
/**
 * FGTS per buyer (the "utility routes" that read FGTS state, docs/decisions/009-fgts-and-health-declaration.md): where the buyer stands and
 * the filled-in form as a PDF. The steps themselves are sections (PUT …/sections/fgts_*).
 */
export const fgtsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { fgts } = app.services;

  app.get(
    '/:id/fgts',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Situação do FGTS de um comprador: elegibilidade, etapas, onde retomar',
        params,
        querystring: query,
        response: { 200: fgtsStateResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = await callerOf(request);
      return { data: await fgts.state(user, request.params.id, request.query.buyer) };
    },
  );

  app.get(
    '/:id/fgts/form.pdf',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Formulário do FGTS preenchido, em PDF, para imprimir e assinar (Content-Disposition: attachment)',
        params,
        querystring: query,
      },
    },
    async (request, reply) => {
      const user = await callerOf(request);
      const { bytes, fileName } = await fgts.formPdf(user, request.params.id, request.query.buyer, request.ip);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(Buffer.from(bytes));
    },
  );
};
