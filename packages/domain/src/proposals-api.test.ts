import { describe, expect, it } from 'vitest';
import { progressResponseSchema, proposalListResponseSchema, proposalResponseSchema } from './proposals-api';
import { PROPOSAL as proposal } from './testing/responses';

const sellerView = {
  id: 'p1',
  code: 'FIN-2026-000001',
  type: 'financing',
  status: 'filling',
  stage: 'registration',
  customers: [{ id: 'c1', position: 0, name: 'Maria Silva' }],
  property: { kind: 'apartment', city: 'São Paulo', uf: 'SP' },
};

describe('proposals responses', () => {
  it('carries a buyer’s proposal whole', () => {
    expect(proposalResponseSchema.parse({ data: proposal })).toEqual({ data: proposal });
  });

  it('carries the seller’s view without the financing terms', () => {
    expect(proposalResponseSchema.parse({ data: sellerView })).toEqual({ data: sellerView });
    expect(proposalListResponseSchema.parse({ data: [proposal, sellerView] })).toEqual({
      data: [proposal, sellerView],
    });
  });

  it('refuses a proposal in an unknown status', () => {
    expect(proposalResponseSchema.safeParse({ data: { ...sellerView, status: 'archived' } }).success).toBe(false);
    expect(proposalListResponseSchema.safeParse({ data: proposal }).success).toBe(false);
  });
});

describe('the progress response', () => {
  const step = {
    id: 'section:data:0',
    party: 'buyer',
    kind: 'section',
    key: 'data',
    buyer: 0,
    title: 'Dados pessoais',
    path: '/buyer/data',
    state: 'todo',
    actors: [0],
  };
  const body = {
    data: {
      done: 3,
      total: 10,
      percent: 30,
      buyer: { done: 3, total: 8, percent: 38 },
      seller: { done: 0, total: 2, percent: 0 },
      steps: [step, { ...step, id: 'send', kind: 'send', key: 'send', buyer: null, actors: null, state: 'done' }],
      next: step,
    },
  };

  it('carries the counts, the steps and the caller’s next step', () => {
    expect(progressResponseSchema.parse(body)).toEqual(body);
    const seller = { data: { ...body.data, buyer: null, next: null } };
    expect(progressResponseSchema.parse(seller)).toEqual(seller);
  });

  it('refuses a step of an unknown kind', () => {
    expect(progressResponseSchema.safeParse({ data: { ...body.data, next: { ...step, kind: 'other' } } }).success).toBe(
      false,
    );
  });
});
