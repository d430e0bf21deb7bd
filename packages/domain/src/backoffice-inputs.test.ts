import { beforeAll, describe, expect, it } from 'vitest';
import { fieldErrors } from './api-error';
import {
  DUPLICATE_BUYER_CPF,
  DUPLICATE_BUYER_EMAIL,
  formatProposalCode,
  newOperatorSchema,
  newProposalSchema,
  normalizeSearchText,
  parseProposalSequence,
  searchQueryTerms,
  type NewProposalInput,
} from './backoffice';
import { NEW_PROPOSAL } from './testing/fixtures';
import { installZodMessages } from './zod-messages';

beforeAll(() => installZodMessages());

/** A CGI (loan backed by the property) the operator creates for one buyer. */
const VALID: NewProposalInput = {
  ...NEW_PROPOSAL,
  type: 'cgi',
  buyers: [{ name: 'Ana Souza', cpf: '529.982.247-25', email: 'ana@example.com' }],
  financingOrCgiData: { ...NEW_PROPOSAL.financingOrCgiData, product: 'CGI — Crédito com garantia de imóvel' },
};
const errorsOf = (input: unknown) => {
  const r = newProposalSchema.safeParse(input);
  return r.success ? {} : fieldErrors(r.error.issues);
};
const withInstallments = (installments: unknown) =>
  newProposalSchema.safeParse({ ...VALID, financingOrCgiData: { ...VALID.financingOrCgiData, installments } });

describe('installments: a whole number from 1 to 420, typed or as a number', () => {
  it.each([
    ['1', 1],
    ['420', 420],
    [' 12 ', 12],
    [360, 360],
  ])('%j → %j', (typed, n) => {
    const r = withInstallments(typed);
    expect(r.success && r.data.financingOrCgiData.installments).toBe(n);
  });
  it.each([
    ['0', 'Insira um número inteiro de 1 a 420'],
    ['421', 'Insira um número inteiro de 1 a 420'],
    [421, 'Insira um número inteiro de 1 a 420'],
    ['12,5', 'Insira um número inteiro de 1 a 420'],
    [12.5, 'Insira um número inteiro de 1 a 420'],
    ['doze', 'Insira um número inteiro de 1 a 420'],
    ['', 'Obrigatório'],
    ['   ', 'Obrigatório'],
  ])('%j → %j', (typed, message) => {
    const r = withInstallments(typed);
    expect(r.success ? {} : fieldErrors(r.error.issues)).toEqual({ 'financingOrCgiData.installments': message });
  });
});

describe('two buyers with the same CPF or e-mail', () => {
  const ana = VALID.buyers[0]!;
  it('is told on the second buyer even while other fields fail', () => {
    expect(errorsOf({ ...VALID, property: {}, buyers: [ana, { ...ana, name: 'Bia' }] })).toMatchObject({
      'buyers.1.name': 'Informe nome e sobrenome',
      'buyers.1.cpf': DUPLICATE_BUYER_CPF,
      'buyers.1.email': DUPLICATE_BUYER_EMAIL,
    });
  });
  it.each([
    ['a list that is not one', 'x', ['buyers']],
    ['empty buyers', [null, null], ['buyers.0', 'buyers.1']],
  ])('a body with %s gets no duplicate message and no crash', (_name, buyers, fields) => {
    expect(Object.keys(errorsOf({ ...VALID, buyers }))).toEqual(fields);
  });
  it('only texts are compared: the same number twice is a type error, not a duplicate', () => {
    const same = { name: 'Ana Souza', cpf: 52998224725, email: 7 };
    const errors = errorsOf({ ...VALID, buyers: [same, { ...same, name: 'Bia Souza' }] });
    expect(Object.values(errors)).not.toContain(DUPLICATE_BUYER_CPF);
    expect(Object.values(errors)).not.toContain(DUPLICATE_BUYER_EMAIL);
    expect(Object.keys(errors).sort()).toEqual(['buyers.0.cpf', 'buyers.0.email', 'buyers.1.cpf', 'buyers.1.email']);
  });
  it('a body that is not an object is refused, not thrown on', () => {
    for (const body of [null, 'x', []]) expect(newProposalSchema.safeParse(body).success).toBe(false);
  });
  it('a single buyer has nobody to repeat', () => {
    expect(errorsOf(VALID)).toEqual({});
  });
});

describe('a new operator', () => {
  it.each([
    ['Ana', { name: 'Informe nome e sobrenome' }],
    ['Ana Souza', {}],
  ])('name %j → %j', (name, expected) => {
    const r = newOperatorSchema.safeParse({ name, email: 'ana@example.com' });
    expect(r.success ? {} : fieldErrors(r.error.issues)).toEqual(expected);
  });
});

describe('proposal codes and search text', () => {
  it('a sequence only from a positive whole number', () => {
    expect(() => formatProposalCode('financing', 2026, 0)).toThrow('sequence must be a positive integer');
  });
  it('a code of another series of the same length is not read as this one', () => {
    expect(parseProposalSequence('AB-2026-123456', 'PF-2026-')).toBeNull();
  });
  it.each([
    ['  Ana  ', 'ana'],
    ['Ana, Souza', 'ana souza'],
    ['JOSÉ Conceição', 'jose conceicao'],
    ['a/b', 'a b'],
    ['PF-2026', 'pf-2026'],
  ])('normalizes %j to %j', (text, normal) => {
    expect(normalizeSearchText(text)).toBe(normal);
  });
  it.each([
    // A code only when the query starts with its prefix and holds nothing but numbers after it.
    ['xpf 2026', ['xpf', '2026']],
    ['pf 2026 ana', ['pf', '2026', 'ana']],
    ['pf abc', ['pf', 'abc']],
    ['pf 2026  -  123', ['pf-2026-123']],
    // Digits alone are a CPF or the end of a code; beside a word they are one more word.
    ['ana 123', ['ana', '123']],
    ['ana 2', ['ana']],
    ['12 ab', ['12', 'ab']],
    ['529.982.247-25', ['52998224725']],
    // Only separators: nothing to search for.
    ['-', []],
    [' - / -', []],
  ])('query %j → %j', (query, terms) => {
    expect(searchQueryTerms(query)).toEqual(terms);
  });
});
