import { z } from 'zod';
import { documentEventsResponseSchema, documentsListResponseSchema } from '@portal/domain/documents-api';
import { noContentSchema } from '@portal/domain/api-envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { REVIEW_REASON_MAX } from '@portal/domain/documents';
import { contentDisposition } from './file-names';
import { optionalText } from '@portal/domain/fields';
import { callerOf } from '../../plugins/session';
import { pathId as id, proposalErrors as errors } from '../../route-schemas';

const tags = ['documents'];

const reviewBody = z.strictObject({
  decision: z.enum(['accept', 'reject']),
  // E-mailed to whoever uploaded: line breaks are fine, other control characters are not.
  reason: optionalText(REVIEW_REASON_MAX, { multiline: true }),
});

/**
 * A preview of a stored file inside the portal's own pages (the operator's review screen): the
 * site-wide policy forbids framing (frame-ancestors 'none'), which would also block a same-origin
 * <iframe> of a PDF. Only this response relaxes it to 'self', and it may load nothing else.
 */
const INLINE_CSP =
  "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; object-src 'self'; frame-ancestors 'self'";

/**
 * Supporting documents (docs/decisions/005-documents.md). Every route checks role and membership in the service: a
 * proposal, item or file the user may not see answers 404, as a missing one would. Files arrive by
 * one way only, the tus uploads of resumable.routes.ts (docs/decisions/053-resumable-uploads.md).
 */
export const documentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.documents;

  app.get(
    '/:id/documents',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Documentos da proposta: itens exigidos, arquivos e checklist',
        params: z.object({ id }),
        response: { 200: documentsListResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = await callerOf(request);
      return { data: await service.listDocuments(user, request.params.id) };
    },
  );

  app.delete(
    '/:id/documents/files/:fileId',
    {
      config: { access: ['buyer', 'seller'] },
      schema: {
        tags,
        summary: 'Excluir um arquivo ainda não analisado',
        params: z.object({ id, fileId: id }),
        response: { 204: noContentSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await callerOf(request);
      await service.deleteFile(user, request.params.id, request.params.fileId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/:id/documents/files/:fileId/content',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Baixar um arquivo (Content-Disposition: attachment; inline=1 para pré-visualizar)',
        params: z.object({ id, fileId: id }),
        querystring: z.object({ inline: z.enum(['1']).optional() }),
      },
    },
    async (request, reply) => {
      const user = await callerOf(request);
      const file = await service.openFile(user, request.params.id, request.params.fileId);
      const inline = request.query.inline === '1';
      reply
        .header('content-type', file.mime)
        .header('content-length', String(file.size))
        .header('content-disposition', contentDisposition(file.name, inline ? 'inline' : 'attachment'))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store');
      if (inline) reply.header('content-security-policy', INLINE_CSP).header('x-frame-options', 'SAMEORIGIN');
      return reply.send(file.body);
    },
  );

  app.post(
    '/:id/documents/files/:fileId/review',
    {
      config: { access: ['operator'] },
      schema: {
        tags,
        summary: 'Backoffice: aceitar ou recusar um arquivo (motivo obrigatório ao recusar)',
        params: z.object({ id, fileId: id }),
        body: reviewBody,
        response: { 200: documentsListResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = await callerOf(request);
      return {
        data: await app.services.documentReview.reviewFile(
          user,
          request.params.id,
          request.params.fileId,
          request.body,
        ),
      };
    },
  );

  app.post(
    '/:id/documents/:item/review',
    {
      config: { access: ['operator'] },
      schema: {
        tags,
        summary: 'Backoffice: aceitar ou recusar um item inteiro',
        params: z.object({ id, item: z.string().max(40) }),
        body: reviewBody,
        response: { 200: documentsListResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = await callerOf(request);
      return {
        data: await app.services.documentReview.reviewItem(user, request.params.id, request.params.item, request.body),
      };
    },
  );

  app.get(
    '/:id/documents/events',
    {
      config: { access: ['operator'] },
      schema: {
        tags,
        summary: 'Backoffice: histórico dos documentos (quem, quando, o quê)',
        params: z.object({ id }),
        response: {
          200: documentEventsResponseSchema,
          ...errors,
        },
      },
    },
    async (request) => {
      const user = await callerOf(request);
      return { data: await app.services.documentReview.listEvents(user, request.params.id) };
    },
  );
};
