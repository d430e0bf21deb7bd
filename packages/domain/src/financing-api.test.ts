import { describe, expect, it } from 'vitest';
import { financingSettingsResponseSchema, financingViewResponseSchema } from './financing-api';

describe('financing responses', () => {
  it('carries a proposal’s numbers', () => {
    const body = {
      data: {
        system: 'SAC',
        amount: 40_000_000,
        months: 360,
        propertyValue: 60_000_000,
        appraisalValue: null,
        interestRateBp: 1049,
        ltvLimit: 80,
        ltvError: null,
        monthlyIncome: 1_500_000,
        summary: {
          system: 'SAC',
          firstInstallment: 450_000,
          lastInstallment: 112_000,
          totalPaid: 100_000_000,
          totalInterest: 60_000_000,
          incomeSharePercent: 30,
          isIncomeShareAboveLimit: false,
        },
        fgtsPropertyRules: [],
      },
    };
    expect(financingViewResponseSchema.parse(body)).toEqual(body);
    expect(financingViewResponseSchema.safeParse({ data: { ...body.data, system: 'SACRE' } }).success).toBe(false);
  });

  it('carries the settings', () => {
    const body = {
      data: {
        sfhCeilings: [{ from: '2025-10-01', value: 225_000_000, source: 'Resolução CMN' }],
        ltvLimits: { SAC: 80, PRICE: 70 },
      },
    };
    expect(financingSettingsResponseSchema.parse(body)).toEqual(body);
    expect(financingSettingsResponseSchema.safeParse({ data: { ...body.data, ltvLimits: { SAC: 80 } } }).success).toBe(
      false,
    );
  });
});
