import type { Kysely } from 'kysely';
import type { Database, UsersTable } from '../../db/schema';
import { randomToken, sha256 } from '../../crypto';
import { prepareQuery } from '../../db/prepared';

export interface SessionPolicy {
  idleMs: number;
  absoluteMs: number;
}

/** last_seen_at is written at most this often, so reads do not turn into writes. */
const TOUCH_EVERY_MS = 60_000;

export type SessionUserRow = Pick<UsersTable, 'id' | 'name' | 'email' | 'role'>;

export function createSessionsRepository(db: Kysely<Database>, policy: SessionPolicy) {
  // Every signed-in request runs these: one indexed lookup (session joined to its user), and a
  // touch at most once a minute.
  const selectSessionUser = prepareQuery<{ id: string }, SessionUserRow & { last_seen_at: number; expires_at: number }>(
    db,
    (q, param) =>
      q
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select(['users.id', 'users.name', 'users.email', 'users.role', 'sessions.last_seen_at', 'sessions.expires_at'])
        .where('sessions.id', '=', param('id')),
  );
  const touchSession = prepareQuery<{ id: string; now: number }, never>(db, (q, param) =>
    q
      .updateTable('sessions')
      .set({ last_seen_at: param('now') })
      .where('id', '=', param('id')),
  );
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

    /** The user of a live session, or null (unknown, idle too long, or past its absolute expiry). */
    async findSessionUser(token: string): Promise<SessionUserRow | null> {
      const id = sha256(token);
      const now = Date.now();
      const [row] = await selectSessionUser({ id });
      if (!row) return null;
      if (row.expires_at <= now || row.last_seen_at + policy.idleMs <= now) {
        await db.deleteFrom('sessions').where('id', '=', id).execute();
        return null;
      }
      if (now - row.last_seen_at > TOUCH_EVERY_MS) {
        await touchSession({ id, now });
      }
      return { id: row.id, name: row.name, email: row.email, role: row.role };
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
