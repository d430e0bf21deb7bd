import { privacyMigration } from '../modules/privacy/privacy.migration';
import { rumErrorGroupsMigration } from '../modules/monitoring/monitoring.migration';
import { pendingStorageMigration } from '../modules/documents/pending-storage.migration';
import { jobsMigration } from '../jobs/jobs.migration';
import { Kysely, Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import { backofficeMigration } from '../modules/backoffice/backoffice.migration';
import { insuranceMigration } from '../modules/insurance/insurance.migration';
import { financingMigration } from '../modules/financing/financing.migration';
import { queueMigration } from '../modules/backoffice/queue.migration';
import { remindersMigration } from '../modules/reminders/reminders.migration';
import { expiryNoticesMigration } from '../modules/reminders/expiry-notices.migration';
import { internalNotesMigration } from '../modules/backoffice/notes.migration';
import { resumableUploadsMigration } from '../modules/documents/resumable.migration';

/**
 * Migrations are code, in order, run on SQLite and PostgreSQL alike: only types both understand
 * (text, integer, bigint) and JSON kept as text. Never edit a migration that has shipped; add one.
 */
const migrations: Record<string, Migration> = {
  '0001_foundation': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('cpf', 'text')
        .addColumn('password_hash', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      // A CPF logs in one account per role: a person can be a buyer here and a seller elsewhere.
      await db.schema.createIndex('users_cpf_role').on('users').columns(['cpf', 'role']).unique().execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('ip', 'text')
        .addColumn('user_agent', 'text')
        .execute();
      await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

      await db.schema
        .createTable('rate_limits')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('window_start', 'bigint', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('password_tokens')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .execute();

      await db.schema
        .createTable('outbox')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('to_address', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('text_body', 'text', (c) => c.notNull())
        .addColumn('html_body', 'text')
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('sent_at', 'bigint')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
        .addColumn('last_error', 'text')
        .execute();
      await db.schema.createIndex('outbox_pending').on('outbox').columns(['sent_at', 'next_attempt_at']).execute();

      await db.schema
        .createTable('proposals')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('stage', 'text', (c) => c.notNull())
        .addColumn('filling_status', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('property', 'text', (c) => c.notNull())
        .addColumn('financing', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('proposal_members')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('proposal_id', 'text', (c) => c.notNull().references('proposals.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('cpf', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('proposal_members_unique')
        .on('proposal_members')
        .columns(['proposal_id', 'role', 'position'])
        .unique()
        .execute();
      await db.schema.createIndex('proposal_members_user').on('proposal_members').column('user_id').execute();

      await db.schema
        .createTable('audit_log')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('actor_id', 'text')
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('subject', 'text')
        .addColumn('ip', 'text')
        .addColumn('detail', 'text')
        .execute();
      await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();
    },
  },
  '0002_proposal_sections': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('proposal_sections')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('proposal_id', 'text', (c) => c.notNull().references('proposals.id').onDelete('cascade'))
        .addColumn('section', 'text', (c) => c.notNull())
        // Buyer position (0 main, 1 second); -1 for sections of the whole proposal.
        .addColumn('buyer', 'integer', (c) => c.notNull())
        .addColumn('draft', 'text')
        .addColumn('draft_updated_at', 'bigint')
        .addColumn('data', 'text')
        .addColumn('submitted_at', 'bigint')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('review_note', 'text')
        .addColumn('updated_by', 'text')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('proposal_sections_unique')
        .on('proposal_sections')
        .columns(['proposal_id', 'section', 'buyer'])
        .unique()
        .execute();
    },
  },
  '0003_rum_events': {
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
      await db.schema
        .createIndex('rum_events_kind_received')
        .on('rum_events')
        .columns(['kind', 'received_at'])
        .execute();

      await db.schema
        .createTable('settings')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_by', 'text')
        .execute();
    },
  },
  '0004_documents': {
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
  },
  // Back office (docs/decisions/007-back-office.md): search index, history, operator permissions, code counters.
  '0005_backoffice': backofficeMigration,
  // FGTS and the insurer's health declaration (docs/decisions/009-fgts-and-health-declaration.md): consent, encrypted answers, access log.
  '0006_insurance': insuranceMigration,
  '0007_seller': {
    async up(db: Kysely<any>) {
      // When the seller marked their part of the proposal complete (docs/decisions/008-seller-portal.md); null until then.
      await db.schema.alterTable('proposals').addColumn('seller_completed_at', 'bigint').execute();
    },
  },
  '0008_privacy': privacyMigration,
  // Sliding-window limits: one row per counted event; rate_limits becomes the per-key lock row
  // (window_start = last event), and deleting it deletes its events (docs/decisions/013).
  '0110_rate_limit_hits': {
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
  },
  // Property and appraisal values, interest rate, SFH ceiling and LTV settings (docs/decisions/020).
  '0140_financing_values': financingMigration,
  '0120_rum_error_groups': rumErrorGroupsMigration,
  '0120_pending_storage': pendingStorageMigration,
  // An invitation's link names its proposal and who sent it, so its landing can welcome the person
  // (docs/decisions/043-joining.md); recovery links leave both null.
  '0160_invitation_links': {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('password_tokens').addColumn('proposal_id', 'text').execute();
      await db.schema.alterTable('password_tokens').addColumn('invited_by', 'text').execute();
    },
  },
  // An aging document's validity counts from its issue date when the person gives it (AAAA-MM-DD,
  // docs/decisions/005-documents.md); null: counted from the sending, as before.
  '0166_document_issued_on': {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('document_files').addColumn('issued_on', 'text').execute();
    },
  },
  // Background jobs on one interface: the embedded engine's tables (docs/decisions/048-background-jobs.md).
  '0170_jobs': jobsMigration,
  // Reminders to a stalled party, their opt-outs and switches (docs/decisions/049-reminders-and-metrics.md).
  '0171_reminders': remindersMigration,
  // The operators' queue and the proposal's responsible (docs/decisions/050-operator-queue.md).
  '0172_proposal_owner_and_waiting': queueMigration,
  // The team's internal notes on a proposal, one row per version (docs/decisions/051-operator-notes-and-review.md).
  '0173_internal_notes': internalNotesMigration,
  // Resumable (tus) uploads: whose each upload URL is, until when (docs/decisions/053-resumable-uploads.md).
  '0174_tus_uploads': resumableUploadsMigration,
  // One notice per document copy about to age past its validity (docs/product/reminders.md).
  '0175_document_expiry_notices': expiryNoticesMigration,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Every migration by key (tests run a database up to one of them, then the rest). */
export const MIGRATIONS: Readonly<Record<string, Migration>> = migrations;

/**
 * Runs every migration not yet run. `schema` pins Kysely's own bookkeeping tables to one PostgreSQL
 * schema: without it the migrator may see another schema's tables (the test suite gives each test
 * file its own schema) and skip creating its own.
 */
export async function migrateToLatest(db: Kysely<any>, options: { schema?: string } = {}): Promise<void> {
  // Unordered: features add their migrations independently; a database that ran a later one first still
  // gets the earlier one instead of refusing to start.
  const migrator = new Migrator({
    db,
    provider,
    allowUnorderedMigrations: true,
    ...(options.schema ? { migrationTableSchema: options.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration failed${failed ? ` at ${failed.migrationName}` : ''}`, { cause: error });
  }
}

/** Used by tests to check both dialects agree on the schema. */
export async function listTables(db: Kysely<any>): Promise<string[]> {
  const tables = await db.introspection.getTables();
  return tables.map((t) => t.name).sort();
}

export { sql };
