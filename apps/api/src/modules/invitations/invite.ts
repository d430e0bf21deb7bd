import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { newId } from '../../crypto';
import { createPasswordTokensRepository } from '../auth/password-tokens.repository';
import { enqueueMail } from '../mail/outbox';
import { INVITATION_PATH, LOGIN_PATH } from '@portal/domain/routes';
import { PROPOSAL_TYPE_LABELS } from '@portal/domain/proposal';
import type { Role } from '@portal/domain/auth';

export const INVITE_TOKEN_TTL_MS = 7 * 24 * 3_600_000;

/** The property's city and state as the proposal stores them (either may be missing on old rows). */
export function propertyPlaceOf(propertyJson: string): { city: string | null; uf: string | null } {
  try {
    const p = JSON.parse(propertyJson) as { city?: unknown; uf?: unknown };
    return {
      city: typeof p.city === 'string' && p.city ? p.city : null,
      uf: typeof p.uf === 'string' && p.uf ? p.uf : null,
    };
  } catch {
    return { city: null, uf: null };
  }
}

const ROLE_TEXT: Record<Role, string> = {
  buyer: 'comprador(a)',
  seller: 'vendedor(a) do imóvel',
  operator: 'operador(a) da equipe do portal',
};

/**
 * The invitation e-mail: who invites, to which proposal, in which role, and the landing's link
 * (docs/decisions/043-joining.md), where the person creates a password once and goes straight in.
 * Without a token (the person already has a password) it says where to log in instead.
 */
export function invitationMail(args: {
  name: string;
  email: string;
  role: Role;
  token: string | null;
  publicUrl: string;
  inviter: { name: string; role: Role } | null;
  proposal: { code: string; type: 'financing' | 'cgi'; city: string | null; uf: string | null } | null;
}) {
  const first = args.name.split(' ')[0];
  const who = args.inviter
    ? args.inviter.role === 'operator' && !/equipe/i.test(args.inviter.name)
      ? `${args.inviter.name}, da equipe do Portal de Propostas,`
      : args.inviter.name
    : 'A equipe do Portal de Propostas';
  const where = args.proposal
    ? [
        `na proposta ${args.proposal.code} (${PROPOSAL_TYPE_LABELS[args.proposal.type]}` +
          (args.proposal.city
            ? `, imóvel em ${args.proposal.city}${args.proposal.uf ? `/${args.proposal.uf}` : ''}`
            : '') +
          ')',
      ]
    : ['na área da equipe do Portal de Propostas'];
  const lines = [
    `Olá, ${first}!`,
    '',
    `${who} convidou você para participar como ${ROLE_TEXT[args.role]} ${where[0]}.`,
    '',
  ];
  if (args.token) {
    lines.push(
      'Para começar, abra o link abaixo e crie a sua senha. Você entra direto na proposta, sem precisar fazer login de novo.',
      '',
      `${args.publicUrl}${INVITATION_PATH}?token=${args.token}`,
      '',
      'O link vale por 7 dias e pode ser usado uma vez. Se ele expirar, a própria página permite pedir um novo.',
    );
  } else {
    lines.push(`Entre com o seu e-mail e a sua senha em ${args.publicUrl}${LOGIN_PATH[args.role]}`);
  }
  lines.push('', 'Se você não esperava este convite, pode ignorar este e-mail.');
  return {
    to: args.email,
    kind: 'invite',
    subject: args.proposal
      ? `Convite para a proposta ${args.proposal.code} — Portal de Propostas`
      : 'Seu acesso à área da equipe do Portal de Propostas',
    text: lines.join('\n'),
  };
}

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

  const proposal = await tx
    .selectFrom('proposals')
    .select(['id', 'code', 'type', 'property'])
    .where('id', '=', args.proposalId)
    .executeTakeFirst();
  const inviter = await tx
    .selectFrom('users')
    .select(['name', 'role'])
    .where('id', '=', args.invitedBy)
    .executeTakeFirst();
  const place = proposal ? propertyPlaceOf(proposal.property) : null;
  let token: string | null = null;
  if (!user.password_hash) {
    token = await createPasswordTokensRepository(tx as never).issueToken(
      {
        userId: user.id,
        purpose: 'invite',
        ttlMs: INVITE_TOKEN_TTL_MS,
        proposalId: args.proposalId,
        invitedBy: args.invitedBy,
      },
      tx,
    );
  }
  await enqueueMail(
    tx,
    invitationMail({
      name: args.name,
      email: args.email,
      role: args.role,
      token,
      publicUrl: args.publicUrl,
      inviter: inviter ?? null,
      proposal: {
        code: args.proposalCode,
        type: proposal?.type ?? 'financing',
        city: place?.city ?? null,
        uf: place?.uf ?? null,
      },
    }),
  );
  return { userId: user.id, created };
}
