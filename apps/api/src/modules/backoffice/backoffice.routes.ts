import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@portal/domain/api-error';
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
import { DOCUMENT_ITEMS, isDocumentItemKey } from '@portal/domain/documents';
import { requireUser } from '../../plugins/session';
import { recordAudit } from '../audit/audit';
import { createActivityRepository } from './activity.repository';
import { createBackofficeService } from './backoffice.service';
import { buildDossierZip, type DossierDocument } from './dossier';
import { createFinancingService } from '../financing/financing.service';
import { createOperatorsService } from './operators.service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
const idParams = z.object({ id: z.string().max(64) });
/**
 * The operator's workspace (docs/product/back-office.md), all under /api/v3:
 * - /backoffice/* — only operators (401 without a session, 403 for buyers and sellers);
 * - /operators — operators create and list operators; nobody else can;
 * - /proposals/:id/history — every party of the proposal, each seeing what concerns them.
 */
export const backofficeRoutes: FastifyPluginAsyncZod = async (app) => {
  let documentsTable: Promise<boolean> | null = null;
  // The documents module (docs/decisions/005-documents.md) may not be migrated in every build: asked once, then known.
  const hasDocuments = () =>
    (documentsTable ??= app.db.kysely.introspection
      .getTables()
      .then((tables) => tables.some((t) => t.name === 'document_files')));
  const deps = { db: app.db.kysely, mailer: app.mailer, publicUrl: app.config.publicUrl };
  const service = createBackofficeService({ ...deps, dialect: app.db.dialect, hasDocuments });
  const operators = createOperatorsService(deps);
  const activity = createActivityRepository(app.db.kysely);

  const operator = (request: Parameters<typeof requireUser>[0]) => requireUser(request, 'operator');
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
      await operator(request);
      return service.listProposals(request.query);
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
      const user = await operator(request);
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
    async (request, reply) => {
      const user = await operator(request);
      reply.header('cache-control', 'no-store');
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
      const user = await operator(request);
      await service.changeStatus(user, request.params.id, request.body, request.ip);
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
      const user = await operator(request);
      await service.changeStage(user, request.params.id, request.body, request.ip);
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
      const user = await operator(request);
      await service.requestCorrection(user, request.params.id, request.params.section, request.body, request.ip);
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
      const user = await operator(request);
      const view = await service.getProposal(user, request.params.id, request.ip);
      const documents: DossierDocument[] = [];
      if (await hasDocuments()) {
        const files = await app.db.kysely
          .selectFrom('document_files')
          .select(['item', 'mime', 'name', 'storage_key', 'uploaded_at'])
          .where('proposal_id', '=', request.params.id)
          .where('status', '=', 'accepted')
          .orderBy('item')
          .orderBy('uploaded_at')
          .execute();
        for (const f of files) {
          documents.push({
            item: f.item,
            title: isDocumentItemKey(f.item) ? DOCUMENT_ITEMS[f.item].title : f.item,
            mime: f.mime,
            name: f.name,
            open: async () => (await app.storage.read(f.storage_key)).body,
          });
        }
      }
      const zip = await buildDossierZip({
        proposal: view.proposal,
        members: view.members,
        sections: view.sections
          .filter((s) => s.required || s.values)
          .map((s) => ({
            title:
              s.buyer !== null && view.proposal.customers.length > 1
                ? `${s.title} — ${s.buyer === 0 ? 'comprador principal' : 'segundo comprador'}`
                : s.title,
            buyer: s.buyer,
            status: s.status,
            values: s.values,
          })),
        history: view.history,
        documents,
        generatedBy: user.name,
        generatedAt: new Date(),
        financing: await createFinancingService({ db: app.db.kysely, proposals: app.services.proposals }).view(
          user,
          request.params.id,
        ),
      });
      await recordAudit(app.db.kysely, {
        actorId: user.id,
        action: 'proposal.dossier_exported',
        subject: `proposal:${request.params.id}`,
        ip: request.ip,
        detail: `${zip.entries.length} arquivos`,
      });
      zip.stream.on('error', (err) => request.log.error({ err: err.message }, 'dossier stream failed'));
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${zip.fileName}"`)
        .header('cache-control', 'no-store')
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
      await operator(request);
      const { data, next } = await activity.listAudit(request.query);
      return { data, page: { next } };
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
      await operator(request);
      const { data, next } = await activity.listOutbox(request.query);
      return { data, page: { next } };
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
    async (request) => {
      await operator(request);
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
      const user = await operator(request);
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
      const user = await operator(request);
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
      const user = await requireUser(request);
      return { data: await service.historyFor(user, request.params.id) };
    },
  );
};
