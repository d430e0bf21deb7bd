import type { Kysely, Migration } from 'kysely';

/**
 * The embedded engine's tables (docs/decisions/048-background-jobs.md). Both dialects get them so
 * the two schemas stay alike; on PostgreSQL the jobs live in pg-boss's own schema instead. The
 * outbox keeps its messages as they are: the delivery job reads the same rows, so every message
 * queued before this migration is delivered after it.
 */
export const jobsMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('jobs')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('queue', 'text', (c) => c.notNull())
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('singleton_key', 'text')
      .addColumn('attempts', 'integer', (c) => c.notNull())
      .addColumn('max_attempts', 'integer', (c) => c.notNull())
      .addColumn('run_at', 'bigint', (c) => c.notNull())
      .addColumn('started_at', 'bigint')
      .addColumn('finished_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('last_error', 'text')
      .execute();
    await db.schema.createIndex('jobs_queue_state_run_at').on('jobs').columns(['queue', 'state', 'run_at']).execute();
    await db.schema
      .createTable('job_schedules')
      .addColumn('queue', 'text', (c) => c.primaryKey())
      .addColumn('cron', 'text', (c) => c.notNull())
      .addColumn('next_run_at', 'bigint', (c) => c.notNull())
      .execute();
  },
};
