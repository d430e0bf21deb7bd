import { z } from 'zod';
import { formatBrDate, isIsoDate } from './dates';
import { money } from './fields';
import { formatPercent, type AmortizationSystem } from './financing';
import { formatMoney } from './money';

/**
 * The financing's settings and values as the bank applies them (docs/decisions/020): the SFH
 * ceiling is a dated list (a new ceiling is a new row of the settings table, not a release), the
 * loan-to-value limits are per amortization system, and the back office enters the property's
 * purchase price, its appraisal value and the effective annual interest rate.
 */

/** A value in force from a date (ISO), with the act that set it. */
export interface DatedValue {
  from: string;
  value: number;
  source: string;
}

export const datedValueSchema = z.strictObject({
  from: z.string().refine(isIsoDate, { error: 'Insira uma data válida (DD/MM/AAAA)' }),
  value: z.number().int().positive(),
  source: z.string().trim().min(1).max(300),
});

/**
 * The SFH ceiling on the property's value (the FGTS may only be used in a purchase financeable
 * under the SFH). Stored in the settings table under SFH_CEILING_SETTING; these are the values a
 * new database starts with.
 */
export const SFH_CEILING_SETTING = 'financing.sfh_ceiling';
export const DEFAULT_SFH_CEILINGS: readonly DatedValue[] = [
  { from: '2019-01-01', value: 150_000_000, source: 'Resolução CMN nº 4.676/2018 (teto do SFH de R$ 1,5 milhão)' },
  {
    from: '2025-10-01',
    value: 225_000_000,
    source:
      'Resolução CMN de outubro de 2025 (teto do SFH de R$ 2,25 milhões, unificado para todos os contratos em 26/11/2025)',
  },
];
export const sfhCeilingsSchema = z.array(datedValueSchema).min(1).max(50);

/** The value in force on a day: the latest entry whose date is not after it (null before the first). */
export function valueInForce(values: readonly DatedValue[], today: string): DatedValue | null {
  return [...values].sort((a, b) => (a.from < b.from ? 1 : -1)).find((v) => v.from <= today) ?? null;
}

/** Loan-to-value limits per amortization system, whole percent (Caixa today: 80 % SAC, 70 % PRICE). */
export const LTV_LIMITS_SETTING = 'financing.ltv_limits';
export const DEFAULT_LTV_LIMITS: Readonly<Record<AmortizationSystem, number>> = { SAC: 80, PRICE: 70 };
export const ltvLimitsSchema = z.strictObject({
  SAC: z.number().int().min(1).max(100),
  PRICE: z.number().int().min(1).max(100),
});

export const financingSettingsSchema = z.strictObject({
  sfhCeilings: sfhCeilingsSchema,
  ltvLimits: ltvLimitsSchema,
});
export type FinancingSettings = z.infer<typeof financingSettingsSchema>;

export const INTEREST_RATE_MESSAGE = 'Insira a taxa de juros anual entre 0,01 % e 30 % (ex.: 10,49)';

/** '10,49' or '10.49' or '10,49 %' (percent a.a., up to 2 decimals) -> basis points (1049). */
export function parseInterestRate(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) && value > 0 && value <= 3000 ? value : null;
  if (typeof value !== 'string') return null;
  const t = value.trim().replace(/\s*%\s*$/, '');
  if (!/^\d{1,2}([.,]\d{1,2})?$/.test(t)) return null;
  const bp = Math.round(Number(t.replace(',', '.')) * 100);
  return bp > 0 && bp <= 3000 ? bp : null;
}

// In financing.ts, free of the schema library, so that a screen showing a rate loads no schema
// (docs/decisions/056-low-tier-phones.md).
export { formatInterestRate } from './financing';

const optionalMoney = () =>
  z
    .preprocess((v) => (v === '' || v === null ? undefined : v), money({ min: 1 }).optional())
    .transform((v) => v ?? null);

/**
 * What the back office enters: the purchase price (required), the appraisal value (once the
 * bank reports it) and the effective annual interest rate; numbers as typed ('R$ 500.000,00',
 * '10,49') or already canonical (centavos, basis points).
 */
export const financingValuesSchema = z.strictObject({
  propertyValue: money({ min: 1 }),
  appraisalValue: optionalMoney(),
  interestRate: z.union([z.string(), z.number()]).transform((v, ctx) => {
    if (typeof v === 'string' && v.trim() === '') {
      ctx.addIssue({ code: 'custom', message: 'Obrigatório' });
      return z.NEVER;
    }
    const bp = parseInterestRate(v);
    if (bp === null) {
      ctx.addIssue({ code: 'custom', message: INTEREST_RATE_MESSAGE });
      return z.NEVER;
    }
    return bp;
  }),
});
export type FinancingValuesInput = z.input<typeof financingValuesSchema>;
export type FinancingValues = z.output<typeof financingValuesSchema>;

/** The value the bank lends against: the lower of the purchase price and the appraisal value. */
export function guaranteeValue(propertyValue: number, appraisalValue: number | null): number {
  return appraisalValue === null ? propertyValue : Math.min(propertyValue, appraisalValue);
}

/**
 * The loan-to-value check: the amount financed may not pass the system's limit of the lower of
 * the purchase price and the appraisal value. Returns the Portuguese message, or null when it fits.
 */
export function loanToValueError(options: {
  amount: number;
  system: AmortizationSystem;
  propertyValue: number;
  appraisalValue: number | null;
  limits: Readonly<Record<AmortizationSystem, number>>;
}): string | null {
  const base = guaranteeValue(options.propertyValue, options.appraisalValue);
  const limit = options.limits[options.system];
  const max = Math.floor((base * limit) / 100);
  if (options.amount <= max) return null;
  const of = options.appraisalValue === null ? 'do valor de compra' : 'do menor valor entre a compra e a avaliação';
  return `O valor financiado (${formatMoney(options.amount)}) passa de ${formatPercent(limit)} ${of} do imóvel (${formatMoney(base)}). No ${options.system}, o máximo é ${formatMoney(max)}.`;
}

/** 'R$ 2.250.000,00 (em vigor desde 01/10/2025)' */
export function describeDatedValue(v: DatedValue): string {
  return `${formatMoney(v.value)} (em vigor desde ${formatBrDate(v.from)})`;
}
