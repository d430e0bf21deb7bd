import type { Kysely, Migration } from 'kysely';

// Sliding-window limits: one row per counted event; rate_limits becomes the per-key lock row
// (window_start = last event), and deleting it deletes its events (docs/decisions/013).
export const rateLimitHitsMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.deleteFrom('rate_limits').execute();
    await db.schema
      .createTable('rate_limit_hits')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('key', 'text', (c) => c.notNull().references('rate_limits.key').onDelete('cascade'))
      .addColumn('at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('rate_limit_hits_key_at').on('rate_limit_hits').columns(['key', 'at']).execute();
  },
};
