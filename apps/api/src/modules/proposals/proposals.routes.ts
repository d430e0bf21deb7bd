import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  progressResponseSchema,
  proposalListResponseSchema,
  proposalResponseSchema,
} from '@portal/domain/proposals-api';
import { apiErrorSchema } from '@portal/domain/api-error';
import { callerOf, readWithSession } from '../../plugins/session';
import { compiledResponse } from '../../plugins/serializer';

const tags = ['proposals'];

export const proposalsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { progress, proposals: service } = app.services;
  app.get(
    '/',
    {
      config: { access: 'signed-in', sessionInQuery: true },
      schema: {
        tags,
        summary: 'Propostas do usuário',
        response: { 200: compiledResponse(proposalListResponseSchema), 401: apiErrorSchema },
      },
    },
    // The session is read in the list's own statement (docs/decisions/057-the-api-at-its-floor.md).
    async (request) => {
      const { user, proposals } = await readWithSession(request, (key) => service.findListWithSession(key));
      return { data: await service.listViews(user, proposals) };
    },
  );

  app.get(
    '/:id',
    {
      config: { access: 'signed-in', sessionInQuery: true },
      schema: {
        tags,
        summary: 'Uma proposta (404 para quem não participa dela)',
        params: z.object({ id: z.string().max(64) }),
        response: { 200: compiledResponse(proposalResponseSchema), 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const { user, proposal } = await readWithSession(request, (key) =>
        service.findOneWithSession(key, request.params.id),
      );
      return { data: service.oneView(user, proposal) };
    },
  );

  app.get(
    '/:id/progress',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'O que falta na proposta: etapas de cada parte, contagem e o próximo passo de quem pergunta',
        params: z.object({ id: z.string().max(64) }),
        response: { 200: progressResponseSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const user = await callerOf(request);
      return { data: await progress.progressFor(user, request.params.id) };
    },
  );

  app.post(
    '/:id/send-for-analysis',
    {
      config: { access: ['buyer'] },
      schema: {
        tags,
        summary: 'O comprador principal envia a proposta para análise (todas as etapas dos compradores concluídas)',
        params: z.object({ id: z.string().max(64) }),
        response: {
          200: progressResponseSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const user = await callerOf(request);
      return { data: await progress.sendForAnalysis(user, request.params.id, request.ip) };
    },
  );
};
