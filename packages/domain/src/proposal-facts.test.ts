import { describe, expect, it } from 'vitest';
import { DEFAULT_LTV_LIMITS, DEFAULT_SFH_CEILINGS, type FinancingSettings } from './financing-settings';
import { buyerOfPosition, fgtsPropertyRulesOf, NO_BUYER, proposalFactsOf, storedPosition } from './proposal-facts';

const settings: FinancingSettings = {
  sfhCeilings: [
    { from: '2025-01-01', value: 150_000_000, source: 'Resolução antiga' },
    { from: '2025-10-01', value: 225_000_000, source: 'Resolução CMN 5.255/2025' },
  ],
  ltvLimits: { ...DEFAULT_LTV_LIMITS },
};
const financing = {
  type: 'financing' as const,
  property: { type: 'residential' },
  propertyValue: 200_000_000,
  appraisalValue: null,
};
const rows = [
  { section: 'data', buyer: 0, data: JSON.stringify({ name: 'Maria Silva' }) },
  { section: 'data', buyer: 1, data: null },
  { section: 'seller-property-questions', buyer: NO_BUYER, data: JSON.stringify({ bought_with_fgts: 'no' }) },
];
const statuses = (rules: { id: string; status: string }[]) => Object.fromEntries(rules.map((r) => [r.id, r.status]));

describe('stored positions', () => {
  it('stores sections that are not per buyer at -1', () => {
    expect(NO_BUYER).toBe(-1);
    expect(storedPosition(null)).toBe(-1);
    expect(storedPosition(0)).toBe(0);
    expect(storedPosition(1)).toBe(1);
    expect(buyerOfPosition(-1)).toBeNull();
    expect(buyerOfPosition(0)).toBe(0);
    expect(buyerOfPosition(1)).toBe(1);
  });
});

describe('fgtsPropertyRulesOf', () => {
  it('has no rule for a CGI', () => {
    expect(
      fgtsPropertyRulesOf({
        proposal: { ...financing, type: 'cgi' },
        sellerAnswers: null,
        settings,
        today: '2026-06-15',
      }),
    ).toEqual([]);
  });

  it('checks the value against the SFH ceiling in force today', () => {
    const today = fgtsPropertyRulesOf({ proposal: financing, sellerAnswers: null, settings, today: '2026-06-15' });
    expect(statuses(today)).toEqual({ sfh_ceiling: 'pass', residential: 'pass', seller_fgts_resale: 'unknown' });
    // Before the new ceiling, the older (lower) one is in force and the same value passes it.
    const before = fgtsPropertyRulesOf({ proposal: financing, sellerAnswers: null, settings, today: '2025-06-15' });
    expect(statuses(before)).toEqual({ sfh_ceiling: 'fail', residential: 'pass', seller_fgts_resale: 'unknown' });
    expect(before.find((r) => r.id === 'sfh_ceiling')!.reason).toContain('R$ 2.000.000,00');
  });

  it('reads the property type and the seller’s answers', () => {
    const rules = fgtsPropertyRulesOf({
      proposal: { ...financing, property: { type: 'commercial' } },
      sellerAnswers: { bought_with_fgts: 'no' },
      settings: { ...settings, sfhCeilings: [...DEFAULT_SFH_CEILINGS] },
      today: '2026-06-15',
    });
    expect(statuses(rules)).toEqual({ sfh_ceiling: 'pass', residential: 'fail', seller_fgts_resale: 'pass' });
    const untyped = fgtsPropertyRulesOf({
      proposal: { ...financing, property: {} },
      sellerAnswers: null,
      settings,
      today: '2026-06-15',
    });
    expect(statuses(untyped).residential).toBe('fail');
  });
});

describe('proposalFactsOf', () => {
  const facts = proposalFactsOf({ proposal: financing, buyers: 2, rows, settings, today: '2026-06-15' });

  it('carries the buyers and the type', () => {
    expect(facts.buyers).toBe(2);
    expect(facts.type).toBe('financing');
  });

  it('reads the submitted values of each section, by buyer or for the whole proposal', () => {
    expect(facts.sectionValues('data', 0)).toEqual({ name: 'Maria Silva' });
    expect(facts.sectionValues('data', 1)).toBeNull();
    expect(facts.sectionValues('data', null)).toBeNull();
    expect(facts.sectionValues('seller-property-questions', null)).toEqual({ bought_with_fgts: 'no' });
    expect(facts.sectionValues('seller-property-questions', 0)).toBeNull();
    expect(facts.sectionValues('address', 0)).toBeNull();
  });

  it('runs the FGTS property rules with the seller’s answers', () => {
    expect(statuses([...facts.fgtsPropertyRules])).toEqual({
      sfh_ceiling: 'pass',
      residential: 'pass',
      seller_fgts_resale: 'pass',
    });
    const cgi = proposalFactsOf({
      proposal: { ...financing, type: 'cgi' },
      buyers: 1,
      rows: [],
      settings,
      today: '2026-06-15',
    });
    expect(cgi.fgtsPropertyRules).toEqual([]);
    expect(cgi.type).toBe('cgi');
  });
});
