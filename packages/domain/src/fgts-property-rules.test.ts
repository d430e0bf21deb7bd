import { describe, expect, it } from 'vitest';
import {
  checkFgtsProperty,
  FGTS_PROPERTY_RULES,
  withPropertyRules,
  type FgtsPropertyFacts,
} from './fgts-property-rules';
import { DEFAULT_SFH_CEILINGS, valueInForce } from './financing-settings';

const base: FgtsPropertyFacts = {
  propertyType: 'residential',
  propertyValue: 80_000_000,
  appraisalValue: null,
  sellerAnswers: { bought_with_fgts: 'no' },
  sfhCeiling: valueInForce(DEFAULT_SFH_CEILINGS, '2026-11-23'),
  today: '2026-11-23',
};
const statusOf = (facts: FgtsPropertyFacts, id: string) => checkFgtsProperty(facts).find((r) => r.id === id)!.status;

describe('the FGTS property rules as data', () => {
  it('each rule names the fact it reads and its legal source', () => {
    for (const rule of FGTS_PROPERTY_RULES) {
      expect(['property', 'seller']).toContain(rule.fact.from);
      expect(rule.fact.label.length).toBeGreaterThan(10);
      expect(rule.source).toMatch(/Lei|Manual|Resolu/);
    }
    expect(FGTS_PROPERTY_RULES.map((r) => r.id)).toEqual(['sfh_ceiling', 'residential', 'seller_fgts_resale']);
  });
  it('a compliant property passes every rule', () => {
    expect(checkFgtsProperty(base).map((r) => r.status)).toEqual(['pass', 'pass', 'pass']);
  });
  it('SFH ceiling: the appraisal value when reported, else the purchase price; the ceiling itself passes', () => {
    expect(statusOf({ ...base, propertyValue: 225_000_000 }, 'sfh_ceiling')).toBe('pass');
    expect(statusOf({ ...base, propertyValue: 225_000_001 }, 'sfh_ceiling')).toBe('fail');
    expect(statusOf({ ...base, propertyValue: 240_000_000, appraisalValue: 220_000_000 }, 'sfh_ceiling')).toBe('pass');
    expect(statusOf({ ...base, propertyValue: 200_000_000, appraisalValue: 230_000_000 }, 'sfh_ceiling')).toBe('fail');
    expect(statusOf({ ...base, propertyValue: null }, 'sfh_ceiling')).toBe('unknown');
  });
  it('SFH ceiling: the value in force on the day counts (R$ 1,5 mi before October 2025)', () => {
    const before = {
      ...base,
      propertyValue: 180_000_000,
      today: '2025-06-30',
      sfhCeiling: valueInForce(DEFAULT_SFH_CEILINGS, '2025-06-30'),
    };
    expect(before.sfhCeiling!.value).toBe(150_000_000);
    expect(statusOf(before, 'sfh_ceiling')).toBe('fail');
    expect(statusOf({ ...base, propertyValue: 180_000_000 }, 'sfh_ceiling')).toBe('pass');
  });
  it('residential: a commercial property fails', () => {
    expect(statusOf({ ...base, propertyType: 'commercial' }, 'residential')).toBe('fail');
  });
  it('seller: bought with FGTS less than 3 years ago fails; 3 years ago to the day passes; no answer is unknown', () => {
    const seller = (date: string) => ({
      ...base,
      sellerAnswers: { bought_with_fgts: 'yes', fgts_purchase_date: date },
    });
    expect(statusOf(seller('2024-11-23'), 'seller_fgts_resale')).toBe('fail');
    expect(statusOf(seller('2023-11-24'), 'seller_fgts_resale')).toBe('fail');
    expect(statusOf(seller('2023-11-23'), 'seller_fgts_resale')).toBe('pass');
    expect(statusOf({ ...base, sellerAnswers: null }, 'seller_fgts_resale')).toBe('unknown');
  });
  it("a failing property makes a buyer who uses FGTS ineligible, after the buyer's own reasons", () => {
    const rules = checkFgtsProperty({ ...base, propertyType: 'commercial' });
    expect(withPropertyRules({ status: 'eligible' }, rules)).toEqual({
      status: 'ineligible',
      reasons: [rules[1]!.reason],
    });
    expect(withPropertyRules({ status: 'ineligible', reasons: ['buyer'] }, rules)).toEqual({
      status: 'ineligible',
      reasons: ['buyer', rules[1]!.reason],
    });
    expect(withPropertyRules({ status: 'not_using' }, rules)).toEqual({ status: 'not_using' });
    expect(withPropertyRules({ status: 'eligible' }, checkFgtsProperty(base))).toEqual({ status: 'eligible' });
  });
});
