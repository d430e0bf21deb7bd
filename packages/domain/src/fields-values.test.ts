import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import type { z } from 'zod';
import { brDate, choice, flag, money, optionalText, percent, requiredText, SELECT_MESSAGE, uf, UFS } from './fields';
import { installZodMessages } from './zod-messages';

// "Today" is 15/06/2026 in Brasília (the clock is faked, only Date).
beforeAll(() => {
  installZodMessages();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-06-15T12:00:00Z'));
});
afterAll(() => vi.useRealTimers());

/** The stored value, or the Portuguese message a user reads. */
function outcome(schema: z.ZodType, value: unknown): { ok: unknown } | { error: string } {
  const r = schema.safeParse(value);
  return r.success ? { ok: r.data } : { error: r.error.issues[0]!.message };
}

describe('brDate (DD/MM/AAAA typed, ISO stored)', () => {
  it.each([
    ['14/03/1990', { ok: '1990-03-14' }],
    [' 14/03/1990 ', { ok: '1990-03-14' }],
    ['1990-03-14', { ok: '1990-03-14' }],
    ['29/02/2024', { ok: '2024-02-29' }],
    ['', { error: 'Obrigatório' }],
    ['29/02/2023', { error: 'Insira uma data válida (DD/MM/AAAA)' }],
    ['31/04/2020', { error: 'Insira uma data válida (DD/MM/AAAA)' }],
    ['1990-02-30', { error: 'Insira uma data válida (DD/MM/AAAA)' }],
    ['14-03-1990', { error: 'Insira uma data válida (DD/MM/AAAA)' }],
    ['14/3/1990', { error: 'Insira uma data válida (DD/MM/AAAA)' }],
  ])('%j → %j', (typed, expected) => {
    expect(outcome(brDate(), typed)).toEqual(expected);
  });

  it('past: yesterday is accepted, today and later are not', () => {
    expect(outcome(brDate({ past: true }), '14/06/2026')).toEqual({ ok: '2026-06-14' });
    expect(outcome(brDate({ past: true }), '15/06/2026')).toEqual({ error: 'A data deve ser anterior a hoje' });
    expect(outcome(brDate({ past: true }), '2026-06-16')).toEqual({ error: 'A data deve ser anterior a hoje' });
    expect(outcome(brDate(), '01/01/2030')).toEqual({ ok: '2030-01-01' });
  });

  it('future: today and later are accepted, yesterday is not', () => {
    expect(outcome(brDate({ future: true }), '15/06/2026')).toEqual({ ok: '2026-06-15' });
    expect(outcome(brDate({ future: true }), '16/06/2026')).toEqual({ ok: '2026-06-16' });
    expect(outcome(brDate({ future: true }), '14/06/2026')).toEqual({ error: 'A data não pode estar no passado' });
    expect(outcome(brDate(), '14/06/1990')).toEqual({ ok: '1990-06-14' });
  });

  it('minimum age in full years, on the birthday itself', () => {
    const adult = brDate({ past: true, minAge: 18 });
    expect(outcome(adult, '15/06/2008')).toEqual({ ok: '2008-06-15' });
    expect(outcome(adult, '16/06/2008')).toEqual({ error: 'É preciso ter pelo menos 18 anos' });
    expect(outcome(brDate({ minAge: 21 }), '16/06/2005')).toEqual({ error: 'É preciso ter pelo menos 21 anos' });
    expect(outcome(brDate({ minAge: 0 }), '14/06/2026')).toEqual({ ok: '2026-06-14' });
  });

  it('"today" is Brasília\'s: at 22:00 in São Paulo (01:00 UTC next day) today is still the 15th', () => {
    vi.setSystemTime(new Date('2026-06-16T01:00:00Z'));
    try {
      expect(outcome(brDate({ past: true }), '15/06/2026')).toEqual({ error: 'A data deve ser anterior a hoje' });
      expect(outcome(brDate({ future: true }), '15/06/2026')).toEqual({ ok: '2026-06-15' });
    } finally {
      vi.setSystemTime(new Date('2026-06-15T12:00:00Z'));
    }
  });
});

