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

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  rate_limits: RateLimitsTable;
  password_tokens: PasswordTokensTable;
  outbox: OutboxTable;
  proposals: ProposalsTable;
  proposal_members: ProposalMembersTable;
  audit_log: AuditLogTable;
}
