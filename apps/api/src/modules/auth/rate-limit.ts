import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Redis } from 'ioredis';
import type { Database } from '../../db/schema';

/**
 * Sliding-window limits shared by every API instance: in the database by default, in Redis when
 * REDIS_URL is set. Both drivers keep the time of each counted event (a log, not a fixed-minute
 * counter), so no span of `windowMs` ever holds more than `limit` counted events — there is no
 * clock-minute boundary to exploit. See docs/decisions/013-login-limits-without-lock-out.md.
 */
export interface RateRule {
  windowMs: number;
  limit: number;
}

export interface RateDecision {
  /** Whether this event was counted (fewer than `limit` events in the last `windowMs`). */
  allowed: boolean;
  /** Events in the window including this one, counted or not. */
  count: number;
  /** When refused: milliseconds until the oldest counted event leaves the window; 0 when allowed. */
  retryAfterMs: number;
  /** The counted event, for undo(); absent when refused. */
  eventId?: string;
}

export interface RateLimiter {
  /** Counts one event now unless the window is full; atomic across instances. */
  take(key: string, rule: RateRule): Promise<RateDecision>;
  /** Counts one event now and returns the events in the window (stored up to HIT_CAP). */
  hit(key: string, windowMs: number): Promise<number>;
  /** Events counted in the last `windowMs`, counting nothing. */
  peek(key: string, windowMs: number): Promise<number>;
  /** Uncounts one event that take() counted (a slot reserved for a check that turned out fine). */
  undo(key: string, eventId: string): Promise<void>;
  reset(key: string): Promise<void>;
}

const newEventId = (now: number) => `${now}:${randomBytes(8).toString('hex')}`;

/** A plain hit() stores at most this many events per window: enough for every limit we have. */
export const HIT_CAP = 1_000;

export interface LimiterOptions {
  /** The clock (ms); tests inject one. Instances should share NTP time: each stamps its own events. */
  now?: () => number;
}

/**
 * Database driver: one row per counted event in rate_limit_hits, and one row per key in
 * rate_limits used as a lock (PostgreSQL queues concurrent upserts of one key until commit), so the
 * count-then-insert of two instances cannot both pass the last free slot.
 */
export function createDbRateLimiter(db: Kysely<Database>, options: LimiterOptions = {}): RateLimiter {
  const clock = options.now ?? (() => Date.now());
  const take = async (key: string, { windowMs, limit }: RateRule): Promise<RateDecision> => {
    const now = clock();
    return db.transaction().execute(async (tx) => {
      await tx
        .insertInto('rate_limits')
        .values({ key, window_start: now, count: 0 })
        .onConflict((oc) => oc.column('key').doUpdateSet({ window_start: sql<number>`excluded.window_start` }))
        .execute();
      await tx
        .deleteFrom('rate_limit_hits')
        .where('key', '=', key)
        .where('at', '<=', now - windowMs)
        .execute();
      const row = await tx
        .selectFrom('rate_limit_hits')
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min<number>('at').as('oldest')])
        .where('key', '=', key)
        .executeTakeFirst();
      const n = Number(row?.n ?? 0);
      if (n >= limit) {
        const oldest = row?.oldest == null ? now : Number(row.oldest);
        return { allowed: false, count: n + 1, retryAfterMs: Math.max(1, oldest + windowMs - now) };
      }
      const eventId = newEventId(now);
      await tx.insertInto('rate_limit_hits').values({ id: eventId, key, at: now }).execute();
      return { allowed: true, count: n + 1, retryAfterMs: 0, eventId };
    });
  };
  return {
    take,
    async hit(key, windowMs) {
      return (await take(key, { windowMs, limit: HIT_CAP })).count;
    },
    async peek(key, windowMs) {
      const row = await db
        .selectFrom('rate_limit_hits')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('key', '=', key)
        .where('at', '>', clock() - windowMs)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
    async undo(key, eventId) {
      await db.deleteFrom('rate_limit_hits').where('key', '=', key).where('id', '=', eventId).execute();
    },
    async reset(key) {
      await db.transaction().execute(async (tx) => {
        await tx.deleteFrom('rate_limit_hits').where('key', '=', key).execute();
        await tx.deleteFrom('rate_limits').where('key', '=', key).execute();
      });
    },
  };
}

/**
 * Redis driver: one sorted set per key (score = event time), trimmed and checked in one Lua script,
 * so the check and the insert are atomic. reset() deletes that one key: no KEYS, no SCAN.
 */
const TAKE_SCRIPT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(ARGV[1]) - tonumber(ARGV[2]))
local n = redis.call('ZCARD', KEYS[1])
local allowed = 0
if n < tonumber(ARGV[3]) then
  redis.call('ZADD', KEYS[1], ARGV[1], ARGV[4])
  allowed = 1
