import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compiledResponse, serializerCompiler } from './serializer';

const compile = (schema: z.ZodType) =>
  serializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' }) as (data: unknown) => string;

const full = z.object({ id: z.string(), email: z.string().nullable(), terms: z.object({ rate: z.number().int() }) });
const partial = z.object({ id: z.string(), name: z.string() });

describe('compiled response serializer', () => {
  it('writes only the declared keys, at every depth', () => {
    const stringify = compile(compiledResponse(z.object({ data: full })));
    const out = JSON.parse(
      stringify({ data: { id: 'a', email: null, terms: { rate: 5, secret: 1 }, password: 'x' }, debug: true }),
    );
    expect(out).toEqual({ data: { id: 'a', email: null, terms: { rate: 5 } } });
  });

  it('serializes a union with the first branch the value satisfies, leaving out the other branch’s keys', () => {
    const stringify = compile(compiledResponse(z.object({ data: z.array(z.union([full, partial])) })));
    const out = JSON.parse(
      stringify({
        data: [
          { id: 'a', email: 'a@x.com', terms: { rate: 5 }, name: 'A' },
          // No terms: not the full view, so its email never leaves.
          { id: 'b', name: 'B', email: 'b@x.com' },
        ],
      }),
    );
    expect(out).toEqual({
      data: [
        { id: 'a', email: 'a@x.com', terms: { rate: 5 } },
        { id: 'b', name: 'B' },
      ],
    });
  });

  it('refuses a value that matches no branch, as the zod parse did', () => {
    const stringify = compile(compiledResponse(z.object({ data: z.union([full, partial]) })));
    expect(() => stringify({ data: { id: 'c' } })).toThrow();
  });

  it('leaves every other schema to the zod parse', () => {
    const stringify = compile(z.object({ id: z.string() }));
    expect(JSON.parse(stringify({ id: 'a', extra: 1 }))).toEqual({ id: 'a' });
    expect(() => stringify({ id: 1 })).toThrow();
  });
});
