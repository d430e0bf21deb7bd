import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { API_MESSAGES, fieldErrors } from '@portal/domain/api-error';
import { HttpError } from '../errors';
import { dependencyOutage } from './dependency-outage';

/** Messages for Fastify's own client errors, in Portuguese. */
const FASTIFY_CLIENT_ERRORS: Record<number, { code: string; message: string }> = {
  400: { code: 'bad_request', message: 'Requisição inválida.' },
  404: { code: 'not_found', message: API_MESSAGES.notFound },
  405: { code: 'method_not_allowed', message: 'Método não permitido.' },
  413: { code: 'payload_too_large', message: 'O conteúdo enviado é grande demais.' },
  415: { code: 'unsupported_media_type', message: 'Tipo de conteúdo não suportado.' },
  429: { code: 'rate_limited', message: API_MESSAGES.rateLimited },
};

/** One error handler: every failure leaves in the contract's shape, never with internals. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((thrown: FastifyError, request, reply) => {
    let error: FastifyError | HttpError = thrown;
    const outage = dependencyOutage(thrown);
    if (outage) {
      // A dependency is away: one log line, no stack; the answer is a Portuguese 503 with Retry-After.
      request.log.warn({ code: thrown.code, err: thrown.message }, `dependency unavailable: ${outage.code}`);
      error = outage;
    }
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.statusCode).send({
        error: { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) },
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = fieldErrors(
        error.validation.map((v) => ({
          path: v.instancePath.split('/').filter(Boolean),
          message: v.message ?? API_MESSAGES.validation,
          code: v.keyword,
          keys: (v.params as { keys?: string[] }).keys,
        })),
      );
      return reply.status(400).send({ error: { code: 'validation', message: API_MESSAGES.validation, fields } });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const known = FASTIFY_CLIENT_ERRORS[status] ?? FASTIFY_CLIENT_ERRORS[400]!;
      return reply.status(status).send({ error: known });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ error: { code: 'internal', message: API_MESSAGES.internal } });
  });
}
