import type { Kysely } from 'kysely';
import type { Database, UsersTable } from '../../db/schema';
import { randomToken, sha256 } from '../../crypto';
import { prepareQuery } from '../../db/prepared';
import { fromLiveSession, type LiveSessionRow, type SessionKey } from './live-session';

export interface SessionPolicy {
  idleMs: number;
  absoluteMs: number;
}

/** last_seen_at is written at most this often, so reads do not turn into writes. */
const TOUCH_EVERY_MS = 60_000;

export type SessionUserRow = Pick<UsersTable, 'id' | 'name' | 'email' | 'role'>;

export function createSessionsRepository(db: Kysely<Database>, policy: SessionPolicy) {
  // Every signed-in request runs these (or reads the session within its own statement: live-session.ts): one
  // indexed lookup (session joined to its user), and a touch at most once a minute.
  const selectSessionUser = prepareQuery<Pick<SessionKey, 'sessionId'>, LiveSessionRow>(db, (q, param) =>
    fromLiveSession(q, param),
  );
  const touchSession = prepareQuery<{ id: string; now: number }, never>(db, (q, param) =>
    q
      .updateTable('sessions')
      .set({ last_seen_at: param('now') })
      .where('id', '=', param('id')),
  );

  /** What a statement needs to check the session of this cookie token, now. */
  function keyFor(token: string): SessionKey {
    const now = Date.now();
    return { sessionId: sha256(token), now, idleSince: now - policy.idleMs };
  }

  /**
   * The user of a fromLiveSession row, or null (no row: unknown or revoked; idle too long, or past its
   * absolute expiry: deleted). Touches last_seen_at at most once a minute. Synchronous on the common
   * path (a live session seen within the minute): no promise made for it on every request.
   */
  function settleSession(
    row: LiveSessionRow | undefined,
    key: SessionKey,
  ): SessionUserRow | null | Promise<SessionUserRow | null> {
    if (!row) return null;
    const { now, sessionId } = key;
    if (row.s_expires_at <= now || row.s_last_seen_at <= key.idleSince) {
      return db
        .deleteFrom('sessions')
        .where('id', '=', sessionId)
        .execute()
        .then(() => null);
    }
    const user: SessionUserRow = {
      id: row.s_user_id,
      name: row.s_user_name,
      email: row.s_user_email,
      role: row.s_user_role,
    };
    if (now - row.s_last_seen_at > TOUCH_EVERY_MS) return touchSession({ id: sessionId, now }).then(() => user);
    return user;
  }

  return {
    async createSession(args: { userId: string; ip: string | null; userAgent: string | null }): Promise<string> {
      const token = randomToken();
      const now = Date.now();
      await db
        .insertInto('sessions')
        .values({
          id: sha256(token),
          user_id: args.userId,
          created_at: now,
          last_seen_at: now,
          expires_at: now + policy.absoluteMs,
          ip: args.ip,
          user_agent: args.userAgent?.slice(0, 300) ?? null,
        })
        .execute();
      return token;
    },

    keyFor,
    settleSession,

    /** The user of a live session, or null (unknown, idle too long, or past its absolute expiry). */
    findSessionUser(token: string): Promise<SessionUserRow | null> {
      const key = keyFor(token);
      return selectSessionUser({ sessionId: key.sessionId }).then(([row]) => settleSession(row, key));
    },

    async deleteSession(token: string): Promise<void> {
      await db.deleteFrom('sessions').where('id', '=', sha256(token)).execute();
    },

    async deleteUserSessions(userId: string): Promise<void> {
      await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
    },

    async pruneExpiredSessions(): Promise<void> {
      const now = Date.now();
      await db
        .deleteFrom('sessions')
        .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<=', now - policy.idleMs)]))
        .execute();
    },
  };
}
export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
