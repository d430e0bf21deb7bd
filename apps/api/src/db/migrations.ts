import { Kysely, Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import { foundationMigration } from './migrations/0001-foundation';
import { proposalSectionsMigration } from './migrations/0002-proposal-sections';
import { rumEventsMigration } from './migrations/0003-rum-events';
import { documentsMigration } from './migrations/0004-documents';
import { backofficeMigration } from './migrations/0005-backoffice';
import { insuranceMigration } from './migrations/0006-insurance';
import { sellerMigration } from './migrations/0007-seller';
import { privacyMigration } from './migrations/0008-privacy';
import { rateLimitHitsMigration } from './migrations/0110-rate-limit-hits';
import { pendingStorageMigration } from './migrations/0120-pending-storage';
import { rumErrorGroupsMigration } from './migrations/0120-rum-error-groups';
import { financingMigration } from './migrations/0140-financing-values';
import { invitationLinksMigration } from './migrations/0160-invitation-links';
import { documentIssuedOnMigration } from './migrations/0166-document-issued-on';
import { jobsMigration } from './migrations/0170-jobs';
import { remindersMigration } from './migrations/0171-reminders';
import { queueMigration } from './migrations/0172-proposal-owner-and-waiting';
import { internalNotesMigration } from './migrations/0173-internal-notes';
import { resumableUploadsMigration } from './migrations/0174-tus-uploads';
import { expiryNoticesMigration } from './migrations/0175-document-expiry-notices';

/**
 * Migrations are code, in order, run on SQLite and PostgreSQL alike: only types both understand
 * (text, integer, bigint) and JSON kept as text. Never edit a migration that has shipped; add one.
 * One file per migration in db/migrations/, named after its key, listed here once in key order
 * (docs/decisions/061-one-migration-list.md; db/migrations.test.ts checks it).
 */
const migrations: Record<string, Migration> = {
  '0001_foundation': foundationMigration,
  '0002_proposal_sections': proposalSectionsMigration,
  '0003_rum_events': rumEventsMigration,
  '0004_documents': documentsMigration,
  // Back office (docs/decisions/007-back-office.md): search index, history, operator permissions, code counters.
  '0005_backoffice': backofficeMigration,
  // FGTS and the insurer's health declaration (docs/decisions/009-fgts-and-health-declaration.md): consent, encrypted answers, access log.
  '0006_insurance': insuranceMigration,
  '0007_seller': sellerMigration,
  '0008_privacy': privacyMigration,
  '0110_rate_limit_hits': rateLimitHitsMigration,
  '0120_pending_storage': pendingStorageMigration,
  '0120_rum_error_groups': rumErrorGroupsMigration,
  // Property and appraisal values, interest rate, SFH ceiling and LTV settings (docs/decisions/020).
  '0140_financing_values': financingMigration,
  '0160_invitation_links': invitationLinksMigration,
  '0166_document_issued_on': documentIssuedOnMigration,
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
  // Unordered: branches add their migrations independently; a database that ran a later one first still
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
