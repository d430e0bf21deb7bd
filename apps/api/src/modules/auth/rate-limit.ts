import { sql, type Kysely } from 'kysely';
import type { Redis } from 'ioredis';
import type { Database } from '../../db/schema';

/**
 * Fixed-window counters shared by every API instance: in the database by default, in Redis when
 * REDIS_URL is set. hit() counts one event and returns the count in the current window.
 */
export interface RateLimiter {
  hit(key: string, windowMs: number): Promise<number>;
  peek(key: string, windowMs: number): Promise<number>;
  reset(key: string): Promise<void>;
}

const windowStart = (windowMs: number, now = Date.now()) => Math.floor(now / windowMs) * windowMs;

export function createDbRateLimiter(db: Kysely<Database>): RateLimiter {
  return {
    async hit(key, windowMs) {
      const start = windowStart(windowMs);
      const row = await db
        .insertInto('rate_limits')
        .values({ key, window_start: start, count: 1 })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            count: sql<number>`case when rate_limits.window_start = excluded.window_start then rate_limits.count + 1 else 1 end`,
            window_start: sql<number>`excluded.window_start`,
          }),
        )
        .returning('count')
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
    async peek(key, windowMs) {
      const row = await db
        .selectFrom('rate_limits')
        .select('count')
        .where('key', '=', key)
        .where('window_start', '=', windowStart(windowMs))
        .executeTakeFirst();
      return row ? Number(row.count) : 0;
    },
    async reset(key) {
      await db.deleteFrom('rate_limits').where('key', '=', key).execute();
    },
  };
}

export function createRedisRateLimiter(redis: Redis): RateLimiter {
  const k = (key: string, windowMs: number) => `rl:${key}:${windowStart(windowMs)}`;
  return {
    async hit(key, windowMs) {
      const name = k(key, windowMs);
      const [[, count]] = (await redis.multi().incr(name).pexpire(name, windowMs).exec()) as [[unknown, number]];
      return Number(count);
    },
    async peek(key, windowMs) {
      return Number((await redis.get(k(key, windowMs))) ?? 0);
    },
    async reset(key) {
      const names = await redis.keys(`rl:${key}:*`);
      if (names.length) await redis.del(...names);
    },
  };
}

/** Removes counters of windows long past (database driver only; Redis expires its own). */
export async function pruneRateLimits(db: Kysely<Database>, olderThanMs = 3_600_000): Promise<void> {
  await db
    .deleteFrom('rate_limits')
    .where('window_start', '<', Date.now() - olderThanMs)
    .execute();
}
