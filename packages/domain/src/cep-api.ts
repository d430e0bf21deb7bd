import { z } from 'zod';
import { dataOf } from './api-envelope';

/** The address of a CEP (GET /cep/:cep), as a ViaCEP-compatible service gives it. */
export const cepAddressSchema = z.object({
  cep: z.string(),
  address: z.string(),
  district: z.string(),
  city: z.string(),
  state: z.string(),
});
export type CepAddress = z.infer<typeof cepAddressSchema>;

export const cepAddressResponseSchema = dataOf(cepAddressSchema);
