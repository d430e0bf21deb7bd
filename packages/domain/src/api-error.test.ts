import { describe, expect, it } from 'vitest';
import { apiErrorSchema, fieldErrors } from './api-error';

describe('fieldErrors', () => {
  it('joins paths with dots and keeps the first message of each field', () => {
    expect(
      fieldErrors([
        { path: ['pass'], message: 'primeira' },
        { path: ['pass'], message: 'segunda' },
        { path: ['accounts', 0, 'amount'], message: 'Obrigatório' },
        { path: [], message: 'raiz' },
      ]),
    ).toEqual({ pass: 'primeira', 'accounts.0.amount': 'Obrigatório', _: 'raiz' });
  });
});

describe('apiErrorSchema', () => {
  it('is the contract shape {error:{code,message,fields?}}', () => {
    expect(apiErrorSchema.safeParse({ error: { code: 'x', message: 'y' } }).success).toBe(true);
    expect(apiErrorSchema.safeParse({ error: { code: 'x', message: 'y', fields: { a: 'b' } } }).success).toBe(true);
    expect(apiErrorSchema.safeParse({ error: { code: 'x' } }).success).toBe(false);
    expect(apiErrorSchema.safeParse({ code: 'x', message: 'y' }).success).toBe(false);
  });
});
