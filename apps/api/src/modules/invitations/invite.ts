import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { Role } from '@portal/domain/auth';
import { findInvitedProposal, putMemberInSlot } from '../proposals/queries/invitations';
import { findOrCreateUser, issueAccountToken, queueAccountMail } from './accounts';
import { propertyPlaceOf } from './mails';

export { invitationMail, propertyPlaceOf } from './mails';

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
  const user = await findOrCreateUser(tx, {
    role: args.role,
    name: args.name,
    email: args.email,
    cpf: args.cpf,
    now,
  });
  await putMemberInSlot(tx, {
    proposalId: args.proposalId,
    role: args.role,
    position: args.position,
    userId: user.id,
    name: args.name,
    email: args.email,
    cpf: args.cpf,
    now,
  });

  const proposal = await findInvitedProposal(tx, args.proposalId);
  const inviter = await tx
    .selectFrom('users')
    .select(['name', 'role'])
    .where('id', '=', args.invitedBy)
    .executeTakeFirst();
  const place = proposal ? propertyPlaceOf(proposal.property) : null;
  const token = user.passwordHash
    ? null
    : await issueAccountToken(tx, {
        userId: user.id,
        purpose: 'invite',
        proposalId: args.proposalId,
        invitedBy: args.invitedBy,
      });
  await queueAccountMail(tx, {
    kind: 'invite',
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
  });
  return { userId: user.id, created: user.created };
}
