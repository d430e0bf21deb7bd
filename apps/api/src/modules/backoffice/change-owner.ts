import type { SessionUser } from '@portal/domain/auth';
import { HttpError } from '../../errors';
import { enqueueMail } from '../mail/outbox';
import type { ProposalsService } from '../proposals/proposals.service';
import { setProposalOwner } from '../proposals/queries/queue-waits';
import { firstName } from '../mail/greeting';

const NOT_AN_OPERATOR = 'Escolha um operador ativo da equipe.';

/** The e-mail to the operator a proposal is handed to ("Passar para…"). */
function handOverMail(args: {
  to: { name: string; email: string };
  from: { name: string };
  proposal: { id: string; code: string };
  publicUrl: string;
}) {
  const first = firstName(args.to.name);
  return {
    to: args.to.email,
    kind: 'proposal_handover',
    subject: `Proposta ${args.proposal.code} passada para você — Portal de Propostas`,
    text: [
      `Olá, ${first}.`,
      '',
      `${args.from.name} passou para você a proposta ${args.proposal.code}: agora você é o responsável por ela na equipe.`,
      '',
      `Abra a proposta em ${args.publicUrl}/backoffice/proposals/${args.proposal.id}`,
      '',
      'Ela também aparece na sua fila, em "Responsável: eu".',
    ].join('\n'),
  };
}

/**
 * Makes `operatorId` the proposal's responsible (docs/decisions/050-operator-queue.md): the caller
 * ("Assumir") or another active operator ("Passar para…", who is e-mailed). Audited; the queue's
 * copy of the responsible changes in the same transaction. On the proposal core
 * (docs/decisions/059-the-proposal-core.md): the responsible moves no step and leaves the
 * proposal's `updated_at` as it was.
 */
export function changeOwner(deps: { proposals: ProposalsService; publicUrl: string }) {
  return async (operator: SessionUser, proposalId: string, operatorId: string, ip: string | null) => {
    await deps.proposals.withProposal(operator, proposalId, {}, async ({ tx, loaded, audit, mailQueued }) => {
      const { proposal } = loaded;
      const target = await tx
        .selectFrom('users')
        .select(['id', 'name', 'email', 'password_hash'])
        .where('id', '=', operatorId)
        .where('role', '=', 'operator')
        .executeTakeFirst();
      if (!target || target.password_hash === null)
        throw new HttpError(400, 'validation', NOT_AN_OPERATOR, { operatorId: NOT_AN_OPERATOR });
      if (proposal.owner_id === target.id) return;
      await setProposalOwner(tx, { proposalId, ownerId: target.id, now: Date.now() });
      await tx
        .updateTable('proposal_waits')
        .set({ owner_id: target.id })
        .where('proposal_id', '=', proposalId)
        .execute();
      const self = target.id === operator.id;
      audit({
        action: self ? 'proposal.owner_taken' : 'proposal.owner_handed_over',
        subject: `proposal:${proposalId}`,
        ip,
        detail: `${proposal.owner_id ?? '—'} → ${target.id}`,
      });
      if (self) return;
      await enqueueMail(tx, handOverMail({ to: target, from: operator, proposal, publicUrl: deps.publicUrl }));
      mailQueued();
    });
  };
}
