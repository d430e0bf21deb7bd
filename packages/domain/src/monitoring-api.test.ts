import { describe, expect, it } from 'vitest';
import {
  agentConfigSchema,
  errorGroupsResponseSchema,
  intakeSummarySchema,
  publicSettingsResponseSchema,
  routeStatsResponseSchema,
  sampleRateSettingResponseSchema,
} from './monitoring-api';

describe('monitoring responses', () => {
  it('carries the public settings', () => {
    const body = {
      data: {
        loggerEnabled: true,
        apmEnvironment: 'production',
        serviceName: 'portal-web',
        analyticsEnabled: false,
        analyticsId: '',
        analyticsSrc: 'https://www.clarity.ms/tag/{id}',
      },
    };
    expect(publicSettingsResponseSchema.parse(body)).toEqual(body);
    expect(publicSettingsResponseSchema.safeParse({ data: { loggerEnabled: 'yes' } }).success).toBe(false);
  });

  it('summarises an intake batch line by line', () => {
    const body = { accepted: 3, stored: 2, rejected: [{ line: 4, reason: 'JSON inválido' }] };
    expect(intakeSummarySchema.parse(body)).toEqual(body);
    expect(intakeSummarySchema.safeParse({ ...body, accepted: 1.5 }).success).toBe(false);
  });

  it('gives the agent its sampling rate as a string', () => {
    expect(agentConfigSchema.parse({ transaction_sample_rate: '0.1' })).toEqual({ transaction_sample_rate: '0.1' });
    expect(agentConfigSchema.safeParse({ transaction_sample_rate: 0.1 }).success).toBe(false);
  });

  it('carries the operator’s views', () => {
    const groups = {
      data: [
        {
          id: 'g1',
          message: 'TypeError: x is undefined',
          count: 3,
          firstSeenAt: 1_750_000_000_000,
          lastSeenAt: 1_750_000_100_000,
          routes: ['/buyer/data'],
          browsers: ['Chrome 140'],
        },
      ],
    };
    expect(errorGroupsResponseSchema.parse(groups)).toEqual(groups);
    const stats = { data: [{ route: '/buyer/data', count: 10, medianMs: 120, p95Ms: 480 }] };
    expect(routeStatsResponseSchema.parse(stats)).toEqual(stats);
    const rate = { data: { rate: 0.25, updatedAt: null } };
    expect(sampleRateSettingResponseSchema.parse(rate)).toEqual(rate);
    expect(sampleRateSettingResponseSchema.safeParse({ data: { rate: 2, updatedAt: null } }).success).toBe(false);
    expect(routeStatsResponseSchema.safeParse({ data: [{ route: '/x' }] }).success).toBe(false);
  });
});
