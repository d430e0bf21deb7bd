import type { Kysely, Transaction } from 'kysely';
import type { Role } from '@portal/domain/auth';
import type { Database, PasswordTokensTable } from '../../db/schema';
import { newId } from '../../crypto';
import { createPasswordTokensRepository } from '../auth/password-tokens.repository';
import { enqueueMail } from '../mail/outbox';
import { invitationMail, recoveryMail, type InvitationMailArgs, type RecoveryMailArgs } from './mails';

/**
 * The one way into an account (docs/decisions/060-one-way-in.md): find or create the user, issue a
 * one-time token, queue the e-mail that carries it. Buyers and sellers invited to a proposal,
 * operators created by operators, a resent invitation and a password recovery all go through these
 * three functions, inside the caller's transaction (the user, the token and the e-mail commit
 * together; the caller kicks the mailer after the commit).
 */

type Executor = Kysely<Database> | Transaction<Database>;

export type TokenPurpose = PasswordTokensTable['purpose'];

/** How long each kind of link lives: an invitation a week, a recovery link half an hour. */
export const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  invite: 7 * 24 * 3_600_000,
  recover: 30 * 60_000,
};

/**
 * The account of an e-mail in a role, created without a password when missing. Buyers and sellers
 * are one account per e-mail and role; an operator's e-mail is unique across roles
 * (`emailAcrossRoles`), so any account with it is returned (and `created` is false).
 */
export async function findOrCreateUser(
  tx: Executor,
  args: { role: Role; name: string; email: string; cpf: string | null; emailAcrossRoles?: boolean; now?: number },
): Promise<{ id: string; passwordHash: string | null; created: boolean }> {
  let query = tx.selectFrom('users').select(['id', 'password_hash']).where('email', '=', args.email);
  if (!args.emailAcrossRoles) query = query.where('role', '=', args.role);
  const found = await query.executeTakeFirst();
  if (found) return { id: found.id, passwordHash: found.password_hash, created: false };
  const now = args.now ?? Date.now();
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
  return { id, passwordHash: null, created: true };
}

/**
 * A one-time link's token, returned in clear (only its hash is stored), living as long as its
 * purpose says. An invitation keeps the proposal and who invited (the landing names both).
 */
export function issueAccountToken(
  tx: Transaction<Database>,
  args: { userId: string; purpose: TokenPurpose; proposalId?: string | null; invitedBy?: string | null },
): Promise<string> {
  return createPasswordTokensRepository(tx).issueToken({ ...args, ttlMs: TOKEN_TTL_MS[args.purpose] }, tx);
}

/**
 * A new invitation link for a person who never opened theirs (the first may have expired): the
 * same proposal, and the inviter of their latest invitation to it carried over (the landing names
 * who invited). Used by the reminder sweep.
 */
export async function reissueInvitationToken(
  tx: Transaction<Database>,
  args: { userId: string; proposalId: string },
): Promise<string> {
  const last = await tx
    .selectFrom('password_tokens')
    .select('invited_by')
    .where('user_id', '=', args.userId)
    .where('proposal_id', '=', args.proposalId)
    .where('purpose', '=', 'invite')
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  return issueAccountToken(tx, {
    userId: args.userId,
    purpose: 'invite',
    proposalId: args.proposalId,
    invitedBy: last?.invited_by ?? null,
  });
}

/** Queues the e-mail that carries a link: an invitation (or its notice, without a token) or a recovery. */
export function queueAccountMail(
  tx: Executor,
  mail: ({ kind: 'invite' } & InvitationMailArgs) | ({ kind: 'recover' } & RecoveryMailArgs),
): Promise<string> {
  return enqueueMail(tx, mail.kind === 'invite' ? invitationMail(mail) : recoveryMail(mail));
}
