import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@portal/domain/api-error';
import { FGTS_STEPS } from '@portal/domain/fgts-sections';
import { fgtsPropertyRuleResultSchema } from '@portal/domain/financing-view';
import { SECTION_STATUSES } from '@portal/domain/sections-registry';
import { requireUser } from '../../plugins/session';
import { createFinancingService } from '../financing/financing.service';
import { createFgtsService } from './fgts.service';

const tags = ['fgts'];
const params = z.object({ id: z.string().max(64) });
const query = z.object({ buyer: z.coerce.number().int().min(0).max(1) });
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
const stepKeys = FGTS_STEPS.map((s) => s.key) as [
  (typeof FGTS_STEPS)[number]['key'],
  ...(typeof FGTS_STEPS)[number]['key'][],
];

const state = z.object({
  buyer: z.number(),
  applicable: z.boolean(),
  eligibility: z.union([
    z.object({ status: z.enum(['unanswered', 'not_using', 'incomplete', 'eligible']) }),
    z.object({ status: z.literal('ineligible'), reasons: z.array(z.string()) }),
  ]),
  steps: z.array(
    z.object({
      key: z.enum(stepKeys),
      status: z.enum(SECTION_STATUSES),
      submittedAt: z.string().nullable(),
      canEdit: z.boolean(),
    }),
  ),
  next: z.enum(stepKeys).nullable(),
  confirmed: z.boolean(),
  propertyRules: z.array(fgtsPropertyRuleResultSchema),
  /** The screen where this buyer's FGTS stands (what /buyer/fgts/utils opens). */
  resumePath: z.string(),
});

/**
 * FGTS per buyer (the "utility routes" that read FGTS state, docs/decisions/009-fgts-and-health-declaration.md): where the buyer stands and
 * the filled-in form as a PDF. The steps themselves are sections (PUT …/sections/fgts_*).
 */
export const fgtsRoutes: FastifyPluginAsyncZod = async (app) => {
  const fgts = createFgtsService({
    db: app.db.kysely,
    sections: app.services.sections,
    proposals: app.repos.proposals,
    propertyRules: createFinancingService({ db: app.db.kysely, proposals: app.repos.proposals }).fgtsPropertyRules,
  });

  app.get(
    '/:id/fgts',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Situação do FGTS de um comprador: elegibilidade, etapas, onde retomar',
        params,
        querystring: query,
        response: { 200: z.object({ data: state }), ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const user = await requireUser(request);
      return { data: await fgts.state(user, request.params.id, request.query.buyer) };
    },
  );

  app.get(
    '/:id/fgts/form.pdf',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Formulário do FGTS preenchido, em PDF, para imprimir e assinar (Content-Disposition: attachment)',
        params,
        querystring: query,
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const { bytes, fileName } = await fgts.formPdf(user, request.params.id, request.query.buyer, request.ip);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(bytes));
    },
  );
};
