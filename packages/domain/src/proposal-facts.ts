import { checkFgtsProperty, type FgtsPropertyRuleResult } from './fgts-property-rules';
import { valueInForce, type FinancingSettings } from './financing-settings';
import type { ProposalFacts, Values } from './section';

/**
 * The buyer position stored with a section that is not per buyer (proposal-wide and seller
 * sections): rows of proposal_sections are keyed by (proposal, section, position).
 */
export const NO_BUYER = -1;
/** The stored position of a section: the buyer's, or NO_BUYER. */
export const storedPosition = (buyer: number | null): number => buyer ?? NO_BUYER;
/** The buyer of a stored position: null for a section that is not per buyer. */
export const buyerOfPosition = (position: number): number | null => (position === NO_BUYER ? null : position);

/** A stored section row, as far as the facts need it. */
export interface StoredSection {
  section: string;
  buyer: number;
  /** The submitted values, JSON; null until the section is submitted. */
  data: string | null;
}

/** What the FGTS property rules read of a proposal. */
export interface FgtsPropertyInput {
  type: 'financing' | 'cgi';
  /** The property as stored (propertySchema); only its type is read. */
  property: { type?: unknown };
  /** Purchase price and appraisal value in centavos, null until the back office enters them. */
  propertyValue: number | null;
  appraisalValue: number | null;
}

/** The property's FGTS rules of a proposal (none for a CGI: FGTS is not used there). */
export function fgtsPropertyRulesOf(input: {
  proposal: FgtsPropertyInput;
  sellerAnswers: Values | null;
  settings: FinancingSettings;
  today: string;
}): FgtsPropertyRuleResult[] {
  const { proposal, settings, today } = input;
  if (proposal.type !== 'financing') return [];
  return checkFgtsProperty({
    propertyType: String(proposal.property.type ?? ''),
    propertyValue: proposal.propertyValue,
    appraisalValue: proposal.appraisalValue,
    sellerAnswers: input.sellerAnswers,
    sfhCeiling: valueInForce(settings.sfhCeilings, today),
    today,
  });
}

/**
 * What decides which sections a proposal needs (progress, "what is left", the document list, the
 * seller's part), built by this one function so that every reader sees the same facts: the
 * submitted sections, and the property's FGTS rules with the financing settings in force today.
 */
export function proposalFactsOf(input: {
  proposal: FgtsPropertyInput;
  buyers: number;
  rows: readonly StoredSection[];
  settings: FinancingSettings;
  today: string;
}): ProposalFacts {
  const sectionValues = (key: string, buyer: number | null): Values | null => {
    const row = input.rows.find((r) => r.section === key && r.buyer === storedPosition(buyer));
    return row?.data ? (JSON.parse(row.data) as Values) : null;
  };
  return {
    buyers: input.buyers,
    type: input.proposal.type,
    sectionValues,
    fgtsPropertyRules: fgtsPropertyRulesOf({
      proposal: input.proposal,
      sellerAnswers: sectionValues('seller-property-questions', null),
      settings: input.settings,
      today: input.today,
    }),
  };
}
