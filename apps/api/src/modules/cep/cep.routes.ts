import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@portal/domain/api-error';
import { isValidCep } from '@portal/domain/cep';
import { cepAddressResponseSchema } from '@portal/domain/cep-api';
import { HttpError } from '../../errors';

export const cepRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:cep',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['cep'],
        summary: 'Endereço de um CEP (serviço compatível com ViaCEP)',
        params: z.object({ cep: z.string().max(9).refine(isValidCep, { error: 'Insira um CEP válido' }) }),
        response: {
          200: cepAddressResponseSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    async (request) => {
      let found;
      try {
        found = await app.cep.lookup(request.params.cep);
      } catch (err) {
        request.log.warn({ err: (err as Error).message }, 'CEP lookup unavailable');
        throw new HttpError(
          503,
          'cep_unavailable',
          'Não foi possível consultar o CEP agora. Preencha o endereço manualmente.',
        );
      }
      if (!found)
        throw new HttpError(
          404,
          'cep_not_found',
          'CEP não encontrado. Confira o número ou preencha o endereço manualmente.',
        );
      return { data: found };
    },
  );
};
