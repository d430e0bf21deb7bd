import { rateLimited } from '../../errors';
import type { RateLimiter } from './rate-limit';
import { loginRefusals } from '../metrics/metrics';

/** Password checks per account per minute before the account is throttled (sliding window). */
export const LOGIN_LIMITS = { windowMs: 60_000, perAccount: 10 } as const;

export interface PasswordCheck {
  /** The account's limiter key (`login:acct:<id>`, or `login:name:…` when no account matches). */
  accountKey: string;
  ip: string;
  /** Compares the typed password with the stored hash; only called when the limits allow a check. */
  verify(): Promise<boolean>;
}

/**
 * Brute-force protection without lock-out (docs/decisions/013-login-limits-without-lock-out.md), for
 * the login and for the current password of a password change alike:
 * - every check from one IP counts against the per-IP limit (`LOGIN_IP_LIMIT_PER_MINUTE`);
 * - every check of one account takes one of 10 slots per sliding minute before the hash is compared
 *   (a right password gives its slot back), so at most 10 wrong passwords a minute are ever
 *   answered "wrong" (401) for an account, however many requests run in parallel;
 * - past that, the account is throttled, not locked: a client (IP) with no failure on this account in
 *   the last minute still gets one check — the owner's right password lets them in; a wrong one is
 *   refused as throttled and makes that client wait a minute like the rest.
 * Returns whether the password was right; throws 429 when no check is allowed.
 */
export async function checkPasswordWithLimits(
  deps: { limiter: RateLimiter; ipLimit: number },
  check: PasswordCheck,
): Promise<boolean> {
  const { limiter } = deps;
  const windowMs = LOGIN_LIMITS.windowMs;
  const ip = await limiter.take(`login:ip:${check.ip}`, { windowMs, limit: deps.ipLimit });
  if (!ip.allowed) {
    loginRefusals.inc({ limit: 'ip' });
    throw rateLimited(ip.retryAfterMs / 1000);
  }

  const clientKey = `login:client:${check.accountKey}:${check.ip}`;
  // The slot is taken before the (slow) hash comparison, so parallel requests cannot overshoot.
  const account = await limiter.take(check.accountKey, { windowMs, limit: LOGIN_LIMITS.perAccount });
  if (account.allowed) {
    if (await check.verify()) {
      // Only wrong passwords use the account's budget: the owner's own logins never throttle it.
      await limiter.undo(check.accountKey, account.eventId!);
      await limiter.reset(clientKey);
      return true;
    }
    await limiter.take(clientKey, { windowMs, limit: LOGIN_LIMITS.perAccount });
    return false;
  }

  const client = await limiter.take(clientKey, { windowMs, limit: 1 });
  if (!client.allowed) {
    loginRefusals.inc({ limit: 'account' });
    throw rateLimited(Math.min(account.retryAfterMs, client.retryAfterMs) / 1000);
  }
  if (await check.verify()) {
    await limiter.reset(clientKey);
    return true;
  }
  loginRefusals.inc({ limit: 'account' });
  throw rateLimited(Math.min(account.retryAfterMs, windowMs) / 1000);
}
