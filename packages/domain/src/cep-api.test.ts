import { describe, expect, it } from 'vitest';
import { cepAddressResponseSchema } from './cep-api';

describe('the CEP response', () => {
  it('carries the address of a CEP', () => {
    const body = {
      data: { cep: '01310-100', address: 'Avenida Paulista', district: 'Bela Vista', city: 'São Paulo', state: 'SP' },
    };
    expect(cepAddressResponseSchema.parse(body)).toEqual(body);
    expect(cepAddressResponseSchema.safeParse({ data: { ...body.data, city: undefined } }).success).toBe(false);
  });
});
