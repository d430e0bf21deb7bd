import { formatBrDate } from './dates';
import { describeDatedValue, type DatedValue } from './financing-settings';
import { formatMoney } from './money';

/**
 * The FGTS rules on the property (docs/fgts-rules.md), as data: each reads one fact (a property
 * field the back office keeps, or a seller answer), gives the Portuguese reason shown to the buyer
 * and names its legal source. The buyer's own rules are FGTS_RULES in fgts-sections.ts.
 */

export interface FgtsPropertyFacts {
  /** 'residential' | 'commercial', as registered on the proposal. */
  propertyType: string;
  /** Purchase price and appraisal value, centavos (null until entered). */
  propertyValue: number | null;
  appraisalValue: number | null;
  /** The seller's submitted property questions (null until submitted). */
  sellerAnswers: Record<string, unknown> | null;
  /** The SFH ceiling in force today (from the settings). */
  sfhCeiling: DatedValue | null;
  /** Today, ISO (an injected clock in tests). */
  today: string;
}

export type FgtsRuleOutcome = { status: 'pass' } | { status: 'fail'; reason: string } | { status: 'unknown' };

export interface FgtsPropertyRule {
  id: string;
  /** Where the fact comes from, and what it is, for the back office. */
  fact: { from: 'property' | 'seller'; label: string };
  /** Legal source of the rule. */
  source: string;
  check(facts: FgtsPropertyFacts): FgtsRuleOutcome;
}

/** The years a property bought with FGTS must wait before FGTS can be used to buy it again. */
export const FGTS_RESALE_YEARS = 3;

/** ISO date minus whole years (29 Feb falls back to 28 Feb). */
function yearsBefore(iso: string, years: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const day = m === 2 && d === 29 ? 28 : d;
  return `${String(y - years).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export const FGTS_PROPERTY_RULES: readonly FgtsPropertyRule[] = [
  {
    id: 'sfh_ceiling',
    fact: { from: 'property', label: 'Valor de avaliação do imóvel (o preço de compra enquanto não há avaliação)' },
    source:
      'Lei 8.036/1990, art. 20, VII, "b" (operação financiável nas condições do SFH); teto do SFH fixado pelo Conselho Monetário Nacional',
    check(f) {
      const value = f.appraisalValue ?? f.propertyValue;
      if (value === null || f.sfhCeiling === null) return { status: 'unknown' };
      if (value <= f.sfhCeiling.value) return { status: 'pass' };
      const which = f.appraisalValue === null ? 'O preço de compra' : 'O valor de avaliação';
      return {
        status: 'fail',
        reason: `${which} do imóvel (${formatMoney(value)}) passa do teto do Sistema Financeiro da Habitação, ${describeDatedValue(f.sfhCeiling)}. Acima do teto, o FGTS não pode ser usado na compra.`,
      };
    },
  },
  {
    id: 'residential',
    fact: { from: 'property', label: 'Tipo do imóvel (residencial ou comercial)' },
    source: 'Lei 8.036/1990, art. 20, VII (aquisição de moradia própria); Manual do FGTS — Moradia Própria',
    check(f) {
      if (f.propertyType === 'residential') return { status: 'pass' };
      return {
        status: 'fail',
        reason:
          'O FGTS só pode ser usado na compra de imóvel residencial urbano para a sua moradia; este imóvel está cadastrado como comercial.',
      };
    },
  },
  {
    id: 'seller_fgts_resale',
    fact: { from: 'seller', label: 'Resposta do vendedor: o imóvel foi comprado com FGTS? Em que data?' },
    source:
      'Manual do FGTS — Moradia Própria, conforme as resoluções do Conselho Curador do FGTS (imóvel adquirido com FGTS há menos de 3 anos)',
    check(f) {
      const a = f.sellerAnswers;
      if (!a || (a.bought_with_fgts !== 'yes' && a.bought_with_fgts !== 'no')) return { status: 'unknown' };
      if (a.bought_with_fgts === 'no') return { status: 'pass' };
      const date = typeof a.fgts_purchase_date === 'string' ? a.fgts_purchase_date : null;
      if (date !== null && date <= yearsBefore(f.today, FGTS_RESALE_YEARS)) return { status: 'pass' };
      return {
        status: 'fail',
        reason: `O vendedor informou que comprou o imóvel com FGTS${date ? ` em ${formatBrDate(date)}` : ''}, há menos de ${FGTS_RESALE_YEARS} anos. Um imóvel comprado com FGTS só pode ser comprado de novo com FGTS depois de ${FGTS_RESALE_YEARS} anos.`,
      };
    },
  },
];

/** Whether a buyer may use FGTS, from their answers (and the property's rules, see withPropertyRules). */
export type FgtsEligibility =
  | { status: 'unanswered' }
  | { status: 'not_using' }
  | { status: 'incomplete' }
  | { status: 'eligible' }
  | { status: 'ineligible'; reasons: string[] };

export interface FgtsPropertyRuleResult {
  id: string;
  fact: FgtsPropertyRule['fact'];
  source: string;
  status: FgtsRuleOutcome['status'];
  reason: string | null;
}

/** Every property rule's outcome (the back office sees them all; the buyer sees the failures). */
export function checkFgtsProperty(facts: FgtsPropertyFacts): FgtsPropertyRuleResult[] {
  return FGTS_PROPERTY_RULES.map((rule) => {
    const outcome = rule.check(facts);
    return {
      id: rule.id,
      fact: rule.fact,
      source: rule.source,
      status: outcome.status,
      reason: outcome.status === 'fail' ? outcome.reason : null,
    };
  });
}

export const FGTS_PROPERTY_INELIGIBLE_TITLE = 'O FGTS não pode ser usado na compra deste imóvel';

/**
 * The buyer's verdict with the property's: a buyer who uses FGTS (answered or not yet complete)
 * becomes ineligible when the property fails a rule, with every reason (the buyer's first).
 */
export function withPropertyRules(
  buyer: FgtsEligibility,
  property: readonly FgtsPropertyRuleResult[],
): FgtsEligibility {
  const failed = property.flatMap((r) => (r.status === 'fail' && r.reason ? [r.reason] : []));
  if (!failed.length || buyer.status === 'unanswered' || buyer.status === 'not_using') return buyer;
  return { status: 'ineligible', reasons: [...(buyer.status === 'ineligible' ? buyer.reasons : []), ...failed] };
}
