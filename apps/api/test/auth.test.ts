import { beforeEach, describe, expect, it } from 'vitest';
import { API_MESSAGES } from '@portal/domain/api-error';
import { appSuite, DATABASES, DEMO_PASSWORD, login, resetRateLimits, sessionCookie, sessionSetCookie } from './helpers';
import { authCalls } from './helpers/auth';

const INVALID_CREDENTIALS = { error: { code: 'invalid_credentials', message: 'E-mail/CPF ou senha inválidos.' } };
const UNAUTHENTICATED = { error: { code: 'unauthenticated', message: API_MESSAGES.unauthenticated } };

describe.each(DATABASES)('auth on %s', (dialect) => {
  const { t } = appSuite(dialect);
  beforeEach(async () => resetRateLimits(t));

  const { post, get, withCookie, tryLogin, whoIs, cookieOf } = authCalls(t);

  describe('POST /auth/login', () => {
    it('logs in by e-mail: the user with role, and a session cookie', async () => {
      const res = await tryLogin('comprador@demo.com.br', 'buyer');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toEqual({
        data: {
          user: { id: expect.any(String), name: 'Carlos Eduardo Souza', email: 'comprador@demo.com.br', role: 'buyer' },
        },
      });
      expect(JSON.stringify(body)).not.toMatch(/password|hash|cpf/i);
      expect(await whoIs(cookieOf(res))).toBe('comprador@demo.com.br');
    });

    it('sets access_token HttpOnly, SameSite=Lax, Path=/, without Expires/Max-Age and without Secure on http', async () => {
      const res = await tryLogin('comprador@demo.com.br', 'buyer');
      const line = sessionSetCookie(res)!;
      expect(line).toMatch(/^access_token=[A-Za-z0-9_-]{40,};/);
      const attrs = line
        .split(';')
        .slice(1)
        .map((a) => a.trim().toLowerCase());
      expect(attrs).toContain('httponly');
      expect(attrs).toContain('samesite=lax');
      expect(attrs).toContain('path=/');
      expect(attrs.some((a) => a.startsWith('expires') || a.startsWith('max-age'))).toBe(false);
      expect(attrs).not.toContain('secure');
    });

    it.each([
      ['masked CPF', '529.982.247-25'],
      ['unmasked CPF', '52998224725'],
      ['e-mail in other case and with spaces', '  Comprador@DEMO.com.br '],
    ])('logs in by %s', async (_, username) => {
      const res = await tryLogin(username, 'buyer');
      expect(res.statusCode).toBe(200);
      expect(res.json().data.user.email).toBe('comprador@demo.com.br');
    });

    it('logs in sellers and operators with their type', async () => {
      expect((await tryLogin('vendedor@demo.com.br', 'seller')).json().data.user.role).toBe('seller');
      expect((await tryLogin('operador@demo.com.br', 'operator')).json().data.user.role).toBe('operator');
    });

    it('answers wrong password, unknown user and wrong type alike: 401, same body, no cookie', async () => {
      const attempts = [
        await tryLogin('comprador@demo.com.br', 'buyer', 'Errada123'),
        await tryLogin('ninguem@demo.com.br', 'buyer'),
        await tryLogin('111.444.777-35', 'buyer'),
        await tryLogin('comprador@demo.com.br', 'seller'),
        await tryLogin('529.982.247-25', 'operator'),
        await tryLogin('vendedor@demo.com.br', 'buyer'),
        await tryLogin('operador@demo.com.br', 'buyer'),
      ];
      for (const res of attempts) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual(INVALID_CREDENTIALS);
        expect(sessionSetCookie(res)).toBeUndefined();
      }
    });

    it('a password is not trimmed nor case-folded', async () => {
      expect((await tryLogin('comprador@demo.com.br', 'buyer', ` ${DEMO_PASSWORD}`)).statusCode).toBe(401);
      expect((await tryLogin('comprador@demo.com.br', 'buyer', DEMO_PASSWORD.toUpperCase())).statusCode).toBe(401);
    });

    it('rotates the session: a login sent with an existing cookie kills the old token', async () => {
      const first = await tryLogin('compradora@demo.com.br', 'buyer');
      const oldCookie = cookieOf(first);
      const second = await tryLogin('compradora@demo.com.br', 'buyer', DEMO_PASSWORD, withCookie(oldCookie));
      expect(second.statusCode).toBe(200);
      const newCookie = cookieOf(second);
      expect(newCookie).not.toBe(oldCookie);
      expect(await whoIs(oldCookie)).toBe(401);
      expect(await whoIs(newCookie)).toBe('compradora@demo.com.br');
    });

    it('a failed login leaves the existing session alone', async () => {
      const cookie = await login(t.app, 'outro@demo.com.br', 'buyer');
      const res = await tryLogin('outro@demo.com.br', 'buyer', 'Errada123', withCookie(cookie));
      expect(res.statusCode).toBe(401);
      expect(await whoIs(cookie)).toBe('outro@demo.com.br');
    });

    it('stores only a hash of the token', async () => {
      const res = await tryLogin('comprador@demo.com.br', 'buyer');
      const token = sessionCookie(res)!;
      const rows = await t.db.kysely.selectFrom('sessions').select('id').execute();
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.some((r) => r.id === token)).toBe(false);
    });
  });

  describe('validation (400 in the contract shape)', () => {
    it('a bad username gives fields.username in Portuguese', async () => {
      const res = await tryLogin('fulano', 'buyer');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: {
          code: 'validation',
          message: 'Verifique os campos destacados.',
          fields: { username: 'Insira um e-mail ou CPF válido' },
        },
      });
    });

    it("missing fields are 'Obrigatório', a missing type too", async () => {
      const res = await post('/login', {});
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({
        username: 'Obrigatório',
        password: 'Obrigatório',
        type: 'Obrigatório',
      });
    });

    it.each([
      ['role', { role: 'operator' }],
      ['status', { status: 'approved' }],
      ['id', { id: 'x' }],
    ])('refuses the unknown key %s (no mass assignment)', async (key, extra) => {
      const res = await post('/login', {
        username: 'comprador@demo.com.br',
        password: DEMO_PASSWORD,
        type: 'buyer',
        ...extra,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'validation', fields: { [key]: 'Campo não permitido' } });
      expect(sessionSetCookie(res)).toBeUndefined();
    });

    it('a body that is not JSON is a 400 in the contract shape', async () => {
      const res = await post('/login', '{"username":', { headers: { 'content-type': 'application/json' } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: { code: 'bad_request', message: expect.any(String) } });
    });
  });

  // Login limits: login-limits.test.ts.

  describe('GET /auth/session, GET /auth/user, POST /auth/logout', () => {
    it('/auth/session is {data:null} without a cookie, and not cached', async () => {
      const res = await get('/session');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: null });
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it('/auth/session is {data:null} with an unknown cookie', async () => {
      expect(
        (await get('/session', withCookie('access_token=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG'))).json(),
      ).toEqual({
        data: null,
      });
    });

    it('/auth/session gives the user with role', async () => {
      const cookie = await login(t.app, 'vendedor@demo.com.br', 'seller');
      const res = await get('/session', withCookie(cookie));
      expect(res.json()).toEqual({
        data: {
          user: {
            id: expect.any(String),
            name: 'Roberto Lima Ferreira',
            email: 'vendedor@demo.com.br',
            role: 'seller',
          },
        },
      });
    });

    it('/auth/user is 401 without a session, and the user with a session', async () => {
      const none = await get('/user');
      expect(none.statusCode).toBe(401);
      expect(none.json()).toEqual(UNAUTHENTICATED);
      const cookie = await login(t.app, 'operador@demo.com.br', 'operator');
      const res = await get('/user', withCookie(cookie));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        data: {
          id: expect.any(String),
          name: 'Juliana Costa (Equipe do portal)',
          email: 'operador@demo.com.br',
          role: 'operator',
        },
      });
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it('/auth/logout ends the session on the server and expires the cookie', async () => {
      const cookie = await login(t.app, 'outro@demo.com.br', 'buyer');
      const other = await login(t.app, 'outro@demo.com.br', 'buyer');
      const res = await post('/logout', undefined, withCookie(cookie));
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      const line = sessionSetCookie(res)!;
      expect(line).toMatch(/^access_token=;/);
      expect(line).toMatch(/Expires=Thu, 01 Jan 1970 00:00:00 GMT/i);
      expect(line).toMatch(/Path=\//);
      // Replaying the old cookie (e.g. a copy kept by an attacker) opens nothing.
      expect(await whoIs(cookie)).toBe(401);
      expect((await get('/session', withCookie(cookie))).json()).toEqual({ data: null });
      // Only that session ended: another device stays in.
      expect(await whoIs(other)).toBe('outro@demo.com.br');
    });

    it('/auth/logout without a session still answers 204 and expires the cookie', async () => {
      const res = await post('/logout');
      expect(res.statusCode).toBe(204);
      expect(sessionSetCookie(res)).toMatch(/^access_token=;/);
    });

    it('a session idle for longer than the idle window ends', async () => {
      const cookie = await login(t.app, 'compradora@demo.com.br', 'buyer');
      const user = await get('/user', withCookie(cookie));
      await t.db.kysely
        .updateTable('sessions')
        .set({ last_seen_at: Date.now() - t.config.sessionIdleMs - 1_000 })
        .where('user_id', '=', user.json().data.id)
        .execute();
      expect(await whoIs(cookie)).toBe(401);
      expect((await get('/session', withCookie(cookie))).json()).toEqual({ data: null });
    });

    it('a session past its absolute expiry ends even when in use', async () => {
      const cookie = await login(t.app, 'compradora@demo.com.br', 'buyer');
      const id = (await get('/user', withCookie(cookie))).json().data.id;
      await t.db.kysely
        .updateTable('sessions')
        .set({ expires_at: Date.now() - 1 })
        .where('user_id', '=', id)
        .execute();
      expect(await whoIs(cookie)).toBe(401);
    });
  });
});
