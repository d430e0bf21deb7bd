import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { installZodMessages, MESSAGES, portalErrorMap } from './zod-messages';

const messages = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  if (r.success) throw new Error(`expected ${JSON.stringify(value)} to fail`);
  return r.error.issues.map((i) => i.message);
};

describe('zod messages (docs/product/forms.md)', () => {
  beforeAll(() => {
    installZodMessages();
    installZodMessages(); // idempotent
  });

  it("a missing required value is 'Obrigatório'", () => {
    expect(messages(z.object({ name: z.string() }), {})).toEqual(['Obrigatório']);
    expect(messages(z.object({ n: z.number() }), { n: undefined })).toEqual(['Obrigatório']);
    expect(messages(z.object({ name: z.string() }), { name: null })).toEqual(['Obrigatório']);
  });

  it("a missing option of an enum, literal or union (a select left empty) is 'Obrigatório' too", () => {
    expect(messages(z.object({ civil: z.enum(['single', 'married']) }), {})).toEqual(['Obrigatório']);
    expect(messages(z.object({ civil: z.enum(['single', 'married']) }), { civil: null })).toEqual(['Obrigatório']);
    expect(messages(z.object({ ok: z.literal(true) }), {})).toEqual(['Obrigatório']);
    expect(messages(z.object({ v: z.union([z.string(), z.number()]) }), {})).toEqual(['Obrigatório']);
    // A present but wrong option keeps zod's own message.
    expect(messages(z.enum(['single', 'married']), 'widowed')[0]).toMatch(/^Invalid option/);
  });

  it("an empty text on a required field (min 1) is 'Obrigatório'", () => {
    expect(messages(z.string().min(1), '')).toEqual(['Obrigatório']);
    expect(messages(z.string().trim().min(1), '   ')).toEqual(['Obrigatório']);
  });

  it("an invalid e-mail is 'Insira um e-mail válido'", () => {
    expect(messages(z.email(), 'fulano@')).toEqual(['Insira um e-mail válido']);
    expect(messages(z.string().email(), 'sem-arroba')).toEqual(['Insira um e-mail válido']);
  });

  it("another string format is 'Insira um {format} válido'", () => {
    expect(messages(z.uuid(), 'not-a-uuid')).toEqual(['Insira um uuid válido']);
    expect(messages(z.url(), 'nope')).toEqual(['Insira um url válido']);
    expect(messages(z.iso.date(), '31/12/2020')).toEqual(['Insira um date válido']);
  });

  it("a failed pattern is 'Insira um valor válido'", () => {
    expect(messages(z.string().regex(/^\d+$/), 'abc')).toEqual(['Insira um valor válido']);
  });

  it("other messages stay as zod writes them, in English (e.g. 'Invalid input')", () => {
    expect(messages(z.union([z.string(), z.number()]), true)).toEqual(['Invalid input']);
    expect(messages(z.string(), 5)[0]).toMatch(/^Invalid input: expected string, received number$/);
    expect(messages(z.string().min(3), 'ab')[0]).toMatch(/^Too small/);
    expect(messages(z.number().max(3), 5)[0]).toMatch(/^Too big/);
  });

  it("a schema's own message wins over the map", () => {
    expect(messages(z.string().min(1, { error: 'Digite o nome' }), '')).toEqual(['Digite o nome']);
    expect(messages(z.email({ error: 'E-mail?' }), 'x')).toEqual(['E-mail?']);
  });
});

describe('portalErrorMap', () => {
  it('answers only the four cases of docs/product/forms.md and leaves the rest to zod', () => {
    const base = { path: [], message: '' };
    expect(portalErrorMap({ ...base, code: 'invalid_type', expected: 'string', input: undefined } as never)).toBe(
      MESSAGES.required,
    );
    expect(portalErrorMap({ ...base, code: 'invalid_type', expected: 'string', input: 5 } as never)).toBeUndefined();
    expect(portalErrorMap({ ...base, code: 'too_small', origin: 'string', minimum: 1, input: '' } as never)).toBe(
      MESSAGES.required,
    );
    expect(
      portalErrorMap({ ...base, code: 'too_small', origin: 'string', minimum: 8, input: '' } as never),
    ).toBeUndefined();
    expect(
      portalErrorMap({ ...base, code: 'too_small', origin: 'number', minimum: 1, input: 0 } as never),
    ).toBeUndefined();
    expect(portalErrorMap({ ...base, code: 'invalid_format', format: 'cuid', input: 'x' } as never)).toBe(
      'Insira um cuid válido',
    );
    expect(portalErrorMap({ ...base, code: 'custom', input: 'x' } as never)).toBeUndefined();
  });
});
