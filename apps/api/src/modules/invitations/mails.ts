import { INVITATION_PATH, LOGIN_PATH } from '@portal/domain/routes';
import { PROPOSAL_TYPE_LABELS } from '@portal/domain/proposal';
import type { Role } from '@portal/domain/auth';
import { firstName } from '../mail/greeting';

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

export interface InvitationMailArgs {
  name: string;
  email: string;
  role: Role;
  token: string | null;
  publicUrl: string;
  inviter: { name: string; role: Role } | null;
  proposal: { code: string; type: 'financing' | 'cgi'; city: string | null; uf: string | null } | null;
}

/**
 * The invitation e-mail: who invites, to which proposal, in which role, and the landing's link
 * (docs/decisions/043-joining.md), where the person creates a password once and goes straight in.
 * Without a token (the person already has a password) it says where to log in instead.
 */
export function invitationMail(args: InvitationMailArgs) {
  const first = firstName(args.name);
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

export interface RecoveryMailArgs {
  name: string;
  email: string;
  token: string;
  publicUrl: string;
}

/** The password-recovery e-mail: a one-time link to the change-password page, valid 30 minutes. */
export function recoveryMail(args: RecoveryMailArgs) {
  return {
    to: args.email,
    kind: 'recover',
    subject: 'Redefinição de senha — Portal de Propostas',
    text: [
      `Olá, ${firstName(args.name)}.`,
      '',
      'Recebemos um pedido para criar uma nova senha no Portal de Propostas.',
      'Para continuar, abra o link abaixo (válido por 30 minutos e por um único uso):',
      '',
      `${args.publicUrl}/buyer/change-password?token=${args.token}`,
      '',
      'Se não foi você, ignore este e-mail: sua senha continua a mesma.',
    ].join('\n'),
  };
}
