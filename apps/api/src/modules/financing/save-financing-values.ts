import type { SessionUser } from '@portal/domain/auth';
import { loanToValueError, type FinancingValues } from '@portal/domain/financing-settings';
import { HttpError } from '../../errors';
import type { ProposalsService } from '../proposals/proposals.service';
import type { FinancingRepository } from './financing.repository';
import { loanOf } from './loan';

/**
 * The operator enters the purchase price, the appraisal value and the rate; the loan is checked
 * against the LTV limit of its amortization system (400 `loan_to_value`, on the field compared).
 * Only operators get here (the route's `access: ['operator']`); an unknown proposal is 404. On the
 * proposal core (docs/decisions/059-the-proposal-core.md): the proposal and what its progress reads
 * (the financing settings included) are loaded once; the property's FGTS rules may open or close
 * FGTS forms, so the core stores the percentage computed with the new values, without touching
 * `updated_at` again (the values' write moved it), and refreshes the queue's waits, as the save
 * always did.
 */
export function saveFinancingValues(deps: { repo: FinancingRepository; proposals: ProposalsService }) {
  const { repo } = deps;
  return async (user: SessionUser, proposalId: string, values: FinancingValues, ip: string | null) => {
    const options = { progress: true, touch: false, refreshQueue: true };
    await deps.proposals.withProposal(user, proposalId, options, async (work) => {
      const settings = await work.settings();
      const error = loanToValueError({ ...loanOf(work.loaded.proposal), ...values, limits: settings.ltvLimits });
      if (error) {
        const field = values.appraisalValue === null ? 'propertyValue' : 'appraisalValue';
        throw new HttpError(400, 'loan_to_value', error, { [field]: error });
      }
      const saved = await repo.saveValues(work.tx, proposalId, { ...values, interestRateBp: values.interestRate });
      work.proposalChanged(saved);
      work.audit({
        action: 'financing.values_saved',
        subject: `proposal:${proposalId}`,
        ip,
        detail: JSON.stringify(values),
      });
    });
  };
}
