import type { Kysely } from 'kysely';
import type { SessionUser } from '@portal/domain/auth';
import { formatProposalCode, type NewProposal } from '@portal/domain/backoffice';
import type { Database } from '../../db/schema';
import { HttpError } from '../../errors';
import { newId } from '../../crypto';
import { recordProposalChange } from '../audit/proposal-change';
import { inviteMember } from '../invitations/invite';
import type { Mailer } from '../mail/outbox';
import type { BackofficeRepository } from '../proposals/queries/backoffice-list';
import { insertProposal } from '../proposals/queries/new-proposal';
import type { ProposalsService } from '../proposals/proposals.service';
import { syncProposalIndex } from '../proposals/search-index';
import { refreshQueueWaits } from '../proposals/queue-waits';

/**
 * An operator creates a proposal: the next code of its type and year, each buyer invited (a
 * set-password e-mail), the search index and the queue's waits, its history and audit entry, in
 * one transaction. Not on the proposal core's withProposal: there is no proposal to load yet
 * (docs/decisions/059-the-proposal-core.md, "The back office's use cases").
 */
export function createProposal(deps: {
  db: Kysely<Database>;
  mailer: Mailer;
  publicUrl: string;
  repo: BackofficeRepository;
  /** The one proposals service (services.ts): the documents' validity the queue's waits use. */
  proposals: ProposalsService;
}) {
  return async (operator: SessionUser, input: NewProposal, ip: string | null) => {
    const result = await deps.db.transaction().execute(async (tx) => {
      const fields: Record<string, string> = {};
      for (const [i, b] of input.buyers.entries()) {
        const byEmail = await tx
          .selectFrom('users')
          .select(['role', 'cpf'])
          .where('email', '=', b.email)
          .executeTakeFirst();
        if (byEmail && byEmail.role !== 'buyer')
          fields[`buyers.${i}.email`] = 'Este e-mail já é usado por uma conta de vendedor ou de operador';
        else if (byEmail && byEmail.cpf && byEmail.cpf !== b.cpf)
          fields[`buyers.${i}.cpf`] = 'Este e-mail pertence a um comprador com outro CPF';
        const byCpf = await tx
          .selectFrom('users')
          .select('email')
          .where('cpf', '=', b.cpf)
          .where('role', '=', 'buyer')
          .executeTakeFirst();
        if (byCpf && byCpf.email !== b.email)
          fields[`buyers.${i}.email`] ??= 'Este CPF já tem conta com outro e-mail: use o e-mail cadastrado';
      }
      if (Object.keys(fields).length) throw new HttpError(400, 'validation', 'Verifique os campos destacados.', fields);

      const now = Date.now();
      const year = new Date(now).getFullYear();
      const code = formatProposalCode(input.type, year, await deps.repo.nextProposalCode(tx, input.type, year));
      const id = newId();
      const { type, kind, zipCode, uf, city } = input.property;
      await insertProposal(tx, {
        id,
        code,
        type: input.type,
        status: 'filling',
        stage: 'registration',
        filling_status: 0,
        property: JSON.stringify({ type, kind, zipCode, uf, city }),
        financing: JSON.stringify(input.financingOrCgiData),
        insurer: input.financingOrCgiData.insuranceCompanyName,
        created_at: now,
        updated_at: now,
      });
      for (const [position, b] of input.buyers.entries()) {
        await inviteMember(tx, {
          proposalId: id,
          proposalCode: code,
          role: 'buyer',
          position,
          name: b.name,
          email: b.email,
          cpf: b.cpf,
          publicUrl: deps.publicUrl,
          invitedBy: operator.id,
        });
      }
      await syncProposalIndex(tx, id);
      await refreshQueueWaits(tx, id, { now, validityDays: deps.proposals.validityDays });
      await recordProposalChange(tx, {
        proposalId: id,
        actorId: operator.id,
        kind: 'created',
        to: 'filling',
        reason: null,
        at: now,
        action: 'proposal.created',
        ip,
        detail: code,
      });
      return { id, code };
    });
    deps.mailer.kick();
    return result;
  };
}
