import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fieldErrors } from './api-error';
import {
  correctionRequestSchema,
  DUPLICATE_BUYER_CPF,
  DUPLICATE_BUYER_EMAIL,
  formatProposalCode,
  newBuyerSchema,
  newProposalSchema,
  parseProposalSequence,
  searchQueryTerms,
  stageChangeError,
  statusChangeSchema,
} from './backoffice';
import { installZodMessages } from './zod-messages';

beforeAll(() => installZodMessages());

const errorsOf = (schema: z.ZodType, v: unknown) => {
  const r = schema.safeParse(v);
  return r.success ? {} : fieldErrors(r.error.issues);
};

describe('a reason for a status or stage change, or a correction request', () => {
  it.each([
    ['abcd', 'Explique o motivo em pelo menos 5 caracteres'],
    ['  abcd  ', 'Explique o motivo em pelo menos 5 caracteres'],
    ['', 'Obrigatório'],
  ])('%j → %j', (reason, message) => {
    expect(errorsOf(statusChangeSchema, { status: 'approved', reason })).toEqual({ reason: message });
    expect(errorsOf(correctionRequestSchema, { note: reason })).toEqual({ note: message });
  });

  it('five characters are enough, line breaks allowed', () => {
    expect(statusChangeSchema.parse({ status: 'approved', reason: 'abcde' }).reason).toBe('abcde');
    expect(correctionRequestSchema.parse({ buyer: 1, note: 'Linha 1\nLinha 2' }).note).toBe('Linha 1\nLinha 2');
  });
});

describe('a new buyer', () => {
  it.each([
    ['Ana Souza', true],
    ['  Ana   Souza  ', true],
    ['Ana', false],
    ['Ana ', false],
  ])('name %j accepted: %j', (name, ok) => {
    const r = newBuyerSchema.safeParse({ name, cpf: '529.982.247-25', email: 'ana@example.com' });
    expect(r.success).toBe(ok);
    if (!ok) expect(fieldErrors(r.error!.issues)).toEqual({ name: 'Informe nome e sobrenome' });
  });

  it('two buyers need different CPFs and e-mails, compared as stored', () => {
    const one = { name: 'Ana Souza', cpf: '529.982.247-25', email: 'ana@example.com' };
    const base = { type: 'cgi', buyers: [one] };
    const dup = (second: object) => errorsOf(newProposalSchema, { ...base, buyers: [one, second] });
    expect(dup({ name: 'Bia Souza', cpf: '52998224725', email: 'bia@example.com' })).toMatchObject({
      'buyers.1.cpf': DUPLICATE_BUYER_CPF,
    });
    expect(dup({ name: 'Bia Souza', cpf: '111.444.777-35', email: 'ANA@example.com' })).toMatchObject({
      'buyers.1.email': DUPLICATE_BUYER_EMAIL,
    });
    const distinct = dup({ name: 'Bia Souza', cpf: '111.444.777-35', email: 'bia@example.com' });
    expect(distinct).not.toHaveProperty('buyers.1.cpf');
    expect(Object.values(distinct)).not.toContain(DUPLICATE_BUYER_CPF);
    expect(Object.values(distinct)).not.toContain(DUPLICATE_BUYER_EMAIL);
    // Two empty CPFs are "Obrigatório", not duplicates.
    const empty = errorsOf(newProposalSchema, {
      ...base,
      buyers: [
        { ...one, cpf: '' },
        { name: 'Bia Souza', cpf: '', email: 'b@c.com' },
      ],
    });
    expect(empty).toMatchObject({ 'buyers.0.cpf': 'Obrigatório', 'buyers.1.cpf': 'Obrigatório' });
    expect(DUPLICATE_BUYER_CPF).toBe('Os compradores devem ter CPFs diferentes');
    expect(DUPLICATE_BUYER_EMAIL).toBe('Os compradores devem ter e-mails diferentes');
  });
});

describe('proposal codes', () => {
  it('numbers a code from 1, six digits at least, and reads it back only in its own series', () => {
    expect(formatProposalCode('financing', 2026, 1)).toBe('PF-2026-000001');
    expect(formatProposalCode('cgi', 2026, 1_234_567)).toBe('CGI-2026-1234567');
    for (const bad of [0, -1, 1.5]) expect(() => formatProposalCode('cgi', 2026, bad)).toThrow(RangeError);
    expect(parseProposalSequence('PF-2026-000123', 'PF-2026-')).toBe(123);
    expect(parseProposalSequence('CGI-2026-000123', 'PF-2026-')).toBeNull();
    expect(parseProposalSequence('XPF-2026-000123', 'PF-2026-')).toBeNull();
    expect(parseProposalSequence('PF-2026-12a', 'PF-2026-')).toBeNull();
    expect(parseProposalSequence('PF-2026-', 'PF-2026-')).toBeNull();
    expect(parseProposalSequence('PF-2026-1234567890123', 'PF-2026-')).toBeNull();
  });
});

describe('search query terms', () => {
  it.each([
    ['', []],
    ['   ', []],
    ['PF-2026-000123', ['pf-2026-000123']],
    ['pf 2026', ['pf-2026']],
    ['cgi', ['cgi']],
    ['PF2026', ['pf-2026']],
    ['529.982.247-25', ['52998224725']],
    ['529 982', ['529982']],
    ['Ana S', ['ana']],
    ['A S', ['a', 's']],
    ['Ana ana Souza', ['ana', 'souza']],
    ['João-Paulo', ['joao', 'paulo']],
    ['x pf', ['pf']],
    ['a b c d e f g h', ['a', 'b', 'c', 'd', 'e', 'f']],
  ])('%j → %j', (query, terms) => {
    expect(searchQueryTerms(query)).toEqual(terms);
  });
});

describe('stage changes', () => {
  it('names the current stage when asked to move to it', () => {
    expect(stageChangeError('filling', 'registration', 'registration')).toBe('A proposta já está na etapa “Cadastro”.');
  });
});
