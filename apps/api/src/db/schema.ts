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

export interface RateLimitsTable {
  key: string;
  window_start: number;
  count: number;
}

export interface PasswordTokensTable {
  /** sha256 of the e-mailed token. */
  id: string;
  user_id: string;
  purpose: 'recover' | 'invite';
  created_at: number;
  expires_at: number;
  used_at: number | null;
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

export interface Database {
  rum_events: RumEventsTable;
  settings: SettingsTable;
  proposal_sections: ProposalSectionsTable;
  users: UsersTable;
  sessions: SessionsTable;
  rate_limits: RateLimitsTable;
  password_tokens: PasswordTokensTable;
  outbox: OutboxTable;
  proposals: ProposalsTable;
  proposal_members: ProposalMembersTable;
  audit_log: AuditLogTable;
}
