import { Redis } from 'ioredis';
import { createDbRateLimiter, createRedisRateLimiter, type RateLimiter } from '../src/modules/auth/rate-limit';
import { createTestApp, DATABASES } from './helpers';

/** A limiter driver opened with an injected clock: every test runs the same way on each of them. */
export interface LimiterDriver {
  name: string;
  open(now: () => number): Promise<{ limiter: RateLimiter; close(): Promise<void> }>;
}

/** The database drivers (SQLite, PostgreSQL with TEST_DATABASE_URL) and Redis with TEST_REDIS_URL. */
export const LIMITER_DRIVERS: LimiterDriver[] = [
  ...DATABASES.map((dialect): LimiterDriver => ({
    name: dialect,
    async open(now) {
      const t = await createTestApp(dialect, { seed: false });
      return { limiter: createDbRateLimiter(t.db.kysely, { now }), close: () => t.close() };
    },
  })),
  ...(process.env.TEST_REDIS_URL
    ? [
        {
          name: 'redis',
          async open(now: () => number) {
            const redis = new Redis(process.env.TEST_REDIS_URL!);
            return { limiter: createRedisRateLimiter(redis, { now }), close: async () => redis.disconnect() };
          },
        },
      ]
    : []),
];
