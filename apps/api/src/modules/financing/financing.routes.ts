import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponseSchema } from '@portal/domain/api-envelope';
import { financingSettingsResponseSchema, financingViewResponseSchema } from '@portal/domain/financing-api';
import { financingSettingsSchema, financingValuesSchema } from '@portal/domain/financing-settings';
import { callerOf } from '../../plugins/session';
import { errorResponses, proposalParams as params } from '../../route-schemas';

const tags = ['financing'];
const errors = errorResponses(400, 401, 403, 404);

/**
 * The financing's numbers (docs/decisions/020): the buyer's view of the installments, the back
 * office's property values and interest rate, and the settings (SFH ceiling, LTV limits).
 */
export const financingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { financing } = app.services;

  app.get(
    '/proposals/:id/financing',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Valores do imóvel, parcelas (primeira, última, total) e regras do FGTS sobre o imóvel',
        params,
        response: { 200: financingViewResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = await callerOf(request);
      return { data: await financing.view(user, request.params.id) };
    },
  );

  app.put(
    '/backoffice/proposals/:id/financing',
    {
      config: { access: ['operator'] },
      schema: {
        tags,
        summary:
          'Valor de compra, valor de avaliação e taxa de juros (a.a., efetiva); confere o limite de financiamento',
        params,
        body: financingValuesSchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = await callerOf(request);
      await financing.saveValues(user, request.params.id, request.body, request.ip);
      return { data: { ok: true as const } };
    },
  );

  app.get(
    '/backoffice/settings/financing',
    {
      config: { access: ['operator'] },
      schema: {
        tags,
        summary: 'Teto do SFH (com data de vigência) e limites de financiamento por sistema',
        response: { 200: financingSettingsResponseSchema, ...errors },
      },
    },
    async () => {
      return { data: await financing.settings() };
    },
  );

  app.put(
    '/backoffice/settings/financing',
    {
      config: { access: ['operator'] },
      schema: {
        tags,
        summary: 'Altera o teto do SFH e os limites de financiamento (vale a partir da data informada)',
        body: financingSettingsSchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = await callerOf(request);
      await financing.saveSettings(user, request.body, request.ip);
      return { data: { ok: true as const } };
    },
  );
};
