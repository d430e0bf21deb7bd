import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { proposalSchema, sellerProposalSchema, toSellerProposal, type Proposal } from '@portal/domain/proposal';
import type { SessionUser } from '@portal/domain/auth';
import { apiErrorSchema } from '@portal/domain/api-error';
import { requireUser } from '../../plugins/session';
import { notFound } from '../../errors';

const tags = ['proposals'];

/** Each party gets only what its screens use: sellers get the seller's view (no financing terms). */
const proposalView = z.union([proposalSchema, sellerProposalSchema]);
const viewFor = (user: SessionUser) => (p: Proposal) => (user.role === 'seller' ? toSellerProposal(p) : p);

export const proposalsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Propostas do usuário',
        response: { 200: z.object({ data: z.array(proposalView) }), 401: apiErrorSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return { data: (await app.repos.proposals.findProposals(user)).map(viewFor(user)) };
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
        response: { 200: z.object({ data: proposalView }), 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const proposal = await app.repos.proposals.findProposal(user, request.params.id);
      if (!proposal) throw notFound();
      return { data: viewFor(user)(proposal) };
    },
  );
};
