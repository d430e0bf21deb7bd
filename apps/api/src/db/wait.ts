import { sql } from 'kysely';
import { isDatabaseUnavailable } from '../errors';
import type { Db } from './database';

/** The first retry comes after this long; each next one waits twice as long, up to MAX_DELAY_MS. */
const FIRST_DELAY_MS = 250;
const MAX_DELAY_MS = 5_000;

/** The database did not answer within the start's time limit, or refused for good. */
export class DatabaseStartError extends Error {}

const reason = (err: unknown) => {
  const e = err as { code?: unknown; message?: string };
  return typeof e.code === 'string' ? `${e.code}: ${e.message}` : String(e.message ?? err);
};

/**
 * Waits at start until the database answers (docs/decisions/039-database-outages.md): a database
 * that is still starting (containers started together, a failover in progress) is tried again with a
 * doubling pause (0.25 s, 0.5 s, … at most 5 s), each failed attempt logged, for at most `timeoutMs`.
 * Then, or at once for an error that waiting cannot fix (wrong password, no such database), it
 * throws DatabaseStartError saying why. Returns the number of attempts made.
 */
export async function waitForDatabase(
  db: Db,
  options: { timeoutMs: number; log: (line: string) => void; now?: () => number },
): Promise<number> {
  const now = options.now ?? Date.now;
  const deadline = now() + options.timeoutMs;
  let delay = FIRST_DELAY_MS;
  for (let attempt = 1; ; attempt++) {
    try {
      await sql`select 1`.execute(db.kysely);
      if (attempt > 1) options.log(`Database reachable after ${attempt} attempts.`);
      return attempt;
    } catch (err) {
      if (!isDatabaseUnavailable(err))
        throw new DatabaseStartError(`Database refused the start (${reason(err)}): check DATABASE_URL.`);
      const left = deadline - now();
      if (left <= 0)
        throw new DatabaseStartError(
          `Database still unreachable after ${attempt} attempts in ${Math.round(options.timeoutMs / 1000)} s (${reason(err)}): giving up.`,
        );
      const pause = Math.min(delay, left);
      options.log(
        `Database not reachable yet (${reason(err)}): attempt ${attempt}, next in ${(pause / 1000).toFixed(2)} s (giving up ${Math.ceil(left / 1000)} s from now).`,
      );
      await new Promise((resolve) => setTimeout(resolve, pause));
      delay = Math.min(delay * 2, MAX_DELAY_MS);
    }
  }
}
