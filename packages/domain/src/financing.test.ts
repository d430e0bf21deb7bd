import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  incomeShareWarning,
  monthlyRateFromAnnual,
  priceSchedule,
  sacSchedule,
  summarizeFinancing,
  type Installment,
} from './financing';

const sum = (rows: Installment[], key: keyof Installment) => rows.reduce((s, r) => s + r[key], 0);

describe('monthlyRateFromAnnual (effective rates)', () => {
  it('compounds back to the annual rate', () => {
    expect(Math.pow(1 + monthlyRateFromAnnual(1049), 12) - 1).toBeCloseTo(0.1049, 12);
    expect(monthlyRateFromAnnual(0)).toBe(0);
  });
  it('12,68250301 % a.a. is 1 % a.m. (not annual / 12)', () => {
    expect(monthlyRateFromAnnual(1268.250301)).toBeCloseTo(0.01, 10);
    expect(monthlyRateFromAnnual(1200)).toBeCloseTo(0.00948879293, 10);
  });
});

/**
 * Worked examples pinned to the centavo. The first row is the textbook case (R$ 100.000,00 at
 * 1 % a.m. in 12 months: PRICE installment R$ 8.884,88); the others were computed separately with
 * 60-digit decimal arithmetic and the rounding rule of docs/decisions/020-financing-numbers.md.
 */
describe.each([
  { amount: 10_000_000, months: 12, annualBp: null, price: [888_488, 10_661_856], sac: [933_333, 841_666, 10_650_000] },
  { amount: 30_000_000, months: 360, annualBp: 1049, price: [263_650, 94_914_000], sac: [333_760, 84_029, 75_201_989] },
  {
    amount: 48_000_000,
    months: 420,
    annualBp: 1199,
    price: [463_915, 194_844_300],
    sac: [569_388, 115_370, 143_798_869],
  },
  { amount: 25_000_000, months: 240, annualBp: 900, price: [219_316, 52_635_840], sac: [284_350, 104_918, 46_712_063] },
])(
  'worked example: $amount centavos in $months months at $annualBp bp a.a.',
  ({ amount, months, annualBp, price, sac }) => {
    const monthlyRate = annualBp === null ? 0.01 : monthlyRateFromAnnual(annualBp);
    it('PRICE: installment and total paid', () => {
      const rows = priceSchedule({ amount, months, monthlyRate });
      expect(rows).toHaveLength(months);
      expect(rows[0]!.installment).toBe(price[0]);
      expect(rows[months - 1]!.installment).toBe(price[0]);
      expect(sum(rows, 'installment')).toBe(price[1]);
    });
    it('SAC: first and last installment and total paid', () => {
      const rows = sacSchedule({ amount, months, monthlyRate });
      expect(rows[0]!.installment).toBe(sac[0]);
      expect(rows[months - 1]!.installment).toBe(sac[1]);
      expect(sum(rows, 'installment')).toBe(sac[2]);
    });
  },
);

describe('the textbook SAC table month by month', () => {
  it('R$ 100.000,00 at 1 % a.m. in 4 months', () => {
    expect(sacSchedule({ amount: 10_000_000, months: 4, monthlyRate: 0.01 })).toEqual([
      { month: 1, installment: 2_600_000, interest: 100_000, amortization: 2_500_000, balance: 7_500_000 },
      { month: 2, installment: 2_575_000, interest: 75_000, amortization: 2_500_000, balance: 5_000_000 },
      { month: 3, installment: 2_550_000, interest: 50_000, amortization: 2_500_000, balance: 2_500_000 },
      { month: 4, installment: 2_525_000, interest: 25_000, amortization: 2_500_000, balance: 0 },
    ]);
  });
});

/**
 * Loans from R$ 10.000,00 to R$ 5 mi, 1 to 420 months, 1 % to 30 % a.a. Below that (a last
 * installment whose interest is under two centavos) rounding could make a month's interest -1.
 */
const loans = fc.record({
  amount: fc.integer({ min: 1_000_000, max: 500_000_000 }),
  months: fc.integer({ min: 1, max: 420 }),
  annualBp: fc.integer({ min: 100, max: 3000 }),
});

