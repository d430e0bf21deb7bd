import type { Executor } from '../../../db/database';

/**
 * The proposal's status (docs/decisions/042-one-lifecycle.md), moved only from the status it was
 * read in (0 rows updated: someone moved it meanwhile).
 */
export function updateStatusFrom(ex: Executor, args: { proposalId: string; from: string; to: string; now: number }) {
  return ex
    .updateTable('proposals')
    .set({ status: args.to, updated_at: args.now })
    .where('id', '=', args.proposalId)
    .where('status', '=', args.from)
    .executeTakeFirst();
}
