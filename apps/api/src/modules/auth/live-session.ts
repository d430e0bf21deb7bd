import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Database, UsersTable } from '../../db/schema';
import type { Param } from '../../db/prepared';

/**
 * The one place the session's SQL is written (docs/decisions/057-the-api-at-its-floor.md). A
 * signed-in request reads its session from the database every time (a logout or a revoked session
 * is refused on the very next request, on every instance); a hot read can do that in its own
 * statement instead of a statement of its own: `withLiveSession` puts the session, joined to its
 * user, in a `live_session` CTE; the query selects LIVE_SESSION_COLUMNS from it and joins its data
 * under `sessionIsLive`, so an expired session reads no data. The session lookup of every other
 * route (sessions.repository.ts) is the same CTE alone.
 */

/** What a statement needs to check a session: the token's hash, the time, and the idle limit. */
export type SessionKey = {
  /** sha256 of the cookie's token (sessions.id). */
  sessionId: string;
  now: number;
  /** A session last seen at or before this moment has been idle too long. */
  idleSince: number;
};

/** The session's columns in a row of a query built on withLiveSession. */
export interface LiveSessionRow {
  s_user_id: string;
  s_user_name: string;
  s_user_email: string;
  s_user_role: UsersTable['role'];
  s_last_seen_at: number;
  s_expires_at: number;
}

export const LIVE_SESSION_COLUMNS = [
  'live_session.s_user_id',
  'live_session.s_user_name',
  'live_session.s_user_email',
  'live_session.s_user_role',
  'live_session.s_last_seen_at',
  'live_session.s_expires_at',
] as const;

/** The `live_session` CTE: zero rows for an unknown (logged out, revoked) session, one otherwise. */
export function withLiveSession<P extends Pick<SessionKey, 'sessionId'>>(q: Kysely<Database>, param: Param<P>) {
  return q.with('live_session', (db) =>
    db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select([
        'users.id as s_user_id',
        'users.name as s_user_name',
        'users.email as s_user_email',
        'users.role as s_user_role',
        'sessions.last_seen_at as s_last_seen_at',
        'sessions.expires_at as s_expires_at',
      ])
      .where('sessions.id', '=', param('sessionId')),
  );
}

/** Whether the live_session row is within its absolute and idle limits: the condition data joins under. */
export function sessionIsLive<P extends SessionKey>(param: Param<P>): Expression<SqlBool> {
  return sql<SqlBool>`(live_session.s_expires_at > ${param('now')} and live_session.s_last_seen_at > ${param('idleSince')})`;
}
