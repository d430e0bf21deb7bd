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
  it('each rule names, for the back office, the fact it reads and its legal source', () => {
    expect(FGTS_PROPERTY_RULES.map((r) => [r.id, r.fact.from, r.fact.label, r.source])).toEqual([
      [
        'sfh_ceiling',
        'property',
        'Valor de avaliação do imóvel (o preço de compra enquanto não há avaliação)',
        'Lei 8.036/1990, art. 20, VII, "b" (operação financiável nas condições do SFH); teto do SFH fixado pelo Conselho Monetário Nacional',
      ],
      [
        'residential',
        'property',
        'Tipo do imóvel (residencial ou comercial)',
        'Lei 8.036/1990, art. 20, VII (aquisição de moradia própria); Manual do FGTS — Moradia Própria',
      ],
      [
        'seller_fgts_resale',
        'seller',
        'Resposta do vendedor: o imóvel foi comprado com FGTS? Em que data?',
        'Manual do FGTS — Moradia Própria, conforme as resoluções do Conselho Curador do FGTS (imóvel adquirido com FGTS há menos de 3 anos)',
      ],
    ]);
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

describe('the FGTS property rules: boundaries and the reasons the buyer reads', () => {
  const reasonOf = (facts: FgtsPropertyFacts, id: string) => checkFgtsProperty(facts).find((r) => r.id === id)!.reason;
  const seller = (today: string, date: string | undefined) => ({
    ...base,
    today,
    sellerAnswers:
      date === undefined ? { bought_with_fgts: 'yes' } : { bought_with_fgts: 'yes', fgts_purchase_date: date },
  });

  it('SFH ceiling: the reason names the value that counts and the ceiling in force', () => {
    expect(reasonOf({ ...base, propertyValue: 230_000_000 }, 'sfh_ceiling')).toBe(
      'O preço de compra do imóvel (R$ 2.300.000,00) passa do teto do Sistema Financeiro da Habitação, R$ 2.250.000,00 (em vigor desde 01/10/2025). Acima do teto, o FGTS não pode ser usado na compra.',
    );
    expect(reasonOf({ ...base, propertyValue: 200_000_000, appraisalValue: 230_000_000 }, 'sfh_ceiling')).toBe(
      'O valor de avaliação do imóvel (R$ 2.300.000,00) passa do teto do Sistema Financeiro da Habitação, R$ 2.250.000,00 (em vigor desde 01/10/2025). Acima do teto, o FGTS não pode ser usado na compra.',
    );
  });
  it('SFH ceiling: unknown without a ceiling in force; the appraisal alone is enough', () => {
    expect(statusOf({ ...base, sfhCeiling: null }, 'sfh_ceiling')).toBe('unknown');
    expect(statusOf({ ...base, propertyValue: null, appraisalValue: 230_000_000 }, 'sfh_ceiling')).toBe('fail');
    expect(statusOf({ ...base, propertyValue: null, appraisalValue: 225_000_000 }, 'sfh_ceiling')).toBe('pass');
  });
  it('residential: the reason the buyer reads', () => {
    expect(reasonOf({ ...base, propertyType: 'commercial' }, 'residential')).toBe(
      'O FGTS só pode ser usado na compra de imóvel residencial urbano para a sua moradia; este imóvel está cadastrado como comercial.',
    );
  });
  it.each([
    // 3 years to the day passes, one day less fails; month and day compare as numbers, not text.
    ['2026-03-05', '2023-03-05', 'pass'],
    ['2026-03-05', '2023-03-06', 'fail'],
    ['2026-03-05', '2023-10-01', 'fail'],
    ['2026-11-05', '2023-11-10', 'fail'],
    ['2026-11-05', '2023-11-04', 'pass'],
    ['2026-01-29', '2023-01-29', 'pass'],
    ['2026-01-29', '2023-01-30', 'fail'],
    // Only 29 February falls back: any other day of February counts from the same day.
    ['2026-02-15', '2023-02-15', 'pass'],
    ['2026-02-15', '2023-02-20', 'fail'],
    // On 29 February the three years count from 28 February.
    ['2028-02-29', '2025-02-28', 'pass'],
    ['2028-02-29', '2025-03-01', 'fail'],
  ])('seller: today %s, bought with FGTS on %s → %s', (today, date, status) => {
    expect(statusOf(seller(today, date), 'seller_fgts_resale')).toBe(status);
  });
  it('seller: the reason names the purchase date when given, and the three years', () => {
    expect(reasonOf(seller('2026-11-23', '2024-11-23'), 'seller_fgts_resale')).toBe(
      'O vendedor informou que comprou o imóvel com FGTS em 23/11/2024, há menos de 3 anos. Um imóvel comprado com FGTS só pode ser comprado de novo com FGTS depois de 3 anos.',
    );
    expect(reasonOf(seller('2026-11-23', undefined), 'seller_fgts_resale')).toBe(
      'O vendedor informou que comprou o imóvel com FGTS, há menos de 3 anos. Um imóvel comprado com FGTS só pode ser comprado de novo com FGTS depois de 3 anos.',
    );
  });
  it('seller: a purchase date that is not a date text counts as not given', () => {
    const facts = { ...base, sellerAnswers: { bought_with_fgts: 'yes', fgts_purchase_date: 20_231_123 } };
    expect(statusOf(facts, 'seller_fgts_resale')).toBe('fail');
    expect(reasonOf(facts, 'seller_fgts_resale')).toMatch(
      /^O vendedor informou que comprou o imóvel com FGTS, há menos/,
    );
  });
  it.each([[{}], [{ bought_with_fgts: 'maybe' }], [{ bought_with_fgts: true }]])(
    'seller: an answer other than yes or no (%j) is unknown',
    (answers) => {
      expect(statusOf({ ...base, sellerAnswers: answers }, 'seller_fgts_resale')).toBe('unknown');
    },
  );
  it('each result carries the rule, its fact and source; a reason only when it fails', () => {
    const [ceiling, residential] = checkFgtsProperty({ ...base, propertyType: 'commercial' });
    expect(ceiling).toEqual({
      id: 'sfh_ceiling',
      fact: FGTS_PROPERTY_RULES[0]!.fact,
      source: FGTS_PROPERTY_RULES[0]!.source,
      status: 'pass',
      reason: null,
    });
    expect(residential!.reason).toMatch(/^O FGTS só pode ser usado/);
    expect(checkFgtsProperty({ ...base, sellerAnswers: null })[2]!.reason).toBeNull();
  });
  it('a buyer still filling in who uses FGTS becomes ineligible; one who has not answered does not', () => {
    const rules = checkFgtsProperty({ ...base, propertyType: 'commercial' });
    expect(withPropertyRules({ status: 'incomplete' }, rules)).toEqual({
      status: 'ineligible',
      reasons: [rules[1]!.reason],
    });
    expect(withPropertyRules({ status: 'unanswered' }, rules)).toEqual({ status: 'unanswered' });
    // Only failures count, whatever else a result (as the API sends it) carries.
    const noted = [{ ...rules[0]!, status: 'pass' as const, reason: 'nota' }];
    expect(withPropertyRules({ status: 'eligible' }, noted)).toEqual({ status: 'eligible' });
    const unknownOnly = checkFgtsProperty({ ...base, propertyValue: null, sellerAnswers: null });
    expect(withPropertyRules({ status: 'eligible' }, unknownOnly)).toEqual({ status: 'eligible' });
  });
});
