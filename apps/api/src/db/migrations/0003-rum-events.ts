import type { Kysely, Migration } from 'kysely';

export const rumEventsMigration: Migration = {
  async up(db: Kysely<any>) {
    // Front-end monitoring events received at /api/intake/v2/rum/events (docs/product/monitoring.md).
    await db.schema
      .createTable('rum_events')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('received_at', 'bigint', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('service', 'text', (c) => c.notNull())
      .addColumn('environment', 'text')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('type', 'text')
      .addColumn('route', 'text')
      .addColumn('user_agent', 'text')
      .addColumn('browser', 'text')
      .addColumn('duration_ms', 'integer')
      .addColumn('payload', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('rum_events_kind_received').on('rum_events').columns(['kind', 'received_at']).execute();

    await db.schema
      .createTable('settings')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_by', 'text')
      .execute();
  },
};
