import { describe, expect, it } from 'vitest';
import {
  healthAccessLogResponseSchema,
  healthAnswersResponseSchema,
  insuranceOverviewResponseSchema,
} from './insurance-api';

describe('insurance responses', () => {
  it('carries the overview of the declarations', () => {
    const body = {
      data: {
        proposalId: 'p1',
        proposalCode: 'FIN-2026-000001',
        proposalType: 'financing',
        insurer: 'itau',
        insurerName: 'Itaú Seguros',
        canEdit: true,
        consentVersion: '2026-01',
        declarationVersion: '2026-01',
        totalQuestions: 16,
        me: {
          buyer: 0,
          consent: { version: '2026-01', grantedAt: '2026-06-15T12:00:00.000Z' },
          answered: ['q1', 'q2'],
          completed: false,
          completedAt: null,
        },
        buyers: [{ buyer: 0, name: 'Maria Silva', hasAccount: true, status: 'in_progress' }],
      },
    };
    expect(insuranceOverviewResponseSchema.parse(body)).toEqual(body);
    expect(insuranceOverviewResponseSchema.safeParse({ data: { ...body.data, insurer: 'other' } }).success).toBe(false);
  });

  it('carries a buyer’s answers, with the follow-up answers when given', () => {
    const body = {
      data: {
        buyer: 1,
        answers: [
          { key: 'q1', value: 'no' },
          { key: 'q2', value: 'yes', medication: 'yes', treatment: 'no' },
        ],
        completed: true,
        completedAt: '2026-06-15T12:00:00.000Z',
      },
    };
    expect(healthAnswersResponseSchema.parse(body)).toEqual(body);
    const bad = { data: { ...body.data, answers: [{ key: 'q1', value: 'maybe' }] } };
    expect(healthAnswersResponseSchema.safeParse(bad).success).toBe(false);
  });

  it('lists who read the answers', () => {
    const body = {
      data: [{ at: '2026-06-15T12:00:00.000Z', readerName: 'Olga Operadora', readerRole: 'operator', action: 'read' }],
    };
    expect(healthAccessLogResponseSchema.parse(body)).toEqual(body);
    expect(healthAccessLogResponseSchema.safeParse({ data: [{ at: '2026-06-15' }] }).success).toBe(false);
  });
});
