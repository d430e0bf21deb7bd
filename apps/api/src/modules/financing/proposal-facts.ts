import type { Kysely, Transaction } from 'kysely';
import { todayIso } from '@portal/domain/dates';
import { checkFgtsProperty, type FgtsPropertyRuleResult } from '@portal/domain/fgts-property-rules';
import { valueInForce, type FinancingSettings } from '@portal/domain/financing-settings';
import type { ProposalFacts, Values } from '@portal/domain/section';
import type { Database, ProposalsTable } from '../../db/schema';
import { createFinancingRepository } from './financing.repository';

type Db = Kysely<Database> | Transaction<Database>;

/** Sections not per buyer (proposal-wide and seller sections) are stored with buyer -1. */
const NOT_PER_BUYER = -1;

/** The property's FGTS rules of a proposal (none for a CGI: FGTS is not used there). */
export function fgtsPropertyRulesOf(input: {
  proposal: Pick<ProposalsTable, 'type' | 'property' | 'property_value' | 'appraisal_value'>;
  sellerAnswers: Values | null;
  settings: FinancingSettings;
  today: string;
}): FgtsPropertyRuleResult[] {
  const { proposal, settings, today } = input;
  if (proposal.type !== 'financing') return [];
  const property = JSON.parse(proposal.property) as { type?: string };
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return checkFgtsProperty({
    propertyType: String(property.type ?? ''),
    propertyValue: num(proposal.property_value),
    appraisalValue: num(proposal.appraisal_value),
    sellerAnswers: input.sellerAnswers,
    sfhCeiling: valueInForce(settings.sfhCeilings, today),
    today,
  });
}

/**
 * What decides which sections a proposal needs (progress, "what is left", the document list, the
 * seller's part), built in one place so that every service reads the same facts: the submitted
 * sections, and the property's FGTS rules with the financing settings in force today.
 */
export async function loadProposalFacts(
  db: Db,
  input: {
    proposal: ProposalsTable;
    buyers: number;
    /** The proposal's section rows (at least section, buyer and data). */
    rows: readonly { section: string; buyer: number; data: string | null }[];
  },
  today: string = todayIso(),
): Promise<ProposalFacts> {
  const sectionValues = (key: string, buyer: number | null): Values | null => {
    const row = input.rows.find((r) => r.section === key && r.buyer === (buyer ?? NOT_PER_BUYER));
    return row?.data ? (JSON.parse(row.data) as Values) : null;
  };
  const settings = await createFinancingRepository(db).findSettings(db);
  return {
    buyers: input.buyers,
    type: input.proposal.type,
    sectionValues,
    fgtsPropertyRules: fgtsPropertyRulesOf({
      proposal: input.proposal,
      sellerAnswers: sectionValues('seller-property-questions', null),
      settings,
      today,
    }),
  };
}
