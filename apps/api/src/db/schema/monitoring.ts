/**
 * Front-end monitoring: events, error groups and the intake quotas.
 * Timestamps are epoch milliseconds (bigint on PostgreSQL, parsed to number; integer on SQLite).
 */

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

/** One row per distinct front-end error (service + type + message + source); see db/migrations/0120-rum-error-groups.ts. */
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
