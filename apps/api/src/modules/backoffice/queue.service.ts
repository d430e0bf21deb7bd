import type { Kysely } from 'kysely';
import type { SessionUser } from '@portal/domain/auth';
import type { ProposalOwner, QueuePage, queueQuerySchema } from '@portal/domain/backoffice-queue';
import type { z } from 'zod';
import type { Database } from '../../db/schema';
import { HttpError, notFound } from '../../errors';
import { recordAudit } from '../audit/audit';
import { enqueueMail, type Mailer } from '../mail/outbox';
import { createQueueRepository } from '../proposals/queries/queue';
import { findOwner, findProposalForHandover, setProposalOwner } from '../proposals/queries/queue-waits';

const NOT_AN_OPERATOR = 'Escolha um operador ativo da equipe.';

/** The e-mail to the operator a proposal is handed to ("Passar para…"). */
export function handOverMail(args: {
  to: { name: string; email: string };
  from: { name: string };
  proposal: { id: string; code: string };
  publicUrl: string;
}) {
  const first = args.to.name.split(' ')[0];
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
 * "Minha fila" and the proposal's responsible (docs/decisions/050-operator-queue.md). Operators only
 * (the routes check the role); the responsible is never part of a buyer's or seller's answer.
 */
export function createQueueService(deps: { db: Kysely<Database>; mailer: Mailer; publicUrl: string }) {
  const repo = createQueueRepository(deps.db);

  return {
    queuePage(query: z.output<typeof queueQuerySchema>, operator: SessionUser): Promise<QueuePage> {
      return repo.queuePage(query, operator.id);
    },

    async ownerOf(proposalId: string): Promise<ProposalOwner> {
      const row = await findOwner(deps.db, proposalId);
      if (!row) throw notFound();
      return {
        responsible: row.owner_id ? { id: row.owner_id, name: row.name ?? '' } : null,
        since: row.owner_since === null ? null : new Date(Number(row.owner_since)).toISOString(),
      };
    },

    /**
     * Makes `operatorId` responsible: the caller ("Assumir") or another active operator ("Passar
     * para…", who is e-mailed). Audited; the queue's copy of the responsible changes in the same
     * transaction.
     */
    async setOwner(operator: SessionUser, proposalId: string, operatorId: string, ip: string | null) {
      const result = await deps.db.transaction().execute(async (tx) => {
        const proposal = await findProposalForHandover(tx, proposalId);
        if (!proposal) throw notFound();
        const target = await tx
          .selectFrom('users')
          .select(['id', 'name', 'email', 'password_hash'])
          .where('id', '=', operatorId)
          .where('role', '=', 'operator')
          .executeTakeFirst();
        if (!target || target.password_hash === null)
          throw new HttpError(400, 'validation', NOT_AN_OPERATOR, { operatorId: NOT_AN_OPERATOR });
        if (proposal.owner_id === target.id) return { changed: false };
        const now = Date.now();
        await setProposalOwner(tx, { proposalId, ownerId: target.id, now });
        await tx
          .updateTable('proposal_waits')
          .set({ owner_id: target.id })
          .where('proposal_id', '=', proposalId)
          .execute();
        const self = target.id === operator.id;
        await recordAudit(tx, {
          actorId: operator.id,
          action: self ? 'proposal.owner_taken' : 'proposal.owner_handed_over',
          subject: `proposal:${proposalId}`,
          ip,
          detail: `${proposal.owner_id ?? '—'} → ${target.id}`,
        });
        if (!self)
          await enqueueMail(tx, handOverMail({ to: target, from: operator, proposal, publicUrl: deps.publicUrl }));
        return { changed: true };
      });
      if (result.changed) deps.mailer.kick();
    },
  };
}
export type QueueService = ReturnType<typeof createQueueService>;
