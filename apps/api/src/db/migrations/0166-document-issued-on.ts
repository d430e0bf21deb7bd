import type { Kysely, Migration } from 'kysely';

// An aging document's validity counts from its issue date when the person gives it (AAAA-MM-DD,
// docs/decisions/005-documents.md); null: counted from the sending, as before.
export const documentIssuedOnMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('document_files').addColumn('issued_on', 'text').execute();
  },
};
