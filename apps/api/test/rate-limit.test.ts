import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createDbRateLimiter,
  createFailoverRateLimiter,
  createRedisRateLimiter,
  type RateLimiter,
} from '../src/modules/auth/rate-limit';
import { createTestApp, DATABASES } from './helpers';
import { LIMITER_DRIVERS as drivers } from './limiter-drivers';

/**
 * The sliding-window limiter, run identically on every driver with an injected clock: the database
 * (SQLite, and PostgreSQL with TEST_DATABASE_URL) and Redis (with TEST_REDIS_URL).
 */
const WINDOW = 60_000;
const LIMIT = 10;
const RULE = { windowMs: WINDOW, limit: LIMIT };

describe.each(drivers)('sliding-window limiter on $name', (driver) => {
  let clock = 1_800_000_000_000;
  let limiter: RateLimiter;
  let close: () => Promise<void>;
  // Unique keys: Redis is shared with other test runs.
  const key = (name: string) => `test:${randomBytes(6).toString('hex')}:${name}`;

  beforeAll(async () => {
    ({ limiter, close } = await driver.open(() => clock));
  });
  afterAll(async () => close?.());

  it('counts up to the limit, then refuses with the time until the oldest event leaves', async () => {
    const k = key('basic');
    for (let i = 1; i <= LIMIT; i++) {
      expect(await limiter.take(k, RULE)).toMatchObject({ allowed: true, count: i, retryAfterMs: 0 });
      clock += 1_000;
    }
    expect(await limiter.peek(k, WINDOW)).toBe(LIMIT);
    expect(await limiter.take(k, RULE)).toEqual({ allowed: false, count: LIMIT + 1, retryAfterMs: 50_000 });
    // A refused event is not counted: when the first leaves the window, exactly one slot frees.
    clock += 50_000;
    expect((await limiter.take(k, RULE)).allowed).toBe(true);
    expect((await limiter.take(k, RULE)).allowed).toBe(false);
    clock += 1_000;
    expect((await limiter.take(k, RULE)).allowed).toBe(true);
  });

  it('has no minute boundary: 10 events just before a minute turns block the 10 just after', async () => {
    const k = key('boundary');
    clock = Math.ceil(clock / WINDOW) * WINDOW + WINDOW - 100;
    for (let i = 0; i < LIMIT; i++) expect((await limiter.take(k, RULE)).allowed).toBe(true);
    clock += 200;
    for (let i = 0; i < LIMIT; i++) expect((await limiter.take(k, RULE)).allowed).toBe(false);
    clock += WINDOW - 200;
    expect((await limiter.take(k, RULE)).allowed).toBe(true);
  });

  it('peek counts nothing, reset forgets, keys are independent', async () => {
    const [a, b] = [key('a'), key('b')];
    for (let i = 0; i < LIMIT; i++) await limiter.take(a, RULE);
    expect(await limiter.peek(a, WINDOW)).toBe(LIMIT);
    expect(await limiter.peek(a, WINDOW)).toBe(LIMIT);
    expect(await limiter.peek(b, WINDOW)).toBe(0);
    expect((await limiter.take(b, RULE)).allowed).toBe(true);
    await limiter.reset(a);
    expect(await limiter.peek(a, WINDOW)).toBe(0);
    expect((await limiter.take(a, RULE)).allowed).toBe(true);
    expect(await limiter.hit(b, WINDOW)).toBe(2);
  });

  it('undo uncounts exactly the one event it names', async () => {
    const k = key('undo');
    const first = await limiter.take(k, RULE);
    const second = await limiter.take(k, RULE);
    await limiter.undo(k, first.eventId!);
    expect(await limiter.peek(k, WINDOW)).toBe(1);
    await limiter.undo(k, first.eventId!);
    expect(await limiter.peek(k, WINDOW)).toBe(1);
    await limiter.undo(k, second.eventId!);
    expect(await limiter.peek(k, WINDOW)).toBe(0);
  });

  it('concurrent events on one key never pass the limit', async () => {
    const k = key('race');
    const results = await Promise.all(Array.from({ length: 25 }, () => limiter.take(k, RULE)));
    expect(results.filter((r) => r.allowed)).toHaveLength(LIMIT);
  });

  it('property: no 60-second span holds more than 10 counted events, and nothing is refused early', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ gapMs: fc.integer({ min: 0, max: 15_000 }), who: fc.integer({ min: 0, max: 2 }) }), {
          maxLength: 60,
        }),
        async (events) => {
          const keys = [key('p0'), key('p1'), key('p2')];
          const counted: number[][] = [[], [], []];
          for (const { gapMs, who } of events) {
            clock += gapMs;
            const decision = await limiter.take(keys[who]!, RULE);
            const inWindow = counted[who]!.filter((at) => clock - at < WINDOW).length;
            // The reference model: counted exactly when fewer than 10 counted events are under 60 s old.
            expect(decision.allowed).toBe(inWindow < LIMIT);
            if (decision.allowed) counted[who]!.push(clock);
          }
          for (const times of counted) {
            for (const start of times)
              expect(times.filter((at) => at >= start && at < start + WINDOW).length).toBeLessThanOrEqual(LIMIT);
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('Redis driver commands', () => {
  it('reset deletes one key: no KEYS and no SCAN sent to Redis', async () => {
    const redis = new Redis(process.env.TEST_REDIS_URL!);
    try {
      const limiter = createRedisRateLimiter(redis);
      const k = `test:${randomBytes(6).toString('hex')}`;
      await limiter.take(k, RULE);
      const sent = vi.spyOn(redis, 'sendCommand');
      await limiter.reset(k);
      const names = sent.mock.calls.map(([command]) => (command as { name: string }).name.toLowerCase());
      expect(names).toEqual(['del']);
      expect(await limiter.peek(k, WINDOW)).toBe(0);
    } finally {
      redis.disconnect();
    }
  });
});

describe.each(DATABASES)('Redis away: the limits fall back to the database (%s)', (dialect) => {
  it('counts in the database when Redis does not answer, refuses past the limit, and undo reaches the database', async () => {
    const t = await createTestApp(dialect, { seed: false });
    // Nothing listens on port 1: every connection is refused, as with a Redis that died.
    const redis = new Redis('redis://127.0.0.1:1', {
      maxRetriesPerRequest: 1,
      commandTimeout: 500,
      retryStrategy: () => 200,
    });
    redis.on('error', () => undefined);
    const warnings: string[] = [];
    try {
      const limiter = createFailoverRateLimiter({
        redis,
        fallback: createDbRateLimiter(t.db.kysely),
        log: { warn: (_obj, msg) => warnings.push(msg), info: () => undefined },
      });
      const k = `test:${randomBytes(6).toString('hex')}`;
      const taken = [];
      for (let i = 0; i < LIMIT; i++) taken.push(await limiter.take(k, RULE));
      expect(taken.every((d) => d.allowed)).toBe(true);
      expect(await limiter.take(k, RULE)).toMatchObject({ allowed: false, count: LIMIT + 1 });
      // The events are in the database, where the instances without Redis count too.
      expect(await createDbRateLimiter(t.db.kysely).peek(k, WINDOW)).toBe(LIMIT);
      await limiter.undo(k, taken[0]!.eventId!);
      expect((await limiter.take(k, RULE)).allowed).toBe(true);
      // One warning for the outage, not one per event.
      expect(warnings).toEqual(['rate limits: Redis unavailable, counting in the database until it answers again']);
    } finally {
      redis.disconnect();
      await t.close();
    }
  });
});
