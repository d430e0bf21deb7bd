import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  dataOf,
  messageResponseSchema,
  nextPageSchema,
  noContentSchema,
  okResponseSchema,
  pageOf,
} from './api-envelope';

describe('the API envelope', () => {
  it('wraps a payload under data and drops what the schema does not name', () => {
    const schema = dataOf(z.object({ id: z.string() }));
    expect(schema.parse({ data: { id: 'p1', extra: 1 }, meta: 2 })).toEqual({ data: { id: 'p1' } });
    expect(schema.safeParse({ id: 'p1' }).success).toBe(false);
  });

  it('answers a change with ok: true only', () => {
    expect(okResponseSchema.parse({ data: { ok: true } })).toEqual({ data: { ok: true } });
    expect(okResponseSchema.safeParse({ data: { ok: false } }).success).toBe(false);
  });

  it('carries a message', () => {
    const body = { data: { message: 'Se o e-mail estiver cadastrado, enviaremos um link.' } };
    expect(messageResponseSchema.parse(body)).toEqual(body);
    expect(messageResponseSchema.safeParse({ data: { message: 3 } }).success).toBe(false);
  });

  it('has no body for 204 and 304', () => {
    expect(noContentSchema.parse(null)).toBeNull();
    expect(noContentSchema.safeParse({}).success).toBe(false);
  });

  it('pages rows with the next cursor, null on the last page', () => {
    const schema = pageOf(z.object({ id: z.string() }));
    const body = { data: [{ id: 'a' }, { id: 'b' }], page: { next: 'b' } };
    expect(schema.parse(body)).toEqual(body);
    expect(schema.parse({ data: [], page: { next: null } })).toEqual({ data: [], page: { next: null } });
    expect(nextPageSchema.safeParse({}).success).toBe(false);
    expect(schema.safeParse({ data: [{ id: 1 }], page: { next: null } }).success).toBe(false);
  });
});
