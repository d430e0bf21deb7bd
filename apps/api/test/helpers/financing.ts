import type { FinancingView } from '@portal/domain/financing-view';

/**
 * The SAC figures of the demo proposal with two buyers: R$ 520.000,00 over 360 months at 10,49 % a
 * year, a property of R$ 700.000,00 and R$ 18.500,00 of monthly income. The API computes them, the
 * dossier prints them.
 */
export const DEMO_SAC_SUMMARY: NonNullable<FinancingView['summary']> = {
  system: 'SAC',
  firstInstallment: 578_517,
  lastInstallment: 145_650,
  totalPaid: 130_350_114,
  totalInterest: 78_350_114,
  incomeSharePercent: 31.3,
  isIncomeShareAboveLimit: true,
};
