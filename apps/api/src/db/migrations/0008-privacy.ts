import type { Kysely, Migration } from 'kysely';

export const privacyMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('privacy_requests')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('requested_at', 'bigint', (c) => c.notNull())
      .addColumn('completed_at', 'bigint')
      .addColumn('completed_by', 'text')
      .execute();
    await db.schema
      .createIndex('privacy_requests_status')
      .on('privacy_requests')
      .columns(['status', 'requested_at'])
      .execute();
  },
};
