import type { Kysely, Migration } from 'kysely';

/**
 * The notices that a sent document is about to age past its validity (docs/product/reminders.md):
 * one row per document copy, its key the copy, so two instances sweeping at once send one e-mail.
 */
export const expiryNoticesMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('document_expiry_notices')
      .addColumn('file_id', 'text', (c) => c.primaryKey())
      .addColumn('proposal_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('sent_at', 'bigint', (c) => c.notNull())
      .execute();
  },
};
