import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponseSchema } from '@portal/domain/api-envelope';
import {
  auditPageResponseSchema,
  backofficeProposalViewResponseSchema,
  createdProposalResponseSchema,
  operatorListResponseSchema,
  operatorResponseSchema,
  outboxPageResponseSchema,
  proposalHistoryResponseSchema,
} from '@portal/domain/backoffice-api';
import {
  auditQuerySchema,
  correctionRequestSchema,
  newOperatorSchema,
  newProposalSchema,
  outboxQuerySchema,
  proposalListPageSchema,
  proposalListQuerySchema,
  stageChangeSchema,
  statusChangeSchema,
} from '@portal/domain/backoffice';
import { callerOf } from '../../plugins/session';
import { proposalErrors as errors, proposalParams as idParams } from '../../route-schemas';

/**
 * The operator's workspace (docs/product/back-office.md), all under /api/v3:
 * - /backoffice/* — only operators (401 without a session, 403 for buyers and sellers);
 * - /operators — operators create and list operators; nobody else can;
 * - /proposals/:id/history — every party of the proposal, each seeing what concerns them.
 */
export const backofficeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { backoffice: service, review, operators, activity } = app.services;
  const tags = ['backoffice'];

  app.get(
    '/backoffice/proposals',
    {
      config: { access: ['operator'] },
      schema: {
        tags,
        summary: 'Propostas: busca, filtros, ordenação e páginas (keyset)',
        querystring: proposalListQuerySchema,
        response: { 200: proposalListPageSchema, ...errors },
      },
    },
    async (request) => {
      const user = await callerOf(request);
      return service.listProposals(request.query, user.id);
    },
  );

  app.post(
    '/backoffice/proposals',
    {
      config: { access: ['operator'] },
      schema: {
        tags,
        summary: 'Nova proposta: cria, gera o código e convida os compradores',
        body: newProposalSchema,
        response: { 201: createdProposalResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await callerOf(request);
      const created = await service.createProposal(user, request.body, request.ip);
      return reply.status(201).send({ data: created });
    },
  );

  app.get(
    '/backoffice/proposals/:id',
    {
      config: { access: ['operator'] },
      schema: {
        tags,
        summary: 'Tudo o que as partes preencheram, seção por seção (leitura registrada)',
        params: idParams,
        response: { 200: backofficeProposalViewResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = await callerOf(request);
      return { data: await service.getProposal(user, request.params.id, request.ip) };
    },
  );

  app.post(
    '/backoffice/proposals/:id/status',
    {
      config: { access: ['operator'] },
      schema: {
        tags,
        summary: 'Muda a situação (só pelas arestas da máquina de estados)',
        params: idParams,
        body: statusChangeSchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = await callerOf(request);
      await review.changeStatus(user, request.params.id, request.body, request.ip);
      return { data: { ok: true as const } };
    },
  );

  app.post(
    '/backoffice/proposals/:id/stage',
    {
      config: { access: ['operator'] },
      schema: {
        tags,
        summary: 'Muda a etapa (uma de cada vez)',
        params: idParams,
        body: stageChangeSchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = await callerOf(request);
      await review.changeStage(user, request.params.id, request.body, request.ip);
      return { data: { ok: true as const } };
    },
  );

  app.post(
    '/backoffice/proposals/:id/sections/:section/correction',
    {
      config: { access: ['operator'] },
      schema: {
        tags,
        summary: 'Pede correção de uma seção (volta a "Correção pedida" com a nota)',
        params: idParams.extend({ section: z.string().max(40) }),
        body: correctionRequestSchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = await callerOf(request);
      await review.requestCorrection(user, request.params.id, request.params.section, request.body, request.ip);
      return { data: { ok: true as const } };
    },
  );

  app.get(
    '/backoffice/proposals/:id/dossier',
    {
      config: { access: ['operator'] },
      schema: {
        tags,
        summary: 'Dossiê para o banco: ZIP com o resumo em PDF e os documentos aceitos (application/zip)',
        params: idParams,
      },
    },
    async (request, reply) => {
      const user = await callerOf(request);
      const zip = await app.services.dossier.exportDossier(user, request.params.id, request.ip);
      zip.stream.on('error', (err) => request.log.error({ err: err.message }, 'dossier stream failed'));
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${zip.fileName}"`)
        .send(zip.stream);
    },
  );

  app.get(
    '/backoffice/audit',
    {
      config: { access: ['operator'] },
      schema: {
        tags,
        summary: 'Log de auditoria: quem leu ou mudou o quê',
        querystring: auditQuerySchema,
        response: {
          200: auditPageResponseSchema,
          ...errors,
        },
      },
    },
    async (request) => {
      return activity.auditPage(request.query);
    },
  );

  app.get(
    '/backoffice/outbox',
    {
      config: { access: ['operator'] },
      schema: {
        tags,
        summary: 'Fila de e-mails com a situação de cada um (sem o corpo)',
        querystring: outboxQuerySchema,
        response: {
          200: outboxPageResponseSchema,
          ...errors,
        },
      },
    },
    async (request) => {
      return activity.outboxPage(request.query);
    },
  );

  app.get(
    '/operators',
    {
      config: { access: ['operator'] },
      schema: {
        tags: ['operators'],
        summary: 'Operadores (só operadores)',
        response: { 200: operatorListResponseSchema, ...errors },
      },
    },
    async () => {
      return { data: await operators.listOperators() };
    },
  );

  app.post(
    '/operators',
    {
      config: { access: ['operator'] },
      schema: {
        tags: ['operators'],
        summary: 'Cria um operador (só operadores); e-mail com link para criar a senha',
        body: newOperatorSchema,
        response: { 201: operatorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await callerOf(request);
      return reply.status(201).send({ data: await operators.createOperator(user, request.body, request.ip) });
    },
  );

  app.patch(
    '/operators/:id',
    {
      config: { access: ['operator'] },
      schema: {
        tags: ['operators'],
        summary: 'Concede ou retira a permissão de ver a declaração de saúde',
        params: idParams,
        body: z.strictObject({ canViewHealth: z.boolean() }),
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = await callerOf(request);
      await operators.setHealthPermission(user, request.params.id, request.body.canViewHealth, request.ip);
      return { data: { ok: true as const } };
    },
  );

  app.get(
    '/proposals/:id/history',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['proposals'],
        summary: 'Situação atual e histórico da proposta (cada parte vê o que lhe diz respeito)',
        params: idParams,
        response: {
          200: proposalHistoryResponseSchema,
          ...errors,
        },
      },
    },
    async (request) => {
      const user = await callerOf(request);
      return { data: await service.historyFor(user, request.params.id) };
    },
  );
};
