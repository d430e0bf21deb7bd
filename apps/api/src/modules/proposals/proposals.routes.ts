import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { proposalSchema } from '@portal/domain/proposal';
import { apiErrorSchema } from '@portal/domain/api-error';
import { requireUser } from '../../plugins/session';
import { notFound } from '../../errors';

const tags = ['proposals'];

export const proposalsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Propostas do usuário',
        response: { 200: z.object({ data: z.array(proposalSchema) }), 401: apiErrorSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return { data: await app.repos.proposals.findProposals(user) };
    },
  );

  app.get(
    '/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Uma proposta (404 para quem não participa dela)',
        params: z.object({ id: z.string().max(64) }),
        response: { 200: z.object({ data: proposalSchema }), 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const proposal = await app.repos.proposals.findProposal(user, request.params.id);
      if (!proposal) throw notFound();
      return { data: proposal };
    },
  );
};
