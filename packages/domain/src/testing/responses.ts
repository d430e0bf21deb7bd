import type { Proposal } from '../proposal';

/**
 * Response bodies the domain's schema tests share: realistic answers of the API (test data only;
 * this folder is left out of mutation testing).
 */

/** The insurance overview of a proposal with two buyers, seen by the first of them (buyer 1). */
export const INSURANCE_OVERVIEW = {
  proposalId: 'p1',
  proposalCode: 'PF-2026-000123',
  proposalType: 'financing',
  insurer: 'itau',
  insurerName: 'Itaú Seguros',
  canEdit: true,
  consentVersion: '2026-01',
  declarationVersion: '2026-01',
  totalQuestions: 12,
  me: {
    buyer: 1,
    consent: { version: '2026-01', grantedAt: '2026-06-15T12:00:00.000Z' },
    answered: ['weight', 'height'],
    completed: false,
    completedAt: null,
  },
  buyers: [
    { buyer: 1, name: 'Ana Souza', hasAccount: true, status: 'in_progress' },
    { buyer: 2, name: 'Bruno Lima', hasAccount: false, status: 'not_started' },
  ],
};

/** The main buyer of a proposal, as the API lists the customers. */
export const CUSTOMER = { id: 'c1', position: 0, name: 'Maria Silva', email: 'maria@example.com', cpf: '52998224725' };

/** A financing proposal still being filled in, as its buyer reads it. */
export const PROPOSAL = {
  id: 'p1',
  code: 'FIN-2026-000001',
  fillingStatus: 40,
  type: 'financing',
  status: 'filling',
  stage: 'registration',
  customers: [CUSTOMER],
  customerData: CUSTOMER,
  property: { type: 'residential', kind: 'apartment', zipCode: '01310100', uf: 'SP', city: 'São Paulo' },
  financingOrCgiData: {
    amortizationSystem: 'SAC',
    amount: 50_000_000,
    feeType: 'fixed',
    installments: 360,
    insuranceCompanyName: 'itau',
    product: 'SFH',
  },
  updatedAt: '2026-06-15T12:00:00.000Z',
} satisfies Proposal;
