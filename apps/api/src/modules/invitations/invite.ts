import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { newId } from '../../crypto';
import { createPasswordTokensRepository } from '../auth/password-tokens.repository';
import { enqueueMail } from '../mail/outbox';
import { LOGIN_PATH } from '@portal/domain/routes';
import type { Role } from '@portal/domain/auth';

export const INVITE_TOKEN_TTL_MS = 7 * 24 * 3_600_000;

/**
 * Links a person to a proposal in a role, creating their account when it does not exist, and
 * queues the e-mail: a set-password link for a new account, a notice for an existing one.
 * Runs inside the caller's transaction: the member, the token and the e-mail commit together.
 */
export async function inviteMember(
  tx: Transaction<Database>,
  args: {
    proposalId: string;
    proposalCode: string;
    role: Extract<Role, 'buyer' | 'seller'>;
    position: number;
    name: string;
    email: string;
    cpf: string | null;
    publicUrl: string;
    invitedBy: string;
  },
): Promise<{ userId: string; created: boolean }> {
  const now = Date.now();
  let user = await tx
    .selectFrom('users')
    .select(['id', 'password_hash'])
    .where('email', '=', args.email)
    .where('role', '=', args.role)
    .executeTakeFirst();
  const created = !user;
  if (!user) {
    const id = newId();
    await tx
      .insertInto('users')
      .values({
        id,
        role: args.role,
        name: args.name,
        email: args.email,
        cpf: args.cpf,
        password_hash: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    user = { id, password_hash: null };
  }
  const existing = await tx
    .selectFrom('proposal_members')
    .select('id')
    .where('proposal_id', '=', args.proposalId)
    .where('role', '=', args.role)
    .where('position', '=', args.position)
    .executeTakeFirst();
  if (existing) {
    await tx
      .updateTable('proposal_members')
      .set({ user_id: user.id, name: args.name, email: args.email, cpf: args.cpf })
      .where('id', '=', existing.id)
      .execute();
  } else {
    await tx
      .insertInto('proposal_members')
      .values({
        id: newId(),
        proposal_id: args.proposalId,
        user_id: user.id,
        role: args.role,
        position: args.position,
        name: args.name,
        email: args.email,
        cpf: args.cpf,
        created_at: now,
      })
      .execute();
  }

  const loginUrl = `${args.publicUrl}${LOGIN_PATH[args.role]}`;
  const roleText = args.role === 'seller' ? 'vendedor(a) do imóvel' : 'comprador(a)';
  const lines = [
    `Olá, ${args.name.split(' ')[0]}.`,
    '',
    `Você foi convidado(a) como ${roleText} na proposta ${args.proposalCode} do Portal de Propostas.`,
    '',
  ];
  if (!user.password_hash) {
    const token = await createPasswordTokensRepository(tx as never).issueToken(
      { userId: user.id, purpose: 'invite', ttlMs: INVITE_TOKEN_TTL_MS },
      tx,
    );
    lines.push(
      'Para começar, crie sua senha neste link (válido por 7 dias):',
      '',
      `${args.publicUrl}/buyer/change-password?token=${token}`,
      '',
      `Depois, entre em ${loginUrl}`,
    );
  } else {
    lines.push(`Entre com seu e-mail e senha em ${loginUrl}`);
  }
  await enqueueMail(tx, {
    to: args.email,
    kind: 'invite',
    subject: `Convite para a proposta ${args.proposalCode} — Portal de Propostas`,
    text: lines.join('\n'),
  });
  return { userId: user.id, created };
}
