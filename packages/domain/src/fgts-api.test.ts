import { describe, expect, it } from 'vitest';
import { fgtsStateResponseSchema } from './fgts-api';

const state = {
  buyer: 0,
  applicable: true,
  eligibility: { status: 'eligible' },
  steps: [
    { key: 'fgts_questions', status: 'done', submittedAt: '2026-06-15T12:00:00.000Z', canEdit: true },
    { key: 'fgts_address', status: 'todo', submittedAt: null, canEdit: true },
  ],
  next: 'fgts_address',
  confirmed: false,
  propertyRules: [
    {
      id: 'residential',
      fact: { from: 'property', label: 'Tipo do imóvel' },
      source: 'Manual FGTS',
      status: 'pass',
      reason: null,
    },
  ],
  resumePath: '/buyer/fgts/address',
};

describe('the FGTS state response', () => {
  it('carries the eligibility, the steps and where to resume', () => {
    expect(fgtsStateResponseSchema.parse({ data: state })).toEqual({ data: state });
    const ineligible = {
      ...state,
      eligibility: { status: 'ineligible', reasons: ['Menos de 3 anos de FGTS'] },
      steps: [],
      next: null,
      propertyRules: [],
    };
    expect(fgtsStateResponseSchema.parse({ data: ineligible })).toEqual({ data: ineligible });
  });

  it('refuses an unknown step and an ineligible state without reasons', () => {
    const badStep = { ...state, steps: [{ ...state.steps[0], key: 'fgts_unknown' }] };
    expect(fgtsStateResponseSchema.safeParse({ data: badStep }).success).toBe(false);
    const noReasons = { ...state, eligibility: { status: 'ineligible' } };
    expect(fgtsStateResponseSchema.safeParse({ data: noReasons }).success).toBe(false);
  });
});
