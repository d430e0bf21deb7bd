import { STATUS_LABELS, STATUS_TRANSITIONS, type ProposalStatus } from './proposal';

/**
 * What each status of a proposal lets the parties do, written once for the API and the web app
 * (docs/decisions/042-one-lifecycle.md). Each party has its part of the proposal:
 * - the buyers' part (their forms, health declarations) is open while the proposal is being filled
 *   and when the team asks for a correction; the main buyer's "Enviar para análise" closes it;
 * - the seller's part is open also while the proposal waits for the seller: the buyers' sending
 *   never closes it; it closes when the proposal goes to the team;
 * - a correction request reopens both parts until it is answered.
 * Documents are also taken while the team reviews (a refused item reopens there), and that is also
 * when an operator may ask for a correction. A status with no way out is final.
 */
export type PartyRole = 'buyer' | 'seller';

const BUYERS_OPEN: readonly ProposalStatus[] = ['filling', 'pending_correction'];
const SELLER_OPEN: readonly ProposalStatus[] = ['filling', 'awaiting_seller', 'pending_correction'];

/** The buyers' part is open (kept under its older name: the buyers' forms may change). */
export const EDITABLE_STATUSES: readonly ProposalStatus[] = BUYERS_OPEN;
export const OPEN_STATUSES: readonly ProposalStatus[] = [
  'filling',
  'awaiting_seller',
  'under_review',
  'pending_correction',
  'correction_answered',
];
export const FINAL_STATUSES: readonly ProposalStatus[] = (Object.keys(STATUS_TRANSITIONS) as ProposalStatus[]).filter(
  (status) => STATUS_TRANSITIONS[status].length === 0,
);

/** The buyers may change their forms. */
export const isEditableStatus = (status: string): boolean => (EDITABLE_STATUSES as readonly string[]).includes(status);
/** This party may change its forms. */
export const isPartOpen = (status: string, party: PartyRole): boolean =>
  ((party === 'seller' ? SELLER_OPEN : BUYERS_OPEN) as readonly string[]).includes(status);
/** Documents are taken and corrections may be asked for. */
export const isOpenStatus = (status: string): boolean => (OPEN_STATUSES as readonly string[]).includes(status);
/** Nothing changes any more (approved, refused or cancelled). */
export const isFinalStatus = (status: string): boolean => (FINAL_STATUSES as readonly string[]).includes(status);

/** A form sent while the proposal is with the back office (409 proposal_locked). */
export const PROPOSAL_LOCKED_MESSAGE = 'A proposta está em análise e não pode ser alterada agora.';
/** A change the proposal no longer takes at all (409 proposal_closed): documents, the seller's part. */
export const PROPOSAL_CLOSED_MESSAGE = 'Esta proposta não aceita mais alterações.';

/** Why a screen is read-only and what comes next: two sentences a person reads above the form. */
export interface ReadOnlyReason {
  reason: string;
  next: string;
}

const REOPENS = 'Se a equipe pedir uma correção, esta parte volta a ficar aberta e você recebe um e-mail.';

/**
 * Why a party cannot change a screen now, the same logic for buyers and the seller; null when it
 * can. `mayEdit` says whether this person fills this screen at all (a second buyer reads the main
 * buyer's proposal-wide screens, for instance).
 */
export function readOnlyReason(args: {
  status: ProposalStatus;
  party: PartyRole;
  mayEdit: boolean;
}): ReadOnlyReason | null {
  const { status, party } = args;
  if (!args.mayEdit)
    return {
      reason: 'Esta seção é preenchida por outra pessoa da proposta: você pode consultá-la, mas não alterá-la.',
      next: 'Se algo estiver errado, avise quem a preencheu.',
    };
  if (isPartOpen(status, party)) return null;
  switch (status) {
    case 'awaiting_seller':
      return {
        reason: 'A parte dos compradores já foi enviada para análise.',
        next: `A proposta vai para a equipe do portal assim que o vendedor concluir a parte dele. ${REOPENS}`,
      };
    case 'under_review':
      return { reason: 'A proposta está com a equipe do portal, em análise.', next: REOPENS };
    case 'correction_answered':
      return { reason: 'A correção foi respondida e a equipe do portal está conferindo.', next: REOPENS };
    case 'sent_to_bank':
      return {
        reason: 'A proposta foi enviada ao banco.',
        next: 'Você recebe um e-mail quando houver novidade.',
      };
    default:
      return {
        reason: `A proposta está “${STATUS_LABELS[status]}”.`,
        next: 'Ela não muda mais: os dados ficam apenas para consulta.',
      };
  }
}

/**
 * The one status, as a sentence for the person looking (buyer home, seller's list, e-mails): the
 * label is the same for everyone, the sentence says what it means for them.
 */
export function statusSentence(status: ProposalStatus, party: PartyRole): string {
  switch (status) {
    case 'filling':
      return party === 'buyer'
        ? 'A proposta está sendo preenchida. Quando a sua parte estiver pronta, envie-a para análise.'
        : 'A proposta está sendo preenchida. Conclua a sua parte para ela seguir para a análise.';
    case 'awaiting_seller':
      return party === 'buyer'
        ? 'A parte dos compradores foi enviada. A proposta vai para a equipe assim que o vendedor concluir a parte dele.'
        : 'Os compradores já enviaram a parte deles. A proposta vai para a equipe assim que você concluir a sua.';
    case 'under_review':
      return 'A equipe do portal está conferindo os dados e os documentos.';
    case 'pending_correction':
      return 'A equipe do portal pediu uma correção: veja o que falta.';
    case 'correction_answered':
      return 'A correção foi respondida. A equipe do portal está conferindo.';
    case 'sent_to_bank':
      return 'A proposta foi enviada ao banco.';
    default:
      return `A proposta está “${STATUS_LABELS[status]}” e não muda mais.`;
  }
}
