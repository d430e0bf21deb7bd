import type { ColumnType } from 'kysely';
import type {
  DocumentExpiryNoticesTable,
  ReminderOptOutsTable,
  ReminderProposalsOffTable,
  ReminderTokensTable,
  RemindersSentTable,
} from '../modules/reminders/reminders.tables';

/** Timestamps are epoch milliseconds (bigint on PostgreSQL, parsed to number; integer on SQLite). */
export interface UsersTable {
  id: string;
  role: 'buyer' | 'seller' | 'operator';
  name: string;
  email: string;
  /** 11 digits, or null (sellers that are companies, operators). */
  cpf: string | null;
  /** argon2id PHC string; null until an invited user sets a password. */
  password_hash: string | null;
  created_at: number;
  updated_at: number;
}

export interface SessionsTable {
  /** sha256 of the cookie token: a leaked database row cannot be replayed as a cookie. */
  id: string;
  user_id: string;
  created_at: number;
  last_seen_at: number;
  /** Absolute expiry; idle expiry is last_seen_at + idle window. */
  expires_at: number;
  ip: string | null;
  user_agent: string | null;
}

/** One row per limited key: the lock that serializes its events; window_start is its last event. */
export interface RateLimitsTable {
  key: string;
  window_start: number;
  count: number;
}

/** One counted event of a sliding-window limit. */
export interface RateLimitHitsTable {
  id: string;
  key: string;
  at: number;
}

