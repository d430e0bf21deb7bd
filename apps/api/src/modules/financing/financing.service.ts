import type { Kysely, Transaction } from 'kysely';
import type { SessionUser } from '@portal/domain/auth';
import { todayIso } from '@portal/domain/dates';
import type { FgtsPropertyRuleResult } from '@portal/domain/fgts-property-rules';
import { summarizeFinancing, type AmortizationSystem } from '@portal/domain/financing';
import { loanToValueError, type FinancingSettings, type FinancingValues } from '@portal/domain/financing-settings';
import type { FinancingView } from '@portal/domain/financing-view';
import { financingOrCgiDataSchema } from '@portal/domain/proposal';
import { fgtsPropertyRulesOf, NO_BUYER } from '@portal/domain/proposal-facts';
import type { Database, ProposalsTable } from '../../db/schema';
import { HttpError, notFound } from '../../errors';
import { recordAudit } from '../audit/audit';
import type { ProposalsService } from '../proposals/proposals.service';
import { createFinancingRepository } from './financing.repository';
import { fgtsPropertyInputOf } from '../proposals/proposal-facts';
import { refreshProposalProgress } from '../proposals/proposal-progress';

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

  function loanOf(row: ProposalsTable) {
    const financing = financingOrCgiDataSchema.parse(JSON.parse(row.financing));
    return {
      system: financing.amortizationSystem as AmortizationSystem,
      amount: financing.amount,
      months: financing.installments,
    };
  }

  async function propertyRules(row: ProposalsTable, settings: FinancingSettings): Promise<FgtsPropertyRuleResult[]> {
    if (row.type !== 'financing') return [];
    const sellerAnswers = await repo.findSectionValues(row.id, 'seller-property-questions', NO_BUYER);
    return fgtsPropertyRulesOf({ proposal: fgtsPropertyInputOf(row), sellerAnswers, settings, today: today() });
  }

  async function refreshFillingStatus(tx: Transaction<Database>, proposalId: string) {
    await refreshProposalProgress(tx, proposalId, { touch: false, validityDays: deps.proposals.validityDays });
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
      const settings = await repo.findSettings();
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
      return propertyRules(row, await repo.findSettings());
    },

    /** The back office enters the purchase price, the appraisal value and the rate; LTV checked. */
    async saveValues(user: SessionUser, proposalId: string, values: FinancingValues, ip: string | null) {
      await deps.db.transaction().execute(async (tx) => {
        const row = await repo.findProposalRow(proposalId, tx);
        if (!row) throw notFound();
        const settings = await repo.findSettings(tx);
        const error = loanToValueError({ ...loanOf(row), ...values, limits: settings.ltvLimits });
        if (error) {
          const field = values.appraisalValue === null ? 'propertyValue' : 'appraisalValue';
          throw new HttpError(400, 'loan_to_value', error, { [field]: error });
        }
        await repo.saveValues(tx, proposalId, { ...values, interestRateBp: values.interestRate });
        // The property's FGTS rules may have changed which FGTS forms are required: refresh the progress.
        await refreshFillingStatus(tx, proposalId);
        await recordAudit(tx, {
          actorId: user.id,
          action: 'financing.values_saved',
          subject: `proposal:${proposalId}`,
          ip,
          detail: JSON.stringify(values),
        });
      });
    },

    settings: () => repo.findSettings(),

    async saveSettings(user: SessionUser, settings: FinancingSettings, ip: string | null) {
      await deps.db.transaction().execute(async (tx) => {
        await repo.saveSettings(tx, settings, user.id);
        // A new SFH ceiling may open or close FGTS forms: refresh the progress of the open proposals.
        for (const id of await repo.findOpenFinancingIds(tx)) await refreshFillingStatus(tx, id);
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
