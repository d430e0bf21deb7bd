import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponseSchema } from '@portal/domain/api-envelope';
import { jobRetryBodySchema, jobsOverviewResponseSchema } from '@portal/domain/jobs-api';
import { callerOf } from '../../plugins/session';
import { proposalErrors as errors } from '../../route-schemas';

/** The back office's view of the background jobs: operators only (401 without a session, 403 for others). */
export const jobsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.jobs;
  const tags = ['backoffice'];

  app.get(
    '/backoffice/jobs',
    {
      config: { access: ['operator'] },
      schema: {
        tags,
        summary: 'Tarefas em segundo plano: contagens por fila e as que falharam, com o último erro',
        response: { 200: jobsOverviewResponseSchema, ...errors },
      },
    },
    async () => {
      return { data: await service.overview() };
    },
  );

  app.post(
    '/backoffice/jobs/retry',
    {
      config: { access: ['operator'] },
      schema: {
        tags,
        summary: 'Tentar de novo uma tarefa que falhou (registrado no log de auditoria)',
        body: jobRetryBodySchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = await callerOf(request);
      await service.retry({ operatorId: user.id, ip: request.ip, queue: request.body.queue, id: request.body.id });
      return { data: { ok: true as const } };
    },
  );
};
