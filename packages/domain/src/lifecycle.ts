import type { ProposalStatus } from './proposal';
import type { Step } from './next-step';

/**
 * The moves the parties make on a proposal (docs/decisions/042-one-lifecycle.md), as pure rules:
 * the main buyer's "Enviar para análise" (or "Reenviar para análise" after a correction), the
 * seller's "Concluir minha parte", and a correction answered. The operator's moves are the
 * machine's operator edges (status-changes.ts).
 */

export const ALREADY_SENT_MESSAGE = 'Esta proposta já foi enviada para análise.';
export const WAITING_SELLER_CORRECTION_MESSAGE =
  'A equipe pediu uma correção também ao vendedor: a proposta volta para a análise quando ele a responder.';

export type Move =
  { ok: true; to: ProposalStatus; reason: string } | { ok: false; code: string; message: string; missing: Step[] };

const notDone = (steps: readonly Step[], party: Step['party']) =>
  steps.filter((s) => s.party === party && s.kind !== 'send' && s.state !== 'done');

/** The seller's part is done: every step of the seller, completion included. */
export const isSellerPartDone = (steps: readonly Step[]) => notDone(steps, 'seller').length === 0;

/**
 * The main buyer sends. While the proposal is being filled: the buyers' part is closed; the proposal
 * goes to the team at once when the seller's part is done, and otherwise waits for the seller
 * (never closing the seller's part). After a correction: re-sent once every step is answered.
 * Refused, naming the steps, while a step of the buyers is missing.
 */
export function sendMove(status: ProposalStatus, steps: readonly Step[]): Move {
  if (status !== 'filling' && status !== 'pending_correction')
    return { ok: false, code: 'already_sent', message: ALREADY_SENT_MESSAGE, missing: [] };
  const missing = notDone(steps, 'buyer');
  if (missing.length)
    return {
      ok: false,
      code: 'steps_missing',
      message: `Antes de enviar, conclua: ${missing.map((s) => s.title).join('; ')}.`,
      missing,
    };
  const sellerDone = isSellerPartDone(steps);
  if (status === 'pending_correction') {
    if (!sellerDone)
      return { ok: false, code: 'seller_correction', message: WAITING_SELLER_CORRECTION_MESSAGE, missing: [] };
    return { ok: true, to: 'correction_answered', reason: 'Correção respondida e reenviada pelo comprador.' };
  }
  return sellerDone
    ? { ok: true, to: 'under_review', reason: 'Enviada para análise pelo comprador.' }
    : {
        ok: true,
        to: 'awaiting_seller',
        reason: 'Parte dos compradores enviada; a proposta aguarda a parte do vendedor.',
      };
}

/** The seller completes their part: a proposal waiting for it goes to the team. */
export function sellerCompleteMove(status: ProposalStatus): ProposalStatus | null {
  return status === 'awaiting_seller' ? 'under_review' : null;
}

/**
 * A party's change answered the last thing asked: with a correction pending, once every step of
 * both parties is done again (the sending aside), the proposal is "Correção respondida".
 */
export function answeredMove(status: ProposalStatus, steps: readonly Step[]): ProposalStatus | null {
  if (status !== 'pending_correction') return null;
  if (!steps.some((s) => s.kind !== 'send')) return null;
  return notDone(steps, 'buyer').length === 0 && isSellerPartDone(steps) ? 'correction_answered' : null;
}