export interface PasswordTokensTable {
  /** sha256 of the e-mailed token. */
  id: string;
  user_id: string;
  purpose: 'recover' | 'invite';
  created_at: number;
  expires_at: number;
  used_at: number | null;
  /** Invitations: the proposal the person was invited to (null for operators and recovery links). */
  proposal_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Invitations: the user who sent it (null for recovery links). */
  invited_by: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface OutboxTable {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  kind: string;
  created_at: number;
  sent_at: number | null;
  attempts: number;
  next_attempt_at: number;
  last_error: string | null;
  /** JSON object of extra headers (List-Unsubscribe of reminders); null for none (migration 0171_reminders). */
  headers: string | null;
}

/** A background job of the embedded engine (SQLite; pg-boss keeps its own tables). docs/decisions/048. */
export interface JobsTable {
  id: string;
  queue: string;
  /** The job's data, JSON. */
  data: string;
  state: 'waiting' | 'running' | 'failed' | 'dead' | 'done';
  singleton_key: string | null;
  attempts: number;
  max_attempts: number;
  /** When it may run (a failed job: when its retry is due). */
  run_at: number;
  started_at: number | null;
  finished_at: number | null;
  created_at: number;
  last_error: string | null;
}

/** A job's schedule on the embedded engine: its next occurrence, claimed by one process. */
export interface JobSchedulesTable {
  queue: string;
  cron: string;
  next_run_at: number;
}

export interface ProposalsTable {
  id: string;
  code: string;
  type: 'financing' | 'cgi';
  status: string;
  stage: string;
  filling_status: number;
  /** JSON text (propertySchema). */
  property: string;
  /** JSON text (financingOrCgiDataSchema). */
  financing: string;
  created_at: number;
  updated_at: number;
  /** When the seller marked their part complete (migration 0007_seller); null until then. */
  seller_completed_at: number | null;
  /** financing.insuranceCompanyName, kept as a column for the back office's filter (migration 0005_backoffice). */
  insurer: string | null;
  /** Purchase price and appraisal value (centavos) and effective annual rate (basis points), entered
   * by the back office (migration 0140_financing_values); null until entered. */
  property_value: number | null;
  appraisal_value: number | null;
  interest_rate_bp: number | null;
  /** The operator responsible for the proposal ("Assumir"), and since when (migration 0172); null: nobody. */
  owner_id: string | null;
  owner_since: number | null;
  /** The oldest of its proposal_waits (the queue's order); null when nothing waits on the team. */
  waiting_since: number | null;
  waiting_reason: string | null;
}

/** One reason a proposal waits on the team, since when, and its responsible (a copy of proposals.owner_id). */
export interface ProposalWaitsTable {
  proposal_id: string;
  /** QueueReason (packages/domain/src/backoffice-queue.ts). */
  reason: string;
  since: number;
  owner_id: string | null;
}

export interface ProposalMembersTable {
  id: string;
  proposal_id: string;
  user_id: string | null;
  role: 'buyer' | 'seller';
  /** Buyers: 0 main, 1 second. Sellers: order of invitation. */
  position: number;
  name: string;
  email: string;
  cpf: string | null;
  created_at: number;
}

export interface AuditLogTable {
  id: string;
  at: number;
  actor_id: string | null;
  action: string;
  subject: string | null;
  ip: string | null;
  detail: string | null;
}

export interface ProposalSectionsTable {
  id: string;
  proposal_id: string;
  section: string;
  /** Buyer position (0 main, 1 second); -1 for sections of the whole proposal. */
  buyer: number;
  /** JSON text of the form values as typed (not validated beyond their shape). */
  draft: string | null;
  draft_updated_at: number | null;
  /** JSON text of the last submitted, fully validated values. */
  data: string | null;
  submitted_at: number | null;
  status: 'todo' | 'in_progress' | 'done' | 'rejected';
  review_note: string | null;
  updated_by: string | null;
  updated_at: number;
  version: number;
}

/** One front-end monitoring event (a transaction or an error) as the browser's agent sent it. */
export interface RumEventsTable {
  id: string;
  received_at: number;
  kind: 'transaction' | 'error';
  service: string;
  environment: string | null;
  /** Transaction name, or the error's message. */
  name: string;
  /** Transaction type (page-load, route-change, http-request…); the error's exception type. */
  type: string | null;
  /** Route pattern, e.g. /seller/proposals/:proposalId/address (or the plain path). */
  route: string | null;
  user_agent: string | null;
  /** Browser and major version, e.g. "Chrome 140". */
  browser: string | null;
  duration_ms: number | null;
  /** JSON text of the event line, truncated. */
  payload: string;
}

/** Operator-set values, one row per key (JSON text). */
export interface SettingsTable {
  key: string;
  value: string;
  updated_at: number;
  updated_by: string | null;
}

/** One uploaded file of a proposal's document item (docs/decisions/005-documents.md). */
export interface DocumentFilesTable {
  id: string;
  proposal_id: string;
  /** DocumentItemKey (packages/domain/src/documents.ts). */
  item: string;
  /** Random key in the storage driver; never derived from the uploader's file name. */
  storage_key: string;
  /** Sanitized display name, with the extension of the detected type. */
  name: string;
  /** MIME type detected from the content (magic bytes). */
  mime: string;
  size: number;
  sha256: string;
  /** JSON array of FileFlag (e.g. ["pdf_encrypted"]). */
  flags: string;
  status: 'sent' | 'accepted' | 'rejected';
  review_reason: string | null;
  reviewed_by: string | null;
  reviewed_at: number | null;
  uploaded_by: string;
  uploaded_at: number;
  /** The document's issue date (AAAA-MM-DD) the uploader gave; the validity counts from it. */
  issued_on: string | null;
}

/** History of a proposal's documents: who did what, when. */
export interface DocumentEventsTable {
  id: string;
  proposal_id: string;
  item: string;
  file_id: string | null;
  action: 'uploaded' | 'deleted' | 'accepted' | 'rejected';
  reason: string | null;
  actor_id: string | null;
  at: number;
}

/** Search terms of a proposal (code, CPFs, name words), matched by prefix (docs/decisions/007). */
export interface ProposalSearchTable {
  term: string;
  proposal_id: string;
}

/** Status, stage and correction history of a proposal: who, when, why, and who may read it. */
export interface ProposalHistoryTable {
  id: string;
  proposal_id: string;
  at: number;
  actor_id: string | null;
  kind: 'created' | 'status' | 'stage' | 'correction';
  from_value: string | null;
  to_value: string | null;
  reason: string | null;
  /** Comma-separated parties that see the entry ('buyer', 'seller'); operators see all. */
  audience: string;
  /** Correction entries: the section key and buyer position, e.g. 'data:1' or 'investment'. */
  section: string | null;
}

/** One version of an internal note of the team on a proposal (operators only; docs/decisions/051). */
export interface ProposalNotesTable {
  id: string;
  /** The note this version belongs to: every version of a note shares it. */
  note_id: string;
  proposal_id: string;
  /** 1 for the first text, +1 for each edit. */
  version: number;
  text: string;
  author_id: string;
  at: number;
}

/** Fine permissions of operators (docs/decisions/007), e.g. 'health:read'. */
export interface OperatorPermissionsTable {
  user_id: string;
  permission: string;
  granted_by: string | null;
  granted_at: number;
}

/** Last sequence number used per code series ('PF-2026-'). */
export interface ProposalCodeCountersTable {
  prefix: string;
  last: number;
}

/** The insurer's health declaration of one buyer of a proposal (docs/product/health-declaration.md). */
export interface InsuranceDeclarationsTable {
  id: string;
  proposal_id: string;
  /** Buyer position (0 main, 1 second). */
  buyer: number;
  /** The member's account when the row was made: answers belong to that person. */
  user_id: string;
  /** insurance_name: the proposal's insurer ('itau' | 'tokio'). */
  insurance_name: string;
  /** insurance_completed: 1 once the buyer confirmed the declaration (starts 0). */
  completed: number;
  completed_at: number | null;
  declaration_version: string | null;
  created_at: number;
  updated_at: number;
}

/** One health answer; `ciphertext` is AES-256-GCM of {value, medication, treatment} (never plain). */
export interface HealthAnswersTable {
  id: string;
  proposal_id: string;
  buyer: number;
  question_key: string;
  ciphertext: string;
  /** Which key encrypted it (first bytes of its sha256), so a rotated key is detected. */
  key_id: string;
  updated_at: number;
  updated_by: string;
}

/** A consent to the processing of health data (LGPD art. 11, I) and its revocation. */
export interface HealthConsentsTable {
  id: string;
  proposal_id: string;
  buyer: number;
  user_id: string;
  /** Version of the consent text shown. */
  version: string;
  insurance_name: string;
  granted_at: number;
  revoked_at: number | null;
  ip: string | null;
}

/** A read of someone's health answers by someone else (operators). */
export interface HealthAccessLogTable {
  id: string;
  at: number;
  proposal_id: string;
  buyer: number;
  owner_id: string | null;
  reader_id: string;
  reader_role: string;
  action: string;
  ip: string | null;
}

/** LGPD deletion requests (docs/decisions/006-privacy.md). */
export interface PrivacyRequestsTable {
  id: string;
  user_id: string;
  role: string;
  status: 'pending' | 'completed';
  requested_at: number;
  completed_at: number | null;
  completed_by: string | null;
}

/** One row per distinct front-end error (service + type + message + source); see monitoring.migration.ts. */
export interface RumErrorGroupsTable {
  id: string;
  /** sha256 of service, type, message and source; 'overflow:<service>' for the catch-all group. */
  fingerprint: string;
  service: string;
  environment: string | null;
  message: string;
  type: string | null;
  /** Where it was thrown: the agent's culprit or the first stack frame's file. */
  source: string | null;
  count: number;
  first_seen_at: number;
  last_seen_at: number;
  /** JSON {route: count} and {browser: count}, a bounded number of keys each. */
  routes: string;
  browsers: string;
  last_route: string | null;
  /** JSON text of the first event of the group, truncated. */
  sample: string;
}

/** Per-client counters of the monitoring intake's quotas, one fixed window each. */
export interface RumIntakeClientsTable {
  client: string;
  window_start: number;
  events: number;
  groups: number;
}

/** Storage keys whose object may have to be removed (see pending-storage.migration.ts). */
export interface PendingStorageTable {
  storage_key: string;
  created_at: number;
}

/** Resumable (tus) uploads (see resumable.migration.ts). */
export interface ResumableUploadsTable {
  id: string;
  user_id: string;
  proposal_id: string;
  item: string;
  file_name: string;
  declared_type: string;
  size: number;
  issued_on: string | null;
  state: 'uploading' | 'completing' | 'done' | 'refused' | 'expired';
  document_file_id: string | null;
  created_at: number;
  expires_at: number;
}

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
