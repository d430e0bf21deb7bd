import type { ColumnType } from 'kysely';

/**
 * Accounts, sessions, limits, one-time links, the outbox, background jobs, the audit log, settings,
 * operator permissions and privacy requests.
 * Timestamps are epoch milliseconds (bigint on PostgreSQL, parsed to number; integer on SQLite).
 */

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

export interface AuditLogTable {
  id: string;
  at: number;
  actor_id: string | null;
  action: string;
  subject: string | null;
  ip: string | null;
  detail: string | null;
}

/** Operator-set values, one row per key (JSON text). */
export interface SettingsTable {
  key: string;
  value: string;
  updated_at: number;
  updated_by: string | null;
}

/** Fine permissions of operators (docs/decisions/007), e.g. 'health:read'. */
export interface OperatorPermissionsTable {
  user_id: string;
  permission: string;
  granted_by: string | null;
  granted_at: number;
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
