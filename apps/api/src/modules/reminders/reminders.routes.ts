import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataOf } from '@portal/domain/api-envelope';
import {
  proposalRemindersSchema,
  reminderOptOutSchema,
  reminderTokenInputSchema,
  remindersSwitchSchema,
} from '@portal/domain/reminders';
import { callerOf } from '../../plugins/session';
import { errorResponses, proposalParams } from '../../route-schemas';
import { createRemindersService } from './reminders.service';

const tags = ['reminders'];
const errors = errorResponses(400, 401, 403, 404);
const token = reminderTokenInputSchema.shape.token;

/**
 * Reminders' switches (docs/decisions/049-reminders-and-metrics.md): the e-mail's "Não quero mais
 * lembretes" link (public: its token is the credential; a mail client may post it in one click,
 * RFC 8058, as a form), the person's own switch (privacy page) and the operator's per proposal.
 */
export const remindersRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createRemindersService({ db: app.db.kysely });
  // RFC 8058's one-click POST is a form ("List-Unsubscribe=One-Click"), in this plugin only.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.get(
    '/reminders/opt-out',
    {
      schema: {
        tags,
        summary: 'Lembretes: de quem é o link e se ainda estão ligados (não muda nada)',
        querystring: z.object({ token }),
        response: { 200: dataOf(reminderOptOutSchema), ...errors },
      },
    },
    async (request) => ({ data: await service.readLink(request.query.token) }),
  );

  app.post(
    '/reminders/opt-out',
    {
      schema: {
        tags,
        summary: 'Não quero mais lembretes (link do e-mail; um clique, RFC 8058)',
        querystring: z.object({ token: token.optional() }),
        body: z.strictObject({ token: token.optional(), 'List-Unsubscribe': z.string().max(40).optional() }).optional(),
        response: { 200: dataOf(reminderOptOutSchema), ...errors },
      },
    },
    async (request) => ({
      data: await service.setByLink(request.body?.token ?? request.query.token ?? '', false, request.ip),
    }),
  );

  app.post(
    '/reminders/opt-in',
    {
      schema: {
        tags,
        summary: 'Desfazer: voltar a receber lembretes (link do e-mail)',
        body: reminderTokenInputSchema,
        response: { 200: dataOf(reminderOptOutSchema), ...errors },
      },
    },
    async (request) => ({ data: await service.setByLink(request.body.token, true, request.ip) }),
  );

  app.get(
    '/reminders/me',
    {
      config: { access: ['buyer', 'seller'] },
      schema: {
        tags,
        summary: 'Meus lembretes: ligados ou não',
        response: { 200: dataOf(remindersSwitchSchema), ...errors },
      },
    },
    async (request) => ({ data: await service.mine(await callerOf(request)) }),
  );

  app.put(
    '/reminders/me',
    {
      config: { access: ['buyer', 'seller'] },
      schema: {
        tags,
        summary: 'Ligar ou desligar os meus lembretes (página de privacidade)',
        body: remindersSwitchSchema,
        response: { 200: dataOf(remindersSwitchSchema), ...errors },
      },
    },
    async (request) => {
      const user = await callerOf(request);
      return { data: await service.setMine(user, request.body.enabled, request.ip) };
    },
  );

  app.get(
    '/backoffice/proposals/:id/reminders',
    {
      config: { access: ['operator'] },
      schema: {
        tags,
        summary: 'Lembretes da proposta: ligados ou não, e os enviados (backoffice)',
        params: proposalParams,
        response: { 200: dataOf(proposalRemindersSchema), ...errors },
      },
    },
    async (request) => {
      return { data: await service.ofProposal(request.params.id) };
    },
  );

  app.put(
    '/backoffice/proposals/:id/reminders',
    {
      config: { access: ['operator'] },
      schema: {
        tags,
        summary: 'Ligar ou desligar os lembretes da proposta (backoffice, auditado)',
        params: proposalParams,
        body: remindersSwitchSchema,
        response: { 200: dataOf(proposalRemindersSchema), ...errors },
      },
    },
    async (request) => {
      const operator = await callerOf(request);
      return { data: await service.setProposal(operator, request.params.id, request.body.enabled, request.ip) };
    },
  );
};
