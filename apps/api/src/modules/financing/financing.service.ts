import type { Kysely } from 'kysely';
import type { SessionUser } from '@portal/domain/auth';
import { todayIso } from '@portal/domain/dates';
import type { FgtsPropertyRuleResult } from '@portal/domain/fgts-property-rules';
import { summarizeFinancing } from '@portal/domain/financing';
import { loanToValueError, type FinancingSettings } from '@portal/domain/financing-settings';
import type { FinancingView } from '@portal/domain/financing-view';
import { fgtsPropertyRulesOf, NO_BUYER } from '@portal/domain/proposal-facts';
import type { Database, ProposalsTable } from '../../db/schema';
import { notFound } from '../../errors';
import { recordAudit } from '../audit/audit';
import type { ProposalsService } from '../proposals/proposals.service';
import { createFinancingRepository } from './financing.repository';
import { findFinancingSettings } from '../proposals/settings';
import { fgtsPropertyInputOf } from '../proposals/proposal-facts';
import { refreshProposalProgress } from '../proposals/proposal-progress';
import { loanOf } from './loan';
import { saveFinancingValues } from './save-financing-values';

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/**
 * The financing's numbers and the property's FGTS rules (docs/decisions/020). Reads go through
 * the proposals repository's access rule (a stranger's or a seller's request is 404); writes are
 * the back office's. `today` is injectable so that tests pin the date.
 */
export function createFinancingService(deps: {
  db: Kysely<Database>;
  proposals: ProposalsService;
  today?: () => string;
}) {
  const repo = createFinancingRepository(deps.db);
  const today = deps.today ?? (() => todayIso());

  async function propertyRules(row: ProposalsTable, settings: FinancingSettings): Promise<FgtsPropertyRuleResult[]> {
    if (row.type !== 'financing') return [];
    const sellerAnswers = await repo.findSectionValues(row.id, 'seller-property-questions', NO_BUYER);
    return fgtsPropertyRulesOf({ proposal: fgtsPropertyInputOf(row), sellerAnswers, settings, today: today() });
  }

  async function monthlyIncome(proposalId: string): Promise<number | null> {
    let total = 0;
    for (const position of await repo.findBuyerPositions(proposalId)) {
      const income = (await repo.findSectionValues(proposalId, 'data', position))?.income;
      if (typeof income === 'number') total += income;
    }
    return total > 0 ? total : null;
  }

  return {
    /** The buyer's (and the back office's) view of the financing; sellers and strangers get 404. */
    async view(user: SessionUser, proposalId: string): Promise<FinancingView> {
      if (user.role === 'seller') throw notFound();
      const { proposal: row } = await deps.proposals.loadProposalFor(user, proposalId);
      const settings = await findFinancingSettings(deps.db);
      const loan = loanOf(row);
      const propertyValue = num(row.property_value);
      const appraisalValue = num(row.appraisal_value);
      const interestRateBp = num(row.interest_rate_bp);
      const income = await monthlyIncome(proposalId);
      return {
        ...loan,
        propertyValue,
        appraisalValue,
        interestRateBp,
        ltvLimit: settings.ltvLimits[loan.system],
        ltvError:
          propertyValue === null
            ? null
            : loanToValueError({ ...loan, propertyValue, appraisalValue, limits: settings.ltvLimits }),
        monthlyIncome: income,
        summary:
          interestRateBp === null
            ? null
            : summarizeFinancing({ ...loan, annualRateBp: interestRateBp, monthlyIncome: income }),
        fgtsPropertyRules: await propertyRules(row, settings),
      };
    },

    /** The FGTS property rules of a proposal (the caller has already been authorized). */
    async fgtsPropertyRules(proposalId: string): Promise<FgtsPropertyRuleResult[]> {
      const row = await repo.findProposalRow(proposalId);
      if (!row) throw notFound();
      return propertyRules(row, await findFinancingSettings(deps.db));
    },

    /** The back office enters the purchase price, the appraisal value and the rate; LTV checked. */
    saveValues: saveFinancingValues({ repo, proposals: deps.proposals }),

    settings: () => findFinancingSettings(deps.db),

    async saveSettings(user: SessionUser, settings: FinancingSettings, ip: string | null) {
      await deps.db.transaction().execute(async (tx) => {
        await repo.saveSettings(tx, settings, user.id);
        // A new SFH ceiling may open or close FGTS forms: refresh the progress of the open proposals.
        // One transaction over many proposals, not a one-proposal use case: it stays on
        // refreshProposalProgress (docs/decisions/059-the-proposal-core.md, "The last hand-written changes").
        for (const id of await repo.findOpenFinancingIds(tx))
          await refreshProposalProgress(tx, id, { touch: false, validityDays: deps.proposals.validityDays });
        await recordAudit(tx, {
          actorId: user.id,
          action: 'financing.settings_saved',
          ip,
          detail: JSON.stringify(settings),
        });
      });
    },
  };
}

export type FinancingService = ReturnType<typeof createFinancingService>;
