import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  internalNoteListResponseSchema,
  internalNoteResponseSchema,
  newNoteSchema,
  noteEditSchema,
} from '@portal/domain/internal-notes';
import { callerOf } from '../../plugins/session';
import { pathId, proposalErrors as errors, proposalParams as idParams } from '../../route-schemas';

/**
 * The team's internal notes on a proposal (docs/decisions/051-operator-notes-and-review.md), under
 * /api/v3/backoffice: operators only (401 without a session, 403 for buyers and sellers); an unknown
 * proposal, or a note of another proposal, is 404.
 */
export const notesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { notes } = app.services;
  const tags = ['backoffice'];

  app.get(
    '/backoffice/proposals/:id/notes',
    {
      config: { access: ['operator'] },
      schema: {
        tags,
        summary: 'Notas internas da equipe, com as versões anteriores de cada uma',
        params: idParams,
        response: { 200: internalNoteListResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = await callerOf(request);
      return { data: await notes.list(user, request.params.id) };
    },
  );

  app.post(
    '/backoffice/proposals/:id/notes',
    {
      config: { access: ['operator'] },
      schema: {
        tags,
        summary: 'Escreve uma nota interna (só operadores a leem)',
        params: idParams,
        body: newNoteSchema,
        response: { 201: internalNoteResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await callerOf(request);
      return reply.status(201).send({ data: await notes.create(user, request.params.id, request.body, request.ip) });
    },
  );

  app.put(
    '/backoffice/proposals/:id/notes/:noteId',
    {
      config: { access: ['operator'] },
      schema: {
        tags,
        summary: 'Edita uma nota (nova versão; o texto anterior fica no histórico)',
        params: idParams.extend({ noteId: pathId }),
        body: noteEditSchema,
        response: { 200: internalNoteResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = await callerOf(request);
      const { id, noteId } = request.params;
      return { data: await notes.edit(user, id, noteId, request.body, request.ip) };
    },
  );
};
