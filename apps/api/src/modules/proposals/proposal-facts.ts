import { todayIso } from '@portal/domain/dates';
import { proposalFactsOf, type FgtsPropertyInput, type StoredSection } from '@portal/domain/proposal-facts';
import type { ProposalFacts } from '@portal/domain/section';
import type { Executor } from '../../db/database';
import type { ProposalsTable } from '../../db/schema';
import { findFinancingSettings } from './settings';

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** What the FGTS property rules read of a stored proposal. */
export function fgtsPropertyInputOf(
  row: Pick<ProposalsTable, 'type' | 'property' | 'property_value' | 'appraisal_value'>,
): FgtsPropertyInput {
  return {
    type: row.type,
    property: JSON.parse(row.property) as { type?: unknown },
    propertyValue: num(row.property_value),
    appraisalValue: num(row.appraisal_value),
  };
}

/**
 * A proposal's facts (packages/domain/src/proposal-facts.ts) with the financing settings in force:
 * every module that needs them reads them here.
 */
export async function loadProposalFacts(
  db: Executor,
  input: { proposal: ProposalsTable; buyers: number; rows: readonly StoredSection[] },
  today: string = todayIso(),
): Promise<ProposalFacts> {
  const settings = await findFinancingSettings(db);
  return proposalFactsOf({
    proposal: fgtsPropertyInputOf(input.proposal),
    buyers: input.buyers,
    rows: input.rows,
    settings,
    today,
  });
}
