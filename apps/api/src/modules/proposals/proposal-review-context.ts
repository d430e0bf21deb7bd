import type { Transaction } from 'kysely';
import { partiesToNotify, statusChangeError, type Party } from '@portal/domain/backoffice';
import { STATUS_LABELS, type ProposalStatus } from '@portal/domain/proposal';
import { LOGIN_PATH } from '@portal/domain/routes';
import type { ProposalProgress } from '@portal/domain/next-step';
import type { Database, ProposalMembersTable } from '../../db/schema';
import type { Executor } from '../../db/database';
import { HttpError } from '../../errors';
import { moveProposal } from './lifecycle';
import { enqueueMail } from '../mail/outbox';
import { progressMailLines, viewerOf } from '../mail/progress-text';
import type { LoadedProposal, ProposalsService } from './proposals.service';
import { firstName } from '../mail/greeting';

export const CORRECTION_LOCKED =
  'Só é possível pedir correção com a proposta em preenchimento, em análise ou com correção pendente.';
export const SECTION_NOT_SENT = 'Esta seção ainda não foi enviada: não há o que corrigir.';
export const CHANGED_MEANWHILE = 'A proposta mudou enquanto você decidia. Recarregue a página e tente de novo.';

/** What the operator's review of a proposal needs (services.ts). */
export interface ProposalReviewDeps {
  publicUrl: string;
  /** The one proposals service (services.ts): its withProposal runs each change. */
  proposals: ProposalsService;
}

/**
 * What the operator's changes of a proposal share (change-status.ts, change-stage.ts,
 * request-correction.ts): the e-mail to a party and the status moved along one edge.
 */
export function createProposalReviewContext(deps: ProposalReviewDeps) {
  /** E-mails a party (the buyers or the sellers with an account link) about something to do. */
  async function mailParty(
    tx: Executor,
    loaded: LoadedProposal,
    party: Party,
    message: (member: ProposalMembersTable) => { subject: string; text: string },
    only?: ProposalMembersTable[],
  ) {
    const targets = only ?? (party === 'buyer' ? loaded.buyers : loaded.sellers);
    for (const member of targets) {
      const { subject, text } = message(member);
      await enqueueMail(tx, { to: member.email, subject, text, kind: 'proposal_update' });
    }
  }

  const loginUrl = (party: Party) => `${deps.publicUrl}${LOGIN_PATH[party]}`;

  /** Moves the status along one edge of the machine, recorded and (when it asks something) e-mailed. */
  async function applyStatus(
    tx: Transaction<Database>,
    loaded: LoadedProposal,
    args: { to: ProposalStatus; reason: string; actorId: string; ip: string | null; notify: boolean },
    // The status written: the core stores the progress and refreshes the queue (work.statusChanged);
    // the progress it gives back is the one the mail tells (a status change's).
    moved: () => Promise<ProposalProgress | null>,
  ) {
    const from = loaded.proposal.status as ProposalStatus;
    const error = statusChangeError(from, args.to);
    if (error) throw new HttpError(409, 'invalid_transition', error, { status: error });
    const written = await moveProposal(tx, {
      proposalId: loaded.proposal.id,
      from,
      to: args.to,
      actorId: args.actorId,
      reason: args.reason,
      action: 'proposal.status_changed',
      ip: args.ip,
    });
    if (!written) throw new HttpError(409, 'conflict', CHANGED_MEANWHILE);
    const progress = await moved();
    if (args.notify) {
      for (const party of partiesToNotify({ kind: 'status', to: args.to })) {
        await mailParty(tx, loaded, party, (m) => ({
          subject: `Proposta ${loaded.proposal.code}: ${STATUS_LABELS[args.to].toLowerCase()}`,
          text: [
            `Olá, ${firstName(m.name)}.`,
            '',
            `A proposta ${loaded.proposal.code} está agora com a situação “${STATUS_LABELS[args.to]}”. A equipe do Portal de Propostas precisa que você corrija algumas informações.`,
            '',
            `Motivo: ${args.reason}`,
            '',
            ...(progress ? [...progressMailLines(progress, viewerOf(m)), ''] : []),
            `Entre em ${loginUrl(party)} para ver o que falta.`,
          ].join('\n'),
        }));
      }
    }
  }

  return { proposals: deps.proposals, mailParty, loginUrl, applyStatus };
}

export type ProposalReviewContext = ReturnType<typeof createProposalReviewContext>;
