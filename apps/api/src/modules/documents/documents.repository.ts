import type { Insertable, Kysely } from 'kysely';
import type { Database, DocumentFilesTable } from '../../db/schema';
import type { Executor } from '../../db/database';

/** Queries on document_files: the documents module's own, and those other modules read (the back office's counts, the dossier's files). */
export function createDocumentsRepository(db: Kysely<Database>) {
  return {
    async insertFile(file: Insertable<DocumentFilesTable>, tx: Executor = db) {
      await tx.insertInto('document_files').values(file).execute();
    },

    findFile(fileId: string, tx: Executor = db) {
      return tx.selectFrom('document_files').selectAll().where('id', '=', fileId).executeTakeFirstOrThrow();
    },

    async deleteFile(fileId: string, tx: Executor = db) {
      await tx.deleteFrom('document_files').where('id', '=', fileId).execute();
    },

    /** How many of a proposal's files under one item still count (sent or accepted). */
    async countActiveInItem(proposalId: string, item: string, tx: Executor = db) {
      const { count } = await tx
        .selectFrom('document_files')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('proposal_id', '=', proposalId)
        .where('item', '=', item)
        .where('status', '!=', 'rejected')
        .executeTakeFirstOrThrow();
      return Number(count);
    },

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
