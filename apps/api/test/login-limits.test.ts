import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatCpf } from '@portal/domain/cpf';
import { appSuite, createUser, DATABASES, DEMO_PASSWORD, sessionSetCookie } from './helpers';
import { authCalls } from './helpers/auth';

/**
 * Login limits over HTTP (docs/decisions/013): throttling without lock-out, a sliding minute, on the
 * database limiter and, with TEST_REDIS_URL, on the Redis one. Each test uses its own client
 * addresses and accounts, so nothing has to be reset between tests.
 */
type Role = 'buyer' | 'seller' | 'operator';
const variants = [
  ...DATABASES.map((dialect) => ({ name: dialect, dialect, env: {} as Record<string, string> })),
  ...(process.env.TEST_REDIS_URL
    ? [{ name: 'sqlite + Redis', dialect: 'sqlite' as const, env: { REDIS_URL: process.env.TEST_REDIS_URL } }]
    : []),
];
const RATE_LIMITED = {
  error: { code: 'rate_limited', message: 'Muitas tentativas. Aguarde um minuto e tente novamente.' },
};

// Redis outlives a test run: addresses and names are unique to this run.
const RUN = randomBytes(4).toString('hex');
let ipSeq = randomBytes(2).readUInt16BE(0) * 100;
/** A client address no other test uses (IPv6, so a random prefix gives room). */
const newIp = () => `2001:db8:${RUN.slice(0, 4)}:${RUN.slice(4)}::${(++ipSeq).toString(16)}`;

describe.each(variants)('login limits on $name', ({ dialect, env }) => {
  const { t } = appSuite(dialect, { env });
  const auth = authCalls(t);
  // A clock the tests move by hand (Date only: the database and Redis keep working in real time).
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now());
  });
  afterEach(() => vi.useRealTimers());

  const tryLogin = (username: string, remoteAddress: string, password = DEMO_PASSWORD, type: Role = 'buyer') =>
    auth.tryLogin(username, type, password, { remoteAddress });
  const failTimes = async (n: number, username: string, remoteAddress: string) => {
    for (let i = 0; i < n; i++) expect((await tryLogin(username, remoteAddress, `Errada${i}x`)).statusCode).toBe(401);
  };

  it('after 10 wrong passwords the attacking client gets 429, even with the right password', async () => {
    const user = await createUser(t);
    const attacker = newIp();
    await failTimes(10, user.email, attacker);
    for (const password of ['Errada99x', DEMO_PASSWORD]) {
      const res = await tryLogin(user.email, attacker, password);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual(RATE_LIMITED);
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(sessionSetCookie(res)).toBeUndefined();
    }
  });

  it('no lock-out: while an attacker hammers the account, the owner on another client gets in', async () => {
    const user = await createUser(t);
    const attacker = newIp();
    await failTimes(10, user.email, attacker);
    for (let i = 0; i < 20; i++) {
      vi.setSystemTime(Date.now() + 2_000);
      expect((await tryLogin(user.email, attacker, `Outra${i}x`)).statusCode).toBe(429);
      if (i === 10) {
        const owner = await tryLogin(user.email, newIp());
        expect(owner.statusCode).toBe(200);
        expect(sessionSetCookie(owner)).toBeDefined();
        expect((await tryLogin(formatCpf(user.cpf), newIp())).statusCode).toBe(200);
      }
    }
  });

  it('a new client guessing wrong on a throttled account spends its one try and waits', async () => {
    const user = await createUser(t);
    await failTimes(10, user.email, newIp());
    const second = newIp();
    expect((await tryLogin(user.email, second, 'Errada2026')).statusCode).toBe(429);
    expect((await tryLogin(user.email, second)).statusCode).toBe(429);
  });

  it('9 wrong passwords still let the right one in from the same client', async () => {
    const user = await createUser(t);
    const ip = newIp();
    await failTimes(9, user.email, ip);
    expect((await tryLogin(user.email, ip)).statusCode).toBe(200);
  });

  it('counts per account: its e-mail and its CPF share one counter; another account is not affected', async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const ip = newIp();
    await failTimes(5, user.email, ip);
    await failTimes(5, formatCpf(user.cpf), ip);
    expect((await tryLogin(user.cpf, ip)).statusCode).toBe(429);
    expect((await tryLogin(user.email.toUpperCase(), ip)).statusCode).toBe(429);
    expect((await tryLogin(other.email, ip)).statusCode).toBe(200);
  });

  it('unknown accounts are limited the same way (no enumeration through the limit)', async () => {
    const ip = newIp();
    const name = `ninguem.${RUN}.${ipSeq}@teste.com.br`;
    await failTimes(10, name, ip);
    expect((await tryLogin(name, ip)).statusCode).toBe(429);
  });

  it('slides: no minute boundary to reset the count, and the client tries again 60 s after its failures', async () => {
    const user = await createUser(t);
    const ip = newIp();
    vi.setSystemTime(Math.ceil(Date.now() / 60_000) * 60_000 + 59_000);
    await failTimes(10, user.email, ip);
    vi.setSystemTime(Date.now() + 2_000); // the clock minute has turned
    expect((await tryLogin(user.email, ip)).statusCode).toBe(429);
    vi.setSystemTime(Date.now() + 57_000);
    expect((await tryLogin(user.email, ip)).statusCode).toBe(429);
    vi.setSystemTime(Date.now() + 1_000);
    expect((await tryLogin(user.email, ip)).statusCode).toBe(200);
  });

  it('more than 30 attempts from one IP in a minute are refused, whatever the accounts', async () => {
    const ip = newIp();
    for (let i = 0; i < 30; i++)
      expect((await tryLogin(`ip${i}.${RUN}.${ipSeq}@teste.com.br`, ip, 'Errada123')).statusCode).toBe(401);
    const res = await tryLogin('comprador@demo.com.br', ip);
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
    expect((await tryLogin('comprador@demo.com.br', newIp())).statusCode).toBe(200);
  });
});
