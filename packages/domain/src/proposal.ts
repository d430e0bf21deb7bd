import { z } from 'zod';
import {
  AMORTIZATION_SYSTEMS,
  INSURERS,
  PROPERTY_KINDS,
  PROPOSAL_STAGES,
  PROPOSAL_STATUSES,
  PROPOSAL_TYPES,
} from './proposal-values';

/** Proposal entity (docs/product/forms.md). Money in integer centavos. */
export * from './proposal-values';

export const customerSchema = z.object({
  id: z.string(),
  position: z.number().int().min(0).max(1),
  name: z.string(),
  /** Only for the customer themself and for operators; null otherwise. */
  email: z.string().nullable(),
  cpf: z.string().nullable(),
});
export type Customer = z.infer<typeof customerSchema>;

export const propertySchema = z.object({
  type: z.enum(['residential', 'commercial']),
  kind: z.enum(PROPERTY_KINDS),
  zipCode: z.string(),
  uf: z.string().length(2),
  city: z.string(),
});

export const financingOrCgiDataSchema = z.object({
  amortizationSystem: z.enum(AMORTIZATION_SYSTEMS),
  /** centavos */
  amount: z.number().int().nonnegative(),
  feeType: z.enum(['fixed', 'tr', 'ipca', 'poupanca']),
  installments: z.number().int().min(1).max(420),
  insuranceCompanyName: z.enum(INSURERS),
  product: z.string(),
});

export const proposalSchema = z.object({
  id: z.string(),
  code: z.string(),
  /** Filling progress of the proposal, 0 to 100 (percent of required sections done). */
  fillingStatus: z.number().int().min(0).max(100),
  type: z.enum(PROPOSAL_TYPES),
  status: z.enum(PROPOSAL_STATUSES),
  stage: z.enum(PROPOSAL_STAGES),
  /** First is the main customer, second the second customer (docs/product/forms.md). */
  customers: z.array(customerSchema),
  /** The caller's own entry among the customers, null for sellers and operators. */
  customerData: customerSchema.nullable(),
  property: propertySchema,
  financingOrCgiData: financingOrCgiDataSchema,
  updatedAt: z.string(),
});
export type Proposal = z.infer<typeof proposalSchema>;

/**
 * What a seller's screens show of a proposal, and all the API gives a seller (data minimisation,
 * LGPD art. 6 III): the code, type, status and stage, where the property is, and the buyers' names.
 * No financing terms (amount, installments, insurer, …), no buyer's e-mail or CPF, no filling
 * progress of the buyers' forms. See docs/decisions/008-seller-portal.md.
 */
export const sellerProposalSchema = z.object({
  id: z.string(),
  code: z.string(),
  type: z.enum(PROPOSAL_TYPES),
  status: z.enum(PROPOSAL_STATUSES),
  stage: z.enum(PROPOSAL_STAGES),
  customers: z.array(customerSchema.pick({ id: true, position: true, name: true })),
  property: propertySchema.pick({ kind: true, city: true, uf: true }),
});
export type SellerProposal = z.infer<typeof sellerProposalSchema>;

/** A proposal as a seller may see it (built field by field: a new proposal field stays out). */
export function toSellerProposal(p: Proposal): SellerProposal {
  return {
    id: p.id,
    code: p.code,
    type: p.type,
    status: p.status,
    stage: p.stage,
    customers: p.customers.map((c) => ({ id: c.id, position: c.position, name: c.name })),
    property: { kind: p.property.kind, city: p.property.city, uf: p.property.uf },
  };
}
