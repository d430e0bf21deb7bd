import type { Kysely, Migration } from 'kysely';

/**
 * Storage keys whose object may have to be removed: written before an upload's object is put under
 * its final key (and deleted with the document row's insert), and with a document's delete (and
 * deleted once its object is gone). The sweep removes the objects of rows left behind by a crash
 * or a storage error. docs/decisions/015-abuse-limits.md.
 */
export const pendingStorageMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('pending_storage')
      .addColumn('storage_key', 'text', (c) => c.primaryKey())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
  },
};