end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return {allowed, n + 1, oldest[2] or ARGV[1]}
`;

export function createRedisRateLimiter(redis: Redis, options: LimiterOptions = {}): RateLimiter {
  const clock = options.now ?? (() => Date.now());
  const name = (key: string) => `rlog:${key}`;
  const take = async (key: string, { windowMs, limit }: RateRule): Promise<RateDecision> => {
    const now = clock();
    const member = newEventId(now);
    const [allowed, count, oldest] = (await redis.eval(TAKE_SCRIPT, 1, name(key), now, windowMs, limit, member)) as [
      number,
      number,
      string,
    ];
    return allowed === 1
      ? { allowed: true, count: Number(count), retryAfterMs: 0, eventId: member }
      : { allowed: false, count: Number(count), retryAfterMs: Math.max(1, Number(oldest) + windowMs - now) };
  };
  return {
    take,
    async hit(key, windowMs) {
      return (await take(key, { windowMs, limit: HIT_CAP })).count;
    },
    async peek(key, windowMs) {
      return Number(await redis.zcount(name(key), `(${clock() - windowMs}`, '+inf'));
    },
    async undo(key, eventId) {
      await redis.zrem(name(key), eventId);
    },
    async reset(key) {
      await redis.del(name(key));
    },
  };
}

/** Removes events and lock rows untouched for an hour (database driver only; Redis expires its own). */
export async function pruneRateLimits(db: Kysely<Database>, olderThanMs = 3_600_000, now = Date.now()): Promise<void> {
  await db
    .deleteFrom('rate_limit_hits')
    .where('at', '<', now - olderThanMs)
    .execute();
  await db
    .deleteFrom('rate_limits')
    .where('window_start', '<', now - olderThanMs)
    .execute();
}

/** How long the limiter counts in the database after Redis failed, before it tries Redis again. */
const REDIS_RETRY_MS = 2_000;

/**
 * Redis with the database as the fallback (docs/decisions/040-dependency-outages.md): brute-force
 * protection never switches off with Redis. A Redis command that fails or times out (the client's
 * commandTimeout bounds it) is counted in the database instead, and for REDIS_RETRY_MS every event
 * goes straight there; so does every event while the client is reconnecting. Once Redis answers
 * again, counting goes back to it. Each event id remembers its store, so undo() reaches the right one.
 * The price: at each switch a key's window starts from what the other store holds, so an outage can
 * give an attacker at most one more window's worth of attempts per switch — never an open door.
 */
export function createFailoverRateLimiter(args: {
  redis: Redis;
  fallback: RateLimiter;
  log: { warn(obj: object, msg: string): void; info(msg: string): void };
  options?: LimiterOptions;
}): RateLimiter {
  const { redis, fallback, log } = args;
  const primary = createRedisRateLimiter(redis, args.options);
  let skipUntil = 0;
  let degraded = false;
  // Monotonic: tests that fake Date must not stop the limiter from trying Redis again.
  const since = () => performance.now();
  const usable = () => since() >= skipUntil && ['ready', 'connecting', 'connect', 'wait'].includes(redis.status);

  const failed = (err: unknown) => {
    skipUntil = since() + REDIS_RETRY_MS;
    if (degraded) return;
    degraded = true;
    log.warn(
      { err: err instanceof Error ? err.message : String(err) },
      'rate limits: Redis unavailable, counting in the database until it answers again',
    );
  };
  const answered = () => {
    if (!degraded) return;
    degraded = false;
    log.info('rate limits: Redis answers again, counting there');
  };
  /** Runs on Redis when it is usable, on the database otherwise or when Redis fails. */
  async function run<T>(onPrimary: () => Promise<T>, onFallback: () => Promise<T>): Promise<T> {
    if (!usable()) {
      if (!degraded) failed(new Error(`Redis connection ${redis.status}`));
      return onFallback();
    }
    let result: T;
    try {
      result = await onPrimary();
    } catch (err) {
      failed(err);
      return onFallback();
    }
    answered();
    return result;
  }
  const tagged = (store: 'r' | 'd', decision: RateDecision): RateDecision =>
    decision.eventId ? { ...decision, eventId: `${store}|${decision.eventId}` } : decision;

  const take = (key: string, rule: RateRule) =>
    run(
      async () => tagged('r', await primary.take(key, rule)),
      async () => tagged('d', await fallback.take(key, rule)),
    );
  return {
    take,
    async hit(key, windowMs) {
      return (await take(key, { windowMs, limit: HIT_CAP })).count;
    },
    peek: (key, windowMs) =>
      run(
        () => primary.peek(key, windowMs),
        () => fallback.peek(key, windowMs),
      ),
    async undo(key, eventId) {
      const [store, id = ''] = eventId.split(/\|(.*)/s);
      if (store === 'd') return fallback.undo(key, id);
      // Giving a slot back is a kindness: when Redis cannot, the slot simply ages out of the window.
      await primary.undo(key, id).catch((err: unknown) => failed(err));
    },
    reset: (key) =>
      run(
        () => primary.reset(key),
        () => fallback.reset(key),
      ),
  };
}
