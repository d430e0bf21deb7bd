/**
 * The proposal's fixed values (types, statuses and their edges, stages, insurers, property kinds)
 * and their labels, without the schema library: screens that only show a label import this module,
 * and load no schema (docs/decisions/056-low-tier-phones.md). proposal.ts re-exports all of it with
 * the proposal's schemas (docs/product/forms.md).
 */
export const PROPOSAL_TYPES = ['financing', 'cgi'] as const;
export const PROPOSAL_TYPE_LABELS: Record<(typeof PROPOSAL_TYPES)[number], string> = {
  financing: 'Financiamento imobiliário',
  cgi: 'Crédito com garantia de imóvel (CGI)',
};

/**
 * Status machine (docs/product/back-office.md, docs/decisions/042-one-lifecycle.md): the one status
 * of a proposal, shown the same to buyers, seller and operators. It moves only along these edges,
 * and each edge says who may take it:
 *
 *   filling → awaiting_seller (main buyer sends, the seller's part is still open)
 *   filling → under_review (main buyer sends with the seller's part done; or an operator)
 *   awaiting_seller → under_review (the seller completes their part)
 *   awaiting_seller → filling (an operator reopens the buyers' part, e.g. a correction)
 *   under_review → pending_correction | sent_to_bank (operator)
 *   pending_correction → correction_answered (the parties answer every correction, or re-send)
 *   pending_correction → under_review (operator)
 *   correction_answered → under_review | pending_correction | sent_to_bank (operator)
 *   sent_to_bank → approved | rejected (operator)
 *   cancelled from any open state (operator)
 */
export const PROPOSAL_STATUSES = [
  'filling',
  'awaiting_seller',
  'under_review',
  'pending_correction',
  'correction_answered',
  'sent_to_bank',
  'approved',
  'rejected',
  'cancelled',
] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

export const STATUS_LABELS: Record<ProposalStatus, string> = {
  filling: 'Em preenchimento',
  awaiting_seller: 'Aguardando o vendedor',
  under_review: 'Em análise',
  pending_correction: 'Correção pendente',
  correction_answered: 'Correção respondida',
  sent_to_bank: 'Enviada ao banco',
  approved: 'Aprovada',
  rejected: 'Recusada',
  cancelled: 'Cancelada',
};

/** Who moves a proposal: its buyers (the main buyer sends), its seller, or an operator. */
export type StatusActor = 'buyer' | 'seller' | 'operator';

const OPERATOR = ['operator'] as const;
/** Every edge of the machine and who may take it. */
export const STATUS_EDGES: Record<ProposalStatus, Partial<Record<ProposalStatus, readonly StatusActor[]>>> = {
  filling: { awaiting_seller: ['buyer'], under_review: ['buyer', 'operator'], cancelled: OPERATOR },
  awaiting_seller: { under_review: ['seller'], filling: OPERATOR, cancelled: OPERATOR },
  under_review: { pending_correction: OPERATOR, sent_to_bank: OPERATOR, cancelled: OPERATOR },
  pending_correction: {
    correction_answered: ['buyer', 'seller'],
    under_review: OPERATOR,
    cancelled: OPERATOR,
  },
  correction_answered: {
    under_review: OPERATOR,
    pending_correction: OPERATOR,
    sent_to_bank: OPERATOR,
    cancelled: OPERATOR,
  },
  sent_to_bank: { approved: OPERATOR, rejected: OPERATOR, cancelled: OPERATOR },
  approved: {},
  rejected: {},
  cancelled: {},
};

/** The statuses each status may move to, by anyone, in the order of PROPOSAL_STATUSES. */
export const STATUS_TRANSITIONS: Record<ProposalStatus, readonly ProposalStatus[]> = Object.fromEntries(
  PROPOSAL_STATUSES.map((from) => [from, PROPOSAL_STATUSES.filter((to) => STATUS_EDGES[from][to] !== undefined)]),
) as unknown as Record<ProposalStatus, readonly ProposalStatus[]>;

/** The edge exists (and, given an actor, that actor may take it). */
export function canTransition(from: ProposalStatus, to: ProposalStatus, by?: StatusActor): boolean {
  const actors = STATUS_EDGES[from]?.[to];
  return actors !== undefined && (by === undefined || actors.includes(by));
}

export const PROPOSAL_STAGES = ['registration', 'credit_analysis', 'appraisal', 'legal', 'contract'] as const;
export type ProposalStage = (typeof PROPOSAL_STAGES)[number];
export const STAGE_LABELS: Record<ProposalStage, string> = {
  registration: 'Cadastro',
  credit_analysis: 'Análise de crédito',
  appraisal: 'Avaliação do imóvel',
  legal: 'Análise jurídica',
  contract: 'Contrato',
};

export const AMORTIZATION_SYSTEMS = ['SAC', 'PRICE'] as const;
export const INSURERS = ['itau', 'tokio'] as const;
export const INSURER_LABELS: Record<(typeof INSURERS)[number], string> = {
  itau: 'Itaú Seguros',
  tokio: 'Tokio Marine',
};

export const PROPERTY_KINDS = ['apartment', 'house', 'land', 'room'] as const;
export const PROPERTY_KIND_LABELS: Record<(typeof PROPERTY_KINDS)[number], string> = {
  apartment: 'Apartamento',
  house: 'Casa',
  land: 'Terreno',
  room: 'Sala',
};
