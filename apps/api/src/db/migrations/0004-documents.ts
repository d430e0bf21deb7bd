import type { Kysely, Migration } from 'kysely';

export const documentsMigration: Migration = {
  async up(db: Kysely<any>) {
    // Uploaded supporting documents (docs/decisions/005-documents.md). The bytes live in the storage driver under a
    // random key; the uploader's file name is only a sanitized label.
    await db.schema
      .createTable('document_files')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('proposal_id', 'text', (c) => c.notNull().references('proposals.id').onDelete('cascade'))
      .addColumn('item', 'text', (c) => c.notNull())
      .addColumn('storage_key', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('mime', 'text', (c) => c.notNull())
      .addColumn('size', 'bigint', (c) => c.notNull())
      .addColumn('sha256', 'text', (c) => c.notNull())
      .addColumn('flags', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('review_reason', 'text')
      .addColumn('reviewed_by', 'text')
      .addColumn('reviewed_at', 'bigint')
      .addColumn('uploaded_by', 'text', (c) => c.notNull())
      .addColumn('uploaded_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('document_files_proposal_item')
      .on('document_files')
      .columns(['proposal_id', 'item'])
      .execute();

    // Every change to a proposal's documents: who, when, what (uploaded, deleted, accepted, rejected).
    await db.schema
      .createTable('document_events')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('proposal_id', 'text', (c) => c.notNull().references('proposals.id').onDelete('cascade'))
      .addColumn('item', 'text', (c) => c.notNull())
      .addColumn('file_id', 'text')
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('reason', 'text')
      .addColumn('actor_id', 'text')
      .addColumn('at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('document_events_proposal')
      .on('document_events')
      .columns(['proposal_id', 'at'])
      .execute();
  },
};
