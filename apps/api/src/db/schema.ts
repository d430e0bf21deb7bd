import type {
  UsersTable,
  SessionsTable,
  RateLimitsTable,
  RateLimitHitsTable,
  PasswordTokensTable,
  OutboxTable,
  JobsTable,
  JobSchedulesTable,
  AuditLogTable,
  SettingsTable,
  OperatorPermissionsTable,
  PrivacyRequestsTable,
} from './schema/platform';
import type {
  ProposalsTable,
  ProposalWaitsTable,
  ProposalMembersTable,
  ProposalSectionsTable,
  ProposalSearchTable,
  ProposalHistoryTable,
  ProposalNotesTable,
  ProposalCodeCountersTable,
} from './schema/proposals';
import type {
  DocumentFilesTable,
  DocumentEventsTable,
  PendingStorageTable,
  ResumableUploadsTable,
} from './schema/documents';
import type {
  InsuranceDeclarationsTable,
  HealthAnswersTable,
  HealthConsentsTable,
  HealthAccessLogTable,
} from './schema/health';
import type { RumEventsTable, RumErrorGroupsTable, RumIntakeClientsTable } from './schema/monitoring';
import type {
  DocumentExpiryNoticesTable,
  ReminderOptOutsTable,
  ReminderProposalsOffTable,
  ReminderTokensTable,
  RemindersSentTable,
} from '../modules/reminders/reminders.tables';

export type * from './schema/platform';
export type * from './schema/proposals';
export type * from './schema/documents';
export type * from './schema/health';
export type * from './schema/monitoring';

/**
 * Every table as Kysely sees it; the row types live in schema/ by table group (one file each, so
 * none grows past 400 lines). Timestamps are epoch milliseconds.
 */
export interface Database {
  resumable_uploads: ResumableUploadsTable;
  proposal_waits: ProposalWaitsTable;
  reminders_sent: RemindersSentTable;
  reminder_tokens: ReminderTokensTable;
  reminder_opt_outs: ReminderOptOutsTable;
  reminder_proposals_off: ReminderProposalsOffTable;
  document_expiry_notices: DocumentExpiryNoticesTable;
  pending_storage: PendingStorageTable;
  rum_error_groups: RumErrorGroupsTable;
  rum_intake_clients: RumIntakeClientsTable;
  privacy_requests: PrivacyRequestsTable;
  insurance_declarations: InsuranceDeclarationsTable;
  health_answers: HealthAnswersTable;
  health_consents: HealthConsentsTable;
  health_access_log: HealthAccessLogTable;
  proposal_search: ProposalSearchTable;
  proposal_history: ProposalHistoryTable;
  proposal_notes: ProposalNotesTable;
  operator_permissions: OperatorPermissionsTable;
  proposal_code_counters: ProposalCodeCountersTable;
  document_files: DocumentFilesTable;
  document_events: DocumentEventsTable;
  rum_events: RumEventsTable;
  settings: SettingsTable;
  proposal_sections: ProposalSectionsTable;
  users: UsersTable;
  sessions: SessionsTable;
  rate_limits: RateLimitsTable;
  rate_limit_hits: RateLimitHitsTable;
  password_tokens: PasswordTokensTable;
  outbox: OutboxTable;
  jobs: JobsTable;
  job_schedules: JobSchedulesTable;
  proposals: ProposalsTable;
  proposal_members: ProposalMembersTable;
  audit_log: AuditLogTable;
}
