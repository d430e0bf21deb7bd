import type { AmortizationSystem } from '@portal/domain/financing';
import { financingOrCgiDataSchema } from '@portal/domain/proposal';
import type { ProposalsTable } from '../../db/schema';

/** The loan a proposal asks for: its amortization system, amount and number of installments. */
export function loanOf(row: ProposalsTable) {
  const financing = financingOrCgiDataSchema.parse(JSON.parse(row.financing));
  return {
    system: financing.amortizationSystem as AmortizationSystem,
    amount: financing.amount,
    months: financing.installments,
  };
}