describe('schedule invariants (property tests)', () => {
  it('SAC: the amortization is constant (to the centavo that does not divide) and installments fall by a constant step', () => {
    fc.assert(
      fc.property(loans, ({ amount, months, annualBp }) => {
        const monthlyRate = monthlyRateFromAnnual(annualBp);
        const rows = sacSchedule({ amount, months, monthlyRate });
        const base = Math.floor(amount / months);
        const top = base + (amount % months === 0 ? 0 : 1);
        expect(rows.filter((r) => r.amortization !== base && r.amortization !== top)).toEqual([]);
        // Each month's interest falls by amortization × rate; the centavo of the amortization and the
        // rounding of two interests move the step by (2 + rate) centavos at most.
        const step = (amount / months) * monthlyRate;
        const drifts = rows.slice(1).map((r, k) => Math.abs(rows[k]!.installment - r.installment - step));
        expect(Math.max(0, ...drifts)).toBeLessThanOrEqual(2 + monthlyRate + 1e-9);
      }),
    );
  });
  it('PRICE: every installment is the same', () => {
    fc.assert(
      fc.property(loans, ({ amount, months, annualBp }) => {
        const rows = priceSchedule({ amount, months, monthlyRate: monthlyRateFromAnnual(annualBp) });
        expect(new Set(rows.map((r) => r.installment)).size).toBe(1);
        expect(rows.filter((r) => r.interest < 0)).toEqual([]);
      }),
    );
  });
  it('both: the amortizations sum to the amount to the centavo and the balance ends at zero', () => {
    fc.assert(
      fc.property(loans, fc.constantFrom(sacSchedule, priceSchedule), ({ amount, months, annualBp }, schedule) => {
        const rows = schedule({ amount, months, monthlyRate: monthlyRateFromAnnual(annualBp) });
        expect(sum(rows, 'amortization')).toBe(amount);
        expect(rows[rows.length - 1]!.balance).toBe(0);
        const wrong = rows.filter(
          (r) =>
            !Number.isInteger(r.installment) ||
            !Number.isInteger(r.interest) ||
            r.installment !== r.interest + r.amortization,
        );
        expect(wrong).toEqual([]);
      }),
    );
  });
  it('both: the total paid is the amount plus the interest', () => {
    fc.assert(
      fc.property(loans, fc.constantFrom('SAC' as const, 'PRICE' as const), ({ amount, months, annualBp }, system) => {
        const s = summarizeFinancing({ system, amount, months, annualRateBp: annualBp, monthlyIncome: null });
        expect(s.totalPaid - s.totalInterest).toBe(amount);
        expect(s.totalInterest).toBeGreaterThan(0);
      }),
    );
  });
});

describe('summarizeFinancing and the income share', () => {
  const base = { amount: 30_000_000, months: 360, annualRateBp: 1049 };
  it('SAC: first, last, total and the share of the declared income', () => {
    const s = summarizeFinancing({ ...base, system: 'SAC', monthlyIncome: 1_500_000 });
    expect(s).toEqual({
      system: 'SAC',
      firstInstallment: 333_760,
      lastInstallment: 84_029,
      totalPaid: 75_201_989,
      totalInterest: 45_201_989,
      incomeSharePercent: 22.3,
      isIncomeShareAboveLimit: false,
    });
    expect(incomeShareWarning(s)).toBeNull();
  });
  it('warns above 30 % of the declared income, not at 30 % exactly', () => {
    const above = summarizeFinancing({ ...base, system: 'PRICE', monthlyIncome: 800_000 });
    expect(above.incomeSharePercent).toBe(33);
    expect(above.isIncomeShareAboveLimit).toBe(true);
    expect(incomeShareWarning(above)).toBe(
      'A primeira parcela (R$ 2.636,50) compromete 33 % da renda declarada. Os bancos costumam aceitar até 30 %.',
    );
    const exactly = summarizeFinancing({ ...base, system: 'PRICE', monthlyIncome: 878_833 });
    expect(exactly.incomeSharePercent).toBe(30);
    expect(exactly.isIncomeShareAboveLimit).toBe(false);
  });
  it('has no share without a declared income', () => {
    const s = summarizeFinancing({ ...base, system: 'SAC', monthlyIncome: null });
    expect(s.incomeSharePercent).toBeNull();
    expect(incomeShareWarning(s)).toBeNull();
  });
  it('refuses impossible input', () => {
    expect(() => sacSchedule({ amount: 0, months: 12, monthlyRate: 0.01 })).toThrow(RangeError);
    expect(() => priceSchedule({ amount: 100, months: 0, monthlyRate: 0.01 })).toThrow(RangeError);
    expect(() => priceSchedule({ amount: 100.5, months: 1, monthlyRate: 0.01 })).toThrow(RangeError);
  });
});