describe('money field (centavos stored)', () => {
  it.each([
    ['R$ 1.234,56', { ok: 123456 }],
    ['0', { ok: 0 }],
    [123456, { ok: 123456 }],
    [0, { ok: 0 }],
    ['', { error: 'Obrigatório' }],
    ['   ', { error: 'Obrigatório' }],
    [undefined, { error: 'Obrigatório' }],
    ['12,345', { error: 'Insira um valor em reais válido' }],
    ['-5', { error: 'Insira um valor em reais válido' }],
    [-1, { error: 'Insira um valor em reais válido' }],
    [1.5, { error: 'Insira um valor em reais válido' }],
    [Number.MAX_SAFE_INTEGER + 1, { error: 'Insira um valor em reais válido' }],
  ])('%j → %j', (typed, expected) => {
    expect(outcome(money(), typed)).toEqual(expected);
  });

  it('a minimum is inclusive and read in reais', () => {
    const atLeast = money({ min: 100_000 });
    expect(outcome(atLeast, '1.000,00')).toEqual({ ok: 100_000 });
    expect(outcome(atLeast, 99_999)).toEqual({ error: 'O valor mínimo é R$ 1.000,00' });
    expect(outcome(money({ min: 0 }), 0)).toEqual({ ok: 0 });
  });
});

describe('percent field (0 to 100, two decimals at most)', () => {
  it.each([
    ['50', { ok: 50 }],
    ['0', { ok: 0 }],
    ['100', { ok: 100 }],
    ['33,33', { ok: 33.33 }],
    ['60.77', { ok: 60.77 }],
    [12.5, { ok: 12.5 }],
    ['', { error: 'Obrigatório' }],
    [' ', { error: 'Obrigatório' }],
    ['100,01', { error: 'Insira um percentual entre 0 e 100' }],
    ['-0.01', { error: 'Insira um percentual entre 0 e 100' }],
    ['33,333', { error: 'Insira um percentual entre 0 e 100' }],
    ['abc', { error: 'Insira um percentual entre 0 e 100' }],
  ])('%j → %j', (typed, expected) => {
    expect(outcome(percent(), typed)).toEqual(expected);
  });

  it('accepts every percentage with at most two decimals, typed with a comma (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), (hundredths) => {
        const typed = (hundredths / 100).toFixed(2).replace('.', ',');
        expect(outcome(percent(), typed)).toEqual({ ok: hundredths / 100 });
      }),
      { numRuns: 500 },
    );
  });
});

describe('choices, flags and optional texts', () => {
  it('a choice left empty is Obrigatório, an unknown value asks to select an option', () => {
    const c = choice(['a', 'b']);
    expect(outcome(c, 'a')).toEqual({ ok: 'a' });
    for (const empty of [undefined, null, '']) expect(outcome(c, empty)).toEqual({ error: 'Obrigatório' });
    expect(outcome(c, 'c')).toEqual({ error: SELECT_MESSAGE });
    expect(SELECT_MESSAGE).toBe('Selecione uma opção');
  });

  it('the states are the 27 Brazilian UFs', () => {
    expect(UFS).toHaveLength(27);
    expect(new Set(UFS).size).toBe(27);
    for (const state of ['SP', 'RJ', 'DF', 'TO', 'AC']) expect(outcome(uf(), state)).toEqual({ ok: state });
    expect(outcome(uf(), 'sp')).toEqual({ error: SELECT_MESSAGE });
  });

  it('a flag that is absent is false', () => {
    expect(outcome(flag(), undefined)).toEqual({ ok: false });
    expect(outcome(flag(), true)).toEqual({ ok: true });
  });

  it('an optional text: blank means not given, trimmed, capped, no control characters', () => {
    expect(outcome(optionalText(5), undefined)).toEqual({ ok: undefined });
    expect(outcome(optionalText(5), '   ')).toEqual({ ok: undefined });
    expect(outcome(optionalText(5), ' abcde ')).toEqual({ ok: 'abcde' });
    expect(outcome(optionalText(5), 'abcdef')).toEqual({ error: 'Use no máximo 5 caracteres' });
    expect(outcome(optionalText(), 'a'.repeat(201))).toEqual({ error: 'Use no máximo 200 caracteres' });
    expect(outcome(optionalText(), 'a\nb')).toEqual({ error: 'Não use quebras de linha nem caracteres de controle' });
    expect(outcome(optionalText(50, { multiline: true }), 'a\nb')).toEqual({ ok: 'a\nb' });
  });

  it('a required text is capped at 200 by default', () => {
    expect(outcome(requiredText(), 'a'.repeat(200))).toEqual({ ok: 'a'.repeat(200) });
    expect(outcome(requiredText(), 'a'.repeat(201))).toEqual({ error: 'Use no máximo 200 caracteres' });
  });
});
