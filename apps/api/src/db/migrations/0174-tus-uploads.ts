import type { Kysely, Migration } from 'kysely';

/**
 * 0174_tus_uploads: one row per resumable (tus) upload (docs/decisions/053-resumable-uploads.md).
 * The row is what makes an upload URL someone's: every request on it is checked against user_id,
 * then the person's membership of proposal_id and right to send to item. state: 'uploading' until
 * the last byte; 'completing' while the finished file goes through the documents' checks; then
 * 'done' (document_file_id holds the stored document), 'refused' (a check said no) or 'expired'
 * (the sweep removed its bytes after expires_at).
 */
export const resumableUploadsMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('resumable_uploads')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('proposal_id', 'text', (c) => c.notNull().references('proposals.id').onDelete('cascade'))
      .addColumn('item', 'text', (c) => c.notNull())
      .addColumn('file_name', 'text', (c) => c.notNull())
      .addColumn('declared_type', 'text', (c) => c.notNull())
      .addColumn('size', 'bigint', (c) => c.notNull())
      .addColumn('issued_on', 'text')
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('document_file_id', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('resumable_uploads_expiry')
      .on('resumable_uploads')
      .columns(['state', 'expires_at'])
      .execute();
  },
};
