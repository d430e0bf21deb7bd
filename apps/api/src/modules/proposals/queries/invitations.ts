import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema';
import { newId } from '../../../crypto';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * The proposal tables as the invitation path reads and writes them (apps/api/src/modules/invitations/):
 * a person put in a member slot, and the proposal an invitation names. The aggregate's tables are
 * queried from this folder only.
 */

/**
 * Puts a person in a proposal's member slot (role + position): the slot's row is updated when it
 * exists (a buyer or seller replaced before joining), inserted otherwise.
 */
export async function putMemberInSlot(
  tx: Executor,
  args: {
    proposalId: string;
    role: 'buyer' | 'seller';
    position: number;
    userId: string;
    name: string;
    email: string;
    cpf: string | null;
    now: number;
  },
): Promise<void> {
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
      .set({ user_id: args.userId, name: args.name, email: args.email, cpf: args.cpf })
      .where('id', '=', existing.id)
      .execute();
  } else {
    await tx
      .insertInto('proposal_members')
      .values({
        id: newId(),
        proposal_id: args.proposalId,
        user_id: args.userId,
        role: args.role,
        position: args.position,
        name: args.name,
        email: args.email,
        cpf: args.cpf,
        created_at: args.now,
      })
      .execute();
  }
}

/** The proposal an invitation names: its code, type and property (the mail and the landing show the city). */
export function findInvitedProposal(db: Executor, proposalId: string) {
  return db
    .selectFrom('proposals')
    .select(['id', 'code', 'type', 'property'])
    .where('id', '=', proposalId)
    .executeTakeFirst();
}
