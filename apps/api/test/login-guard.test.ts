import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../src/errors';
import { checkPasswordWithLimits, LOGIN_LIMITS } from '../src/modules/auth/login-guard';
import type { RateLimiter } from '../src/modules/auth/rate-limit';
import { LIMITER_DRIVERS } from './limiter-drivers';

/**
 * The login limits as properties, with an injected clock and a stand-in for the hash comparison, on
 * every limiter driver: an attacker never gets more than 10 "wrong password" answers for an account
 * in any 60 seconds, and the owner on a client with no recent failure always gets in.
 */
const WINDOW = LOGIN_LIMITS.windowMs;
type Outcome = 'ok' | 'wrong' | 'throttled';

describe.each(LIMITER_DRIVERS)('login limits on the $name limiter', (driver) => {
  let clock = 1_900_000_000_000;
  let limiter: RateLimiter;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ limiter, close } = await driver.open(() => clock));
  });
  afterAll(async () => close?.());

  const attempt = async (
    accountKey: string,
    ip: string,
    right: boolean,
  ): Promise<{ outcome: Outcome; checked: boolean }> => {
    let checked = false;
    const verify = async () => {
      checked = true;
      return right;
    };
    try {
      const ok = await checkPasswordWithLimits({ limiter, ipLimit: 10_000 }, { accountKey, ip, verify });
      return { outcome: ok ? 'ok' : 'wrong', checked };
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 429) return { outcome: 'throttled', checked };
      throw err;
    }
  };

  it('the attacker is throttled after 10 wrong passwords; the owner on another client still gets in', async () => {
    const account = `login:acct:${randomBytes(6).toString('hex')}`;
    for (let i = 0; i < 10; i++) expect((await attempt(account, '198.51.100.1', false)).outcome).toBe('wrong');
    for (let i = 0; i < 5; i++)
      expect(await attempt(account, '198.51.100.1', false)).toEqual({ outcome: 'throttled', checked: false });
    expect((await attempt(account, '198.51.100.1', true)).outcome).toBe('throttled');
    expect((await attempt(account, '192.0.2.9', true)).outcome).toBe('ok');
    // A new client guessing wrong spends its one check and waits like the attacker.
    expect(await attempt(account, '192.0.2.10', false)).toEqual({ outcome: 'throttled', checked: true });
    expect(await attempt(account, '192.0.2.10', true)).toEqual({ outcome: 'throttled', checked: false });
    clock += WINDOW;
    expect((await attempt(account, '198.51.100.1', true)).outcome).toBe('ok');
  });

  it('right passwords give their slot back: the owner logging in often never throttles the account', async () => {
    const account = `login:acct:${randomBytes(6).toString('hex')}`;
    for (let i = 0; i < 15; i++) expect((await attempt(account, '192.0.2.20', true)).outcome).toBe('ok');
    for (let i = 0; i < 10; i++) expect((await attempt(account, '192.0.2.21', false)).outcome).toBe('wrong');
    expect((await attempt(account, '192.0.2.21', false)).outcome).toBe('throttled');
  });

  it('property: at most 10 wrong answers per account in any 60 s, one check per failing client, the owner gets in', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            gapMs: fc.integer({ min: 0, max: 8_000 }),
            client: fc.integer({ min: 0, max: 3 }),
            right: fc.boolean(),
          }),
          { maxLength: 60 },
        ),
        async (attempts) => {
          const account = `login:acct:${randomBytes(6).toString('hex')}`;
          // The reference model of docs/decisions/013: the account's wrong checks, each client's failures.
          const checks: number[] = [];
          const failures: number[][] = [[], [], [], []];
          const wrongAnswers: number[] = [];
          const recent = (times: number[]) => times.filter((at) => clock - at < WINDOW).length;
          for (const { gapMs, client, right } of attempts) {
            clock += gapMs;
            const fresh = recent(failures[client]!) === 0;
            const underBudget = recent(checks) < LOGIN_LIMITS.perAccount;
            const got = await attempt(account, `203.0.113.${client}`, right);

            if (right && (underBudget || fresh)) expect(got.outcome).toBe('ok');
            if (underBudget) {
              if (!right) checks.push(clock);
              expect(got).toEqual({ outcome: right ? 'ok' : 'wrong', checked: true });
            } else {
              expect(got).toEqual(
                fresh
                  ? { outcome: right ? 'ok' : 'throttled', checked: true }
                  : { outcome: 'throttled', checked: false },
              );
            }
            if (got.outcome === 'ok') failures[client] = [];
            else if (got.checked) failures[client]!.push(clock);
            if (got.outcome === 'wrong') wrongAnswers.push(clock);
          }
          for (const start of wrongAnswers) {
            expect(wrongAnswers.filter((at) => at >= start && at < start + WINDOW).length).toBeLessThanOrEqual(10);
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
