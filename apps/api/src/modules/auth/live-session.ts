import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Database, UsersTable } from '../../db/schema';
import type { Param } from '../../db/prepared';

/**
 * The one place the session's SQL is written (docs/decisions/057-the-api-at-its-floor.md). A
 * signed-in request reads its session from the database every time (a logout or a revoked session
 * is refused on the very next request, on every instance); a hot read can do that in its own
 * statement instead of a statement of its own: `fromLiveSession` starts the query at the session
 * joined to its user and the query joins its data under `sessionIsLive`, so an expired session
 * reads no data. The session lookup of every other route (sessions.repository.ts) is the same
 * query alone.
 */

/** What a statement needs to check a session: the token's hash, the time, and the idle limit. */
export type SessionKey = {
  /** sha256 of the cookie's token (sessions.id). */
  sessionId: string;
  now: number;
  /** A session last seen at or before this moment has been idle too long. */
  idleSince: number;
};

/** The session's columns in a row of a query built on fromLiveSession. */
export interface LiveSessionRow {
  s_user_id: string;
  s_user_name: string;
  s_user_email: string;
  s_user_role: UsersTable['role'];
  s_last_seen_at: number;
  s_expires_at: number;
}

/**
 * The session of `sessionId` joined to its user, its columns selected as LiveSessionRow: zero rows
 * for an unknown (logged out, revoked) session, one otherwise. A query adds its data with joins
 * under `sessionIsLive`. (A plain join, not a CTE: SQLite ran the same lookup as a CTE a third slower.)
 */
export function fromLiveSession<P extends Pick<SessionKey, 'sessionId'>>(q: Kysely<Database>, param: Param<P>) {
  return q
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
    .where('sessions.id', '=', param('sessionId'));
}

/** Whether the session is within its absolute and idle limits: the condition data joins under. */
export function sessionIsLive<P extends SessionKey>(param: Param<P>): Expression<SqlBool> {
  return sql<SqlBool>`(sessions.expires_at > ${param('now')} and sessions.last_seen_at > ${param('idleSince')})`;
}
