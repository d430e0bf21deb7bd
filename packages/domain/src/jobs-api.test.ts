import { describe, expect, it } from 'vitest';
import { jobRetryBodySchema, jobsOverviewResponseSchema } from './jobs-api';

describe('jobs API schemas', () => {
  const overview = {
    data: {
      engine: 'pg-boss',
      queues: [{ queue: 'mail.deliver', waiting: 1, running: 0, failed: 2, dead: 1 }],
      failures: [
        {
          id: '0b7c7f8e-3c1f-4a51-9d0a-5b0f1c2d3e4f',
          queue: 'mail.deliver',
          state: 'dead',
          attempts: 4,
          maxAttempts: 4,
          lastError: 'connect ECONNREFUSED 127.0.0.1:25',
          createdAt: '2026-06-15T12:00:00.000Z',
          retryAt: null,
        },
      ],
    },
  };

  it('parses an overview and refuses a negative count or an unknown state', () => {
    expect(jobsOverviewResponseSchema.parse(overview)).toEqual(overview);
    const negative = structuredClone(overview);
    negative.data.queues[0]!.dead = -1;
    expect(jobsOverviewResponseSchema.safeParse(negative).success).toBe(false);
    const state = structuredClone(overview) as { data: { failures: { state: string }[] } };
    state.data.failures[0]!.state = 'running';
    expect(jobsOverviewResponseSchema.safeParse(state).success).toBe(false);
  });

  it('a retry names a queue and a job id, nothing else', () => {
    expect(jobRetryBodySchema.safeParse({ queue: 'mail.deliver', id: overview.data.failures[0]!.id }).success).toBe(
      true,
    );
    expect(jobRetryBodySchema.safeParse({ queue: 'mail.deliver', id: 'x' }).success).toBe(false);
    expect(
      jobRetryBodySchema.safeParse({ queue: 'mail.deliver', id: overview.data.failures[0]!.id, state: 'done' }).success,
    ).toBe(false);
  });
});
