import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type { Executor } from '../../../db/database';

/** The seller's part: the proposal's section rows and the seller's completion mark. */
export function createSellerRepository(db: Kysely<Database>) {
  return {
    findSections(proposalId: string, tx: Executor = db) {
      return tx.selectFrom('proposal_sections').selectAll().where('proposal_id', '=', proposalId).execute();
    },
    async markCompleted(proposalId: string, at: number, tx: Executor = db) {
      await tx
        .updateTable('proposals')
        .set({ seller_completed_at: at, updated_at: at })
        .where('id', '=', proposalId)
        .execute();
    },
  };
}
