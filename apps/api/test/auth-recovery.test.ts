import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { API_MESSAGES } from '@portal/domain/api-error';
import { formatCpf } from '@portal/domain/cpf';
import { PASSWORD_RULE_TEXT } from '@portal/domain/fields';
import { appSuite, createUser, DATABASES, DEMO_PASSWORD, login, resetRateLimits, sessionSetCookie } from './helpers';
import { authCalls } from './helpers/auth';

const FOREIGN_ORIGIN = { error: { code: 'foreign_origin', message: API_MESSAGES.foreignOrigin } };
const NEW_PASSWORD = 'NovaSenha2026';

describe.each(DATABASES)('auth: recovery, CSRF and headers on %s', (dialect) => {
  const { t, anonymous } = appSuite(dialect);
  beforeEach(async () => resetRateLimits(t));
  const { post, get, withCookie, tryLogin, whoIs } = authCalls(t);

  describe('POST /auth/recover and the e-mailed token', () => {
    const ACCEPTED = { data: { message: API_MESSAGES.recoverAccepted } };
    const outboxFor = (email: string) =>
      t.db.kysely.selectFrom('outbox').selectAll().where('to_address', '=', email).orderBy('created_at').execute();
    const tokenIn = (text: string) => {
      const m = /http:\/\/localhost:3000\/buyer\/change-password\?token=([A-Za-z0-9_-]+)/.exec(text);
      if (!m) throw new Error(`no link in: ${text}`);
      return m[1]!;
    };
    /** Requests a link for the account and returns the token it carries. */
    const recoverToken = async (user: { email: string; cpf: string }) => {
      const before = (await outboxFor(user.email)).length;
      const res = await post('/recover', { email: user.email, cpf: formatCpf(user.cpf) });
      expect(res.statusCode).toBe(202);
      const rows = await outboxFor(user.email);
      expect(rows).toHaveLength(before + 1);
      return tokenIn(rows.at(-1)!.text_body);
    };
    const changeWithToken = (token: string, pass = NEW_PASSWORD, repeat = pass) =>
      post('/change-password', { pass, repeat, token });

    it('always answers 202 with the same body, and e-mails only when e-mail and CPF match', async () => {
      const user = await createUser(t);
      const otherCpf = formatCpf((await createUser(t)).cpf);
      const cases = [
        { email: 'ninguem@teste.com.br', cpf: formatCpf(user.cpf) },
        { email: user.email, cpf: otherCpf },
        { email: user.email },
        { email: 'not-an-email', cpf: '123' },
        { email: user.email, cpf: user.cpf, role: 'operator' },
        [],
        'texto',
        null,
      ].map((payload) => JSON.stringify(payload));
      for (const payload of [...cases, undefined]) {
        const res = await post(
          '/recover',
          payload,
          payload === undefined ? {} : { headers: { 'content-type': 'application/json' } },
        );
        expect(res.statusCode, payload).toBe(202);
        expect(res.json()).toEqual(ACCEPTED);
      }
      expect(await outboxFor(user.email)).toHaveLength(0);

      const ok = await post('/recover', { email: user.email.toUpperCase(), cpf: user.cpf });
      expect(ok.statusCode).toBe(202);
      expect(ok.json()).toEqual(ACCEPTED);
      const rows = await outboxFor(user.email);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.kind).toBe('recover');
      expect(rows[0]!.text_body).toMatch(/^Olá, Pessoa\./);
      expect(rows[0]!.text_body).toMatch(/http:\/\/localhost:3000\/buyer\/change-password\?token=[A-Za-z0-9_-]{43}\b/);
    });

    it('delivers the message as an .eml file under DATA_DIR/outbox that carries the link', async () => {
      const user = await createUser(t);
      const token = await recoverToken(user);
      await t.app.mailer.deliver();
      const row = (await outboxFor(user.email))[0]!;
      expect(row.sent_at).not.toBeNull();
      const dir = join(t.config.dataDir, 'outbox');
      const file = readdirSync(dir).find((f) => f.endsWith(`-${row.id}.eml`));
      expect(file).toBeDefined();
      const eml = readFileSync(join(dir, file!), 'utf8');
      expect(eml).toMatch(new RegExp(`^To: ${user.email.replace(/\./g, '\\.')}$`, 'm'));
      expect(decodeMailBody(eml)).toContain(`http://localhost:3000/buyer/change-password?token=${token}`);
    });

    it('a message queued while a delivery pass is under way is sent by the next deliver()', async () => {
      const a = await createUser(t);
      const b = await createUser(t);
      await post('/recover', { email: a.email, cpf: a.cpf });
      const first = t.app.mailer.deliver();
      await post('/recover', { email: b.email, cpf: b.cpf });
      await Promise.all([first, t.app.mailer.deliver()]);
      for (const user of [a, b]) expect((await outboxFor(user.email))[0]!.sent_at).not.toBeNull();
    });

    it('the token sets a new password, ends every session, and the new password logs in', async () => {
      const user = await createUser(t);
      const session = await login(t.app, user.email, 'buyer');
      const token = await recoverToken(user);
      const res = await changeWithToken(token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        data: { user: { id: user.id, name: user.name, email: user.email, role: 'buyer' } },
      });
      // Without a session the page does not log in: the cookie is expired, not set.
      expect(sessionSetCookie(res)).toMatch(/^access_token=;/);
      expect(await whoIs(session)).toBe(401);
      expect((await tryLogin(user.email, 'buyer')).statusCode).toBe(401);
      expect((await tryLogin(user.email, 'buyer', NEW_PASSWORD)).statusCode).toBe(200);
    });

    it('the token is single-use', async () => {
      const user = await createUser(t);
      const token = await recoverToken(user);
      expect((await changeWithToken(token)).statusCode).toBe(200);
      const again = await changeWithToken(token, 'OutraSenha99');
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({
        error: {
          code: 'invalid_token',
          message: API_MESSAGES.invalidToken,
          fields: { token: API_MESSAGES.invalidToken },
        },
      });
      expect((await tryLogin(user.email, 'buyer', NEW_PASSWORD)).statusCode).toBe(200);
      expect((await tryLogin(user.email, 'buyer', 'OutraSenha99')).statusCode).toBe(401);
    });

    it('the token expires', async () => {
      const user = await createUser(t);
      const token = await recoverToken(user);
      const row = await t.db.kysely
        .selectFrom('password_tokens')
        .select(['created_at', 'expires_at'])
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(row.expires_at - row.created_at).toBe(30 * 60_000);
      await t.db.kysely
        .updateTable('password_tokens')
        .set({ expires_at: Date.now() - 1 })
        .where('user_id', '=', user.id)
        .execute();
      const res = await changeWithToken(token);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('invalid_token');
      expect((await tryLogin(user.email, 'buyer')).statusCode).toBe(200);
    });

    it('using one link kills the other links still out for the account', async () => {
      const user = await createUser(t);
      const first = await recoverToken(user);
      const second = await recoverToken(user);
      expect(first).not.toBe(second);
      expect((await changeWithToken(second)).statusCode).toBe(200);
      expect((await changeWithToken(first, 'OutraSenha99')).json().error.code).toBe('invalid_token');
    });

    it('an unknown token is refused and changes nothing', async () => {
      const res = await changeWithToken('x'.repeat(43));
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('invalid_token');
    });

    it('a token of another shape is a validation error on fields.token', async () => {
      const res = await changeWithToken('curto');
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('validation');
      expect(res.json().error.fields).toHaveProperty('token');
    });

    it('a weak password is refused before the token is spent', async () => {
      const user = await createUser(t);
      const token = await recoverToken(user);
      const weak = await changeWithToken(token, 'fraca');
      expect(weak.statusCode).toBe(400);
      expect(weak.json().error.fields).toEqual({ pass: PASSWORD_RULE_TEXT });
      expect((await changeWithToken(token)).statusCode).toBe(200);
    });

    it('stays quiet after 3 requests for one e-mail in 15 minutes (still 202)', async () => {
      const user = await createUser(t);
      for (let i = 0; i < 3; i++) await recoverToken(user);
      const res = await post('/recover', { email: user.email, cpf: user.cpf });
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual(ACCEPTED);
      expect(await outboxFor(user.email)).toHaveLength(3);
    });
  });

  // Password change with a session: change-password.test.ts.

  describe('CSRF: state-changing requests from another site', () => {
    const body = { username: 'comprador@demo.com.br', password: DEMO_PASSWORD, type: 'buyer' };

    it.each([
      ['a foreign Origin', { origin: 'http://evil.example' }],
      ['a look-alike Origin', { origin: 'http://localhost:3000.evil.example' }],
      ['the opaque Origin null', { origin: 'null' }],
      ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
      [
        'Sec-Fetch-Site: cross-site with our Origin',
        { 'sec-fetch-site': 'cross-site', origin: 'http://localhost:3000' },
      ],
    ])('refuses %s with 403 foreign_origin', async (_, headers) => {
      const res = await post('/login', body, { headers });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(FOREIGN_ORIGIN);
      expect(sessionSetCookie(res)).toBeUndefined();
    });

    it('refuses a foreign logout, so the session survives', async () => {
      const cookie = await login(t.app, 'comprador@demo.com.br', 'buyer');
      const res = await post('/logout', undefined, withCookie(cookie, { headers: { origin: 'http://evil.example' } }));
      expect(res.statusCode).toBe(403);
      expect(await whoIs(cookie)).toBe('comprador@demo.com.br');
    });

    it('refuses a foreign password change', async () => {
      const user = await createUser(t);
      const cookie = await login(t.app, user.email, 'buyer');
      const res = await post(
        '/change-password',
        { pass: NEW_PASSWORD, repeat: NEW_PASSWORD },
        withCookie(cookie, { headers: { origin: 'http://evil.example' } }),
      );
      expect(res.statusCode).toBe(403);
      expect((await tryLogin(user.email, 'buyer')).statusCode).toBe(200);
    });

    it.each([
      ['the configured PUBLIC_URL origin', { origin: 'http://localhost:3000' }],
      [
        'PUBLIC_URL origin with Sec-Fetch-Site: same-origin',
        { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
      ],
      ["the request's own host", { origin: 'http://localhost:80' }],
      ['no Origin (curl, server-to-server)', {}],
      ['Sec-Fetch-Site: none (typed by the user)', { 'sec-fetch-site': 'none' }],
    ])('allows %s', async (_, headers) => {
      const res = await post('/login', body, { headers });
      expect(res.statusCode).toBe(200);
    });

    it('does not apply to safe methods', async () => {
      const res = await get('/session', { headers: { origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' } });
      expect(res.statusCode).toBe(200);
    });
  });

  describe('security headers', () => {
    const csp = (res: LightMyRequestResponse) => {
      const map = new Map<string, string[]>();
      for (const part of String(res.headers['content-security-policy']).split(';')) {
        const [name, ...values] = part.trim().split(/\s+/);
        if (name) map.set(name, values);
      }
      return map;
    };

    it.each([
      ['an API answer', '/api/v3/auth/session'],
      ['an API error', '/api/v3/auth/user'],
      ['a 404', '/api/v3/nothing-here'],
    ])('are on %s', async (_, url) => {
      const res = await anonymous.get(url);
      const policy = csp(res);
      expect(policy.get('script-src')).toEqual(["'self'"]);
      expect(policy.get('default-src')).toEqual(["'self'"]);
      expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(String(res.headers['content-security-policy'])).not.toMatch(/unsafe-eval/);
      expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      // One framing rule, only the camera, nothing kept by a cache (docs/decisions/044-response-headers.md).
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['permissions-policy']).toMatch(/^camera=\(self\), microphone=\(\), geolocation=\(\)/);
      expect(res.headers['cache-control']).toBe('no-store');
      // Plain http: no HSTS (it would pin a local install to https).
      expect(res.headers['strict-transport-security']).toBeUndefined();
    });
  });
});

describe.each(DATABASES)('auth behind https on %s', (dialect) => {
  const { t } = appSuite(dialect, { env: { PUBLIC_URL: 'https://portal.example.com.br' } });
  const { post, withCookie, cookieOf } = authCalls(t);
  const fromOrigin = (origin: string) => ({ headers: { origin } });

  it('marks the cookie Secure, sends HSTS and upgrades insecure requests', async () => {
    const res = await post(
      '/login',
      { username: 'comprador@demo.com.br', password: DEMO_PASSWORD, type: 'buyer' },
      fromOrigin('https://portal.example.com.br'),
    );
    expect(res.statusCode).toBe(200);
    expect(sessionSetCookie(res)).toMatch(/;\s*Secure/i);
    expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    expect(String(res.headers['content-security-policy'])).toMatch(/upgrade-insecure-requests/);
    const out = await post('/logout', undefined, withCookie(cookieOf(res)));
    expect(sessionSetCookie(out)).toMatch(/;\s*Secure/i);
  });

  it('takes the https PUBLIC_URL as the allowed origin and refuses its http twin', async () => {
    const payload = { username: 'x@teste.com.br', password: 'Errada123', type: 'buyer' };
    const ok = await post('/login', payload, fromOrigin('https://portal.example.com.br'));
    expect(ok.statusCode).toBe(401);
    const twin = await post('/login', payload, fromOrigin('http://portal.example.com.br'));
    expect(twin.statusCode).toBe(403);
  });

  it('the recover link starts with the PUBLIC_URL', async () => {
    await post('/recover', { email: 'comprador@demo.com.br', cpf: '529.982.247-25' });
    const row = await t.db.kysely.selectFrom('outbox').select('text_body').executeTakeFirstOrThrow();
    expect(row.text_body).toMatch(
      /^https:\/\/portal\.example\.com\.br\/buyer\/change-password\?token=[A-Za-z0-9_-]{43}$/m,
    );
  });
});

/** The text of a single-part .eml, decoded from quoted-printable or base64 as a mail client would. */
function decodeMailBody(eml: string): string {
  const split = eml.indexOf('\n\n');
  const headers = eml.slice(0, split);
  const body = eml.slice(split + 2);
  const encoding = /^Content-Transfer-Encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const soft = body.replace(/=\r?\n/g, '');
    const bytes: number[] = [];
    for (let i = 0; i < soft.length; i++) {
      const hex = soft.slice(i + 1, i + 3);
      if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
        bytes.push(parseInt(hex, 16));
        i += 2;
      } else bytes.push(...Buffer.from(soft[i]!, 'utf8'));
    }
    return Buffer.from(bytes).toString('utf8');
  }
  return body;
}
