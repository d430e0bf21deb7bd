import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrors } from './api-error';
import { choice, flag, requiredText } from './fields';
import {
  defineSection,
  draftSchema,
  isFieldVisible,
  MAX_LIST_ROWS,
  missingFields,
  submitSchema,
  unwrapSchema,
  type SectionContext,
} from './section';
import { installZodMessages } from './zod-messages';

beforeAll(() => installZodMessages());

const ctx: SectionContext = { buyers: 2, buyer: 0 };

/** A small section: a name, a choice that shows a detail, a second-buyer-only field and a rule. */
const demo = defineSection({
  key: 'demo',
  scope: 'buyer',
  title: 'Demo',
  shape: () => ({
    name: requiredText(20),
    kind: choice(['a', 'b']),
    detail: requiredText(20),
    extra: flag(),
    second_only: requiredText(20),
    note: z.string().optional(),
    rows: z.array(z.object({ bank: z.string(), number: z.string() })).optional(),
  }),
  when: { detail: (v) => v.kind === 'b', second_only: (_v, c) => c.buyer === 1 },
  rules(v) {
    return v.name === 'forbidden' ? [{ path: 'name', message: 'Nome não aceito' }] : [];
  },
});

function submit(values: Record<string, unknown>, c = ctx) {
  return submitSchema(demo, c).safeParse(values);
}
const errorsOf = (values: Record<string, unknown>, c = ctx) => {
  const r = submit(values, c);
  if (r.success) throw new Error('expected a failure');
  return fieldErrors(r.error.issues);
};

describe('a section definition', () => {
  it("builds its fields' schemas on the first read of shape, once", () => {
    let builds = 0;
    const lazy = defineSection({
      key: 'lazy',
      scope: 'proposal',
      title: 'Lazy',
      shape: () => {
        builds++;
        return { name: requiredText(20) };
      },
    });
    expect(builds).toBe(0);
    expect(Object.keys(lazy.shape)).toEqual(['name']);
    expect(lazy.shape).toBe(lazy.shape);
    expect(submitSchema(lazy, ctx).safeParse({ name: 'Ana' }).success).toBe(true);
    expect(builds).toBe(1);
  });
});

describe('submit schema', () => {
  it('a valid submit stores the visible fields only', () => {
    const r = submit({ name: ' Ana ', kind: 'a', detail: 'ignored', second_only: 'ignored' });
    expect(r.success && r.data).toEqual({ name: 'Ana', kind: 'a', extra: false });
  });

  it('a field shown by another answer becomes required', () => {
    expect(errorsOf({ name: 'Ana', kind: 'b' })).toEqual({ detail: 'Obrigatório' });
    expect(errorsOf({ name: 'Ana', kind: 'a' }, { buyers: 2, buyer: 1 })).toEqual({ second_only: 'Obrigatório' });
  });

  it('refuses keys that are not fields of the section, and stores nothing', () => {
    expect(errorsOf({ name: 'Ana', kind: 'a', admin: true })).toEqual({ admin: 'Campo não permitido' });
    expect(errorsOf({ name: '', kind: 'a', admin: true })).toEqual({
      admin: 'Campo não permitido',
      name: 'Obrigatório',
    });
  });

  it('runs the cross-field rules on a valid submit', () => {
    expect(errorsOf({ name: 'forbidden', kind: 'a' })).toEqual({ name: 'Nome não aceito' });
  });

  it('with field errors, the rules still run on the fields that passed', () => {
    expect(errorsOf({ name: 'forbidden', kind: 'x' })).toEqual({
      name: 'Nome não aceito',
      kind: 'Selecione uma opção',
    });
  });

  it("a rule's message does not replace the field's own error", () => {
    const onBadName = defineSection({
      key: 'x',
      scope: 'proposal',
      title: 'X',
      shape: () => ({ name: requiredText(3), other: requiredText(3) }),
      rules: () => [{ path: 'name', message: 'Regra' }],
    });
    const r = submitSchema(onBadName, ctx).safeParse({ name: 'abcd' });
    expect(r.success).toBe(false);
    expect(fieldErrors(r.error!.issues)).toEqual({ name: 'Use no máximo 3 caracteres', other: 'Obrigatório' });
  });
});

describe('visibility and what is missing', () => {
  it('a field without a condition always shows', () => {
    expect(isFieldVisible(demo, 'name', {}, ctx)).toBe(true);
    expect(isFieldVisible(demo, 'detail', { kind: 'a' }, ctx)).toBe(false);
    expect(isFieldVisible(demo, 'detail', { kind: 'b' }, ctx)).toBe(true);
  });

  it('lists the visible required fields still empty (blank texts and empty lists count as empty)', () => {
    expect(missingFields(demo, {}, ctx)).toEqual(['name', 'kind']);
    expect(missingFields(demo, { name: '  ', kind: 'b', detail: null }, ctx)).toEqual(['name', 'detail']);
    expect(missingFields(demo, { name: 'Ana', kind: 'a' }, { buyers: 2, buyer: 1 })).toEqual(['second_only']);
    expect(missingFields(demo, { name: 'Ana', kind: 'b', detail: 'x' }, ctx)).toEqual([]);
    const list = defineSection({
      key: 'l',
      scope: 'proposal',
      title: 'L',
      shape: () => ({ items: z.array(z.string()).min(1) }),
    });
    expect(missingFields(list, { items: [] }, ctx)).toEqual(['items']);
    expect(missingFields(list, { items: ['a'] }, ctx)).toEqual([]);
  });
});

describe('draft schema', () => {
  const draft = draftSchema(demo);

  it('is built once per section (saving a draft does not rebuild it)', () => {
    expect(draftSchema(demo)).toBe(draft);
  });

  it('accepts any subset of the fields as typed, half-filled values included', () => {
    expect(draft.safeParse({}).success).toBe(true);
    expect(draft.safeParse({ name: 'A', kind: 'zzz', extra: true, note: null, detail: 3 }).success).toBe(true);
  });

  it('refuses unknown keys, objects in place of values, and texts over 500 characters', () => {
    expect(draft.safeParse({ admin: true }).success).toBe(false);
    expect(draft.safeParse({ name: { $ne: 1 } }).success).toBe(false);
    expect(draft.safeParse({ name: 'a'.repeat(500) }).success).toBe(true);
    expect(draft.safeParse({ name: 'a'.repeat(501) }).success).toBe(false);
  });

  it(`a list field holds rows of its own keys, ${MAX_LIST_ROWS} at most`, () => {
    const row = { bank: '001', number: '12' };
    expect(draft.safeParse({ rows: Array.from({ length: MAX_LIST_ROWS }, () => row) }).success).toBe(true);
    expect(draft.safeParse({ rows: Array.from({ length: MAX_LIST_ROWS + 1 }, () => row) }).success).toBe(false);
    expect(draft.safeParse({ rows: [{ bank: '001', owner: 'x' }] }).success).toBe(false);
    expect(draft.safeParse({ rows: [{}] }).success).toBe(true);
  });

  it('unwraps optional, default and nullable wrappers to the field itself', () => {
    const inner = z.string();
    expect(unwrapSchema(inner.optional().nullable().default('x'))).toBe(inner);
    expect(unwrapSchema(inner)).toBe(inner);
  });
});
