import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  draftSavedResponseSchema,
  sectionListResponseSchema,
  sectionViewResponseSchema,
  submittedSectionResponseSchema,
} from '@portal/domain/sections-api';
import { callerOf } from '../../plugins/session';
import { compiledResponse } from '../../plugins/serializer';
import { optionalBuyerQuery, pathId, proposalErrors as errors, proposalParams } from '../../route-schemas';

const tags = ['sections'];
const params = z.object({ id: pathId, section: z.string().max(40) });
const query = optionalBuyerQuery;
/** Section bodies are checked by the section's own schema in the service (drafts and submits differ). */
const anyBody = z.record(z.string(), z.unknown());
/** What both writes of a section take: the proposal and section, the buyer (per-buyer sections) and the values. */
const sectionWrite = { tags, params, querystring: query, body: anyBody };

/** Role and membership are decided by the service: a seller or a stranger gets 404, as for a missing proposal. */
export const sectionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id/sections',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Seções da proposta e progresso',
        params: proposalParams,
        response: {
          200: sectionListResponseSchema,
          ...errors,
        },
      },
    },
    async (request) => {
      const user = await callerOf(request);
      return { data: await app.services.sections.listSections(user, request.params.id) };
    },
  );

  app.get(
    '/:id/sections/:section',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Uma seção (rascunho e valores enviados)',
        params,
        querystring: query,
        response: { 200: sectionViewResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = await callerOf(request);
      return {
        data: await app.services.sections.getSection(
          user,
          request.params.id,
          request.params.section,
          request.query.buyer,
        ),
      };
    },
  );

  app.put(
    '/:id/sections/:section/draft',
    {
      config: { access: ['buyer', 'seller'] },
      schema: {
        summary: 'Salvar rascunho (autosave)',
        ...sectionWrite,
        response: { 200: compiledResponse(draftSavedResponseSchema), ...errors },
      },
    },
    async (request) => {
      const { id, section } = request.params;
      const user = await callerOf(request);
      return { data: await app.services.sections.saveDraft(user, id, section, request.query.buyer, request.body) };
    },
  );

  app.put(
    '/:id/sections/:section',
    {
      config: { access: ['buyer', 'seller'] },
      schema: {
        summary: 'Enviar a seção (validação completa no servidor)',
        ...sectionWrite,
        response: { 200: submittedSectionResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { id, section } = request.params;
      const user = await callerOf(request);
      const { view, fillingStatus } = await app.services.sections.submitSection(
        user,
        id,
        section,
        request.query.buyer,
        request.body,
      );
      return { data: { ...view, fillingStatus } };
    },
  );
};
