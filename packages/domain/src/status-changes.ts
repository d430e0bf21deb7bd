import { z } from 'zod';
import { requiredText } from './fields';
import {
  PROPOSAL_STAGES,
  PROPOSAL_STATUSES,
  STAGE_LABELS,
  STATUS_LABELS,
  canTransition,
  type ProposalStage,
  type ProposalStatus,
} from './proposal';

/** Status and stage changes: which the machine allows, the Portuguese refusals, and the operator's reasons. */

/**
 * The statuses an operator may still move the proposal out of, and change its stage in: every one
 * but the final ones, sent_to_bank included (not proposal-status.ts's OPEN_STATUSES, where the
 * proposal takes documents and corrections).
 */
const CHANGEABLE_STATUSES: readonly ProposalStatus[] = [
  'filling',
  'awaiting_seller',
  'under_review',
  'pending_correction',
  'correction_answered',
  'sent_to_bank',
];

const quoted = (s: string) => `“${s}”`;

/** Why an operator's status change is refused, in Portuguese; null when the machine lets an operator take that edge. */
export function statusChangeError(from: ProposalStatus, to: ProposalStatus): string | null {
  if (canTransition(from, to, 'operator')) return null;
  if (from === to) return `A proposta já está ${quoted(STATUS_LABELS[from])}.`;
  if (!CHANGEABLE_STATUSES.includes(from))
    return `A proposta está ${quoted(STATUS_LABELS[from])} e não muda mais de situação.`;
  if (canTransition(from, to))
    return `A proposta passa para ${quoted(STATUS_LABELS[to])} quando os compradores ou o vendedor enviam a parte deles, não pela equipe.`;
  return `Não é possível passar a proposta de ${quoted(STATUS_LABELS[from])} para ${quoted(STATUS_LABELS[to])}.`;
}

/**
 * Stages follow the bank's order (registration → credit analysis → appraisal → legal → contract):
 * one step forward, or one back to fix a mistake, while the proposal is open.
 */
export function stageChangeError(status: ProposalStatus, from: ProposalStage, to: ProposalStage): string | null {
  if (!CHANGEABLE_STATUSES.includes(status))
    return `A proposta está ${quoted(STATUS_LABELS[status])} e não muda mais de etapa.`;
  if (from === to) return `A proposta já está na etapa ${quoted(STAGE_LABELS[from])}.`;
  const distance = PROPOSAL_STAGES.indexOf(to) - PROPOSAL_STAGES.indexOf(from);
  if (Math.abs(distance) !== 1) {
    return `A etapa muda uma de cada vez: de ${quoted(STAGE_LABELS[from])} só para a seguinte ou a anterior.`;
  }
  return null;
}

/** The statuses an operator may move the proposal to. */
export function nextStatuses(from: ProposalStatus): ProposalStatus[] {
  return PROPOSAL_STATUSES.filter((to) => canTransition(from, to, 'operator'));
}

export function nextStages(status: ProposalStatus, from: ProposalStage): ProposalStage[] {
  return PROPOSAL_STAGES.filter((to) => stageChangeError(status, from, to) === null);
}

const reason = requiredText(1000, { multiline: true }).refine((v) => v.length >= 5, {
  error: 'Explique o motivo em pelo menos 5 caracteres',
});

export const statusChangeSchema = z.strictObject({ status: z.enum(PROPOSAL_STATUSES), reason });
export const stageChangeSchema = z.strictObject({ stage: z.enum(PROPOSAL_STAGES), reason });
export const correctionRequestSchema = z.strictObject({
  /** Buyer position for per-buyer sections; absent for proposal and seller sections. */
  buyer: z.number().int().min(0).max(1).optional(),
  note: reason,
});
