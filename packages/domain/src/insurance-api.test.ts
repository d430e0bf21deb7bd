import { describe, expect, it } from 'vitest';
import {
  healthAccessLogResponseSchema,
  healthAnswersResponseSchema,
  insuranceOverviewResponseSchema,
} from './insurance-api';
import { INSURANCE_OVERVIEW } from './testing/responses';

describe('insurance responses', () => {
  it('carries the overview of the declarations', () => {
    const body = { data: INSURANCE_OVERVIEW };
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
