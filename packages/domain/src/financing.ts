import { formatMoney } from './money';
import { formatDecimal } from './numbers';

/**
 * The buyer's numbers: SAC and PRICE schedules in integer centavos. The formulas are the
 * standard ones; the single rounding rule is described in docs/decisions/020-financing-numbers.md:
 * - the outstanding balance after month k is the formula's exact balance rounded half-up to the
 *   centavo, and the amortization of month k is the difference of two consecutive balances (so the
 *   amortizations sum to the amount exactly);
 * - SAC: interest = balance before the month × monthly rate, rounded half-up;
 * - PRICE: installment = the annuity formula rounded half-up, the same every month, and
 *   interest = installment − amortization.
 */

export type AmortizationSystem = 'SAC' | 'PRICE';

export interface ScheduleInput {
  /** Amount financed, centavos (positive integer). */
  amount: number;
  /** Number of monthly installments. */
  months: number;
  /** Effective monthly rate as a fraction (0.01 = 1 % a.m.). */
  monthlyRate: number;
}

export interface Installment {
  /** 1-based month number. */
  month: number;
  installment: number;
  interest: number;
  amortization: number;
  /** Balance left after this month's payment. */
  balance: number;
}

/** Half-up to the centavo (values here are never negative, so Math.round is half-up). */
const roundCents = (value: number) => Math.round(value);

/** Effective annual rate in basis points (10,49 % a.a. = 1049) → effective monthly rate. */
export function monthlyRateFromAnnual(annualRateBp: number): number {
  return Math.pow(1 + annualRateBp / 10_000, 1 / 12) - 1;
}

function checkInput({ amount, months, monthlyRate }: ScheduleInput): void {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError('amount must be a positive integer');
  if (!Number.isInteger(months) || months <= 0) throw new RangeError('months must be a positive integer');
  if (!Number.isFinite(monthlyRate) || monthlyRate < 0) throw new RangeError('monthlyRate must be >= 0');
}

/** SAC (constant amortization): the balance falls linearly, installments fall month by month. */
export function sacSchedule(input: ScheduleInput): Installment[] {
  checkInput(input);
  const { amount, months, monthlyRate } = input;
  const rows: Installment[] = [];
  let before = amount;
  for (let k = 1; k <= months; k++) {
    const balance = roundCents((amount * (months - k)) / months);
    const amortization = before - balance;
    const interest = roundCents(before * monthlyRate);
    rows.push({ month: k, installment: amortization + interest, interest, amortization, balance });
    before = balance;
  }
  return rows;
}

/** PRICE (French system): equal installments, amortization grows as the interest falls. */
export function priceSchedule(input: ScheduleInput): Installment[] {
  checkInput(input);
  const { amount, months, monthlyRate: i } = input;
  if (i === 0) return sacSchedule(input);
  const growth = Math.pow(1 + i, months);
  const installment = roundCents((amount * i * growth) / (growth - 1));
  const rows: Installment[] = [];
  let before = amount;
  for (let k = 1; k <= months; k++) {
    const balance = k === months ? 0 : roundCents((amount * (growth - Math.pow(1 + i, k))) / (growth - 1));
    const amortization = before - balance;
    rows.push({ month: k, installment, interest: installment - amortization, amortization, balance });
    before = balance;
  }
  return rows;
}

export function amortizationSchedule(system: AmortizationSystem, input: ScheduleInput): Installment[] {
  return system === 'SAC' ? sacSchedule(input) : priceSchedule(input);
}

/** The usual ceiling of the first installment over the household's declared monthly income. */
export const INCOME_SHARE_LIMIT_PERCENT = 30;

export interface FinancingSummary {
  system: AmortizationSystem;
  firstInstallment: number;
  lastInstallment: number;
  totalPaid: number;
  totalInterest: number;
  /** First installment over the declared monthly income, percent with one decimal; null without income. */
  incomeSharePercent: number | null;
  isIncomeShareAboveLimit: boolean;
}

/** What the buyer sees for the proposal's system: first and last installment, total, income share. */
export function summarizeFinancing(options: {
  system: AmortizationSystem;
  amount: number;
  months: number;
  annualRateBp: number;
  /** Sum of the buyers' declared monthly incomes, centavos (0 or null when not declared yet). */
  monthlyIncome: number | null;
}): FinancingSummary {
  const rows = amortizationSchedule(options.system, {
    amount: options.amount,
    months: options.months,
    monthlyRate: monthlyRateFromAnnual(options.annualRateBp),
  });
  const firstInstallment = rows[0]!.installment;
  const totalPaid = rows.reduce((sum, r) => sum + r.installment, 0);
  const incomeSharePercent = options.monthlyIncome
    ? Math.round((firstInstallment * 1000) / options.monthlyIncome) / 10
    : null;
  return {
    system: options.system,
    firstInstallment,
    lastInstallment: rows[rows.length - 1]!.installment,
    totalPaid,
    totalInterest: totalPaid - options.amount,
    incomeSharePercent,
    isIncomeShareAboveLimit: incomeSharePercent !== null && incomeSharePercent > INCOME_SHARE_LIMIT_PERCENT,
  };
}

/** The warning shown when the first installment takes more than the usual share of the income. */
export function incomeShareWarning(summary: FinancingSummary): string | null {
  if (!summary.isIncomeShareAboveLimit || summary.incomeSharePercent === null) return null;
  return `A primeira parcela (${formatMoney(summary.firstInstallment)}) compromete ${formatPercent(summary.incomeSharePercent)} da renda declarada. Os bancos costumam aceitar até ${INCOME_SHARE_LIMIT_PERCENT} %.`;
}

/** 10.49 -> '10,49 %' */
export function formatPercent(value: number): string {
  return `${formatDecimal(value, 2)} %`;
}

/** 1049 -> '10,49 % a.a.' (a rate in basis points per year). */
export function formatInterestRate(bp: number): string {
  return `${formatPercent(bp / 100)} a.a.`;
}
