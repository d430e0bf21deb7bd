import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Executor } from '../../db/database';

/** Queries on document_files that other modules read (the back office's counts, the dossier's files). */
export function createDocumentsRepository(db: Kysely<Database>) {
  return {
    /** How many of a proposal's files wait for review, were accepted, were refused. */
    async countByStatus(proposalId: string, tx: Executor = db) {
      const counts = await tx
        .selectFrom('document_files')
        .select(['status', (eb) => eb.fn.countAll<number | string>().as('n')])
        .where('proposal_id', '=', proposalId)
        .groupBy('status')
        .execute();
      const n = (s: string) => Number(counts.find((c) => c.status === s)?.n ?? 0);
      return { pending: n('sent'), accepted: n('accepted'), rejected: n('rejected') };
    },

    /** A proposal's accepted files, by item and upload time (what goes to the bank). */
    findAcceptedFiles(proposalId: string, tx: Executor = db) {
      return tx
        .selectFrom('document_files')
        .select(['item', 'mime', 'name', 'storage_key', 'uploaded_at'])
        .where('proposal_id', '=', proposalId)
        .where('status', '=', 'accepted')
        .orderBy('item')
        .orderBy('uploaded_at')
        .execute();
    },
  };
}
export type DocumentsRepository = ReturnType<typeof createDocumentsRepository>;
