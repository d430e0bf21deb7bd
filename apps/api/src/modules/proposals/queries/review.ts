import type { Executor } from '../../../db/database';

/**
 * The back office's review writes on a proposal: a stage moved only from the value the operator saw
 * (0 rows updated: someone changed it meanwhile), and a section sent back for correction. A status
 * moves through status.ts.
 */

export function updateStageFrom(
  ex: Executor,
  args: { proposalId: string; from: string; to: string; status: string; now: number },
) {
  return ex
    .updateTable('proposals')
    .set({ stage: args.to, updated_at: args.now })
    .where('id', '=', args.proposalId)
    .where('stage', '=', args.from)
    .where('status', '=', args.status)
    .executeTakeFirst();
}

/** The section goes back to the party with the operator's note, one version later. */
export async function rejectSection(
  ex: Executor,
  args: { sectionId: string; note: string; operatorId: string; now: number },
) {
  await ex
    .updateTable('proposal_sections')
    .set((eb) => ({
      status: 'rejected',
      review_note: args.note,
      updated_by: args.operatorId,
      updated_at: args.now,
      version: eb('version', '+', 1),
    }))
    .where('id', '=', args.sectionId)
    .execute();
}
