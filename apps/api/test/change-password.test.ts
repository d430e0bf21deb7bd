import { describe, expect, it } from 'vitest';
import { API_MESSAGES } from '@portal/domain/api-error';
import { PASSWORD_RULE_TEXT } from '@portal/domain/fields';
import { appSuite, createUser, DATABASES, DEMO_PASSWORD, login, sessionSetCookie } from './helpers';
import { authCalls } from './helpers/auth';

/**
 * POST /auth/change-password with a session: the current password is required and checked under the
 * login limits (a stolen cookie alone cannot take the account over), and the owner is e-mailed after
 * any change. Each test has its own account and client address.
 */
const UNAUTHENTICATED = { error: { code: 'unauthenticated', message: API_MESSAGES.unauthenticated } };
const WRONG_CURRENT = {
  error: {
    code: 'wrong_current_password',
    message: 'A senha atual não confere.',
    fields: { current: 'Senha atual incorreta' },
  },
};
const NEW_PASSWORD = 'NovaSenha2026';
let ipSeq = 0;
const newIp = () => `198.18.${process.pid % 250}.${++ipSeq}`;

describe.each(DATABASES)('password change on %s', (dialect) => {
  const { t } = appSuite(dialect);
  const auth = authCalls(t);
  const { post, withCookie, whoIs, cookieOf } = auth;

  const change = (cookie: string, body: object, remoteAddress?: string) =>
    post(
      '/change-password',
      { pass: NEW_PASSWORD, repeat: NEW_PASSWORD, ...body },
      withCookie(cookie, { remoteAddress }),
    );
  const tryLogin = (username: string, password = DEMO_PASSWORD, remoteAddress = newIp()) =>
    auth.tryLogin(username, 'buyer', password, { remoteAddress });
  const mailsTo = (email: string) =>
    t.db.kysely.selectFrom('outbox').select(['kind', 'subject', 'text_body']).where('to_address', '=', email).execute();

  it('changes the password with the current one, ends every session and sets a new working cookie', async () => {
    const user = await createUser(t);
    const here = await login(t.app, user.email, 'buyer');
    const elsewhere = await login(t.app, user.email, 'buyer');
    const res = await change(here, { current: DEMO_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { user: { id: user.id, name: user.name, email: user.email, role: 'buyer' } } });
    const line = sessionSetCookie(res)!;
    expect(line).toMatch(/^access_token=[A-Za-z0-9_-]{40,};/);
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/SameSite=Lax/i);
    const fresh = cookieOf(res);
    expect(fresh).not.toBe(here);
    expect(await whoIs(here)).toBe(401);
    expect(await whoIs(elsewhere)).toBe(401);
    expect(await whoIs(fresh)).toBe(user.email);
    expect((await tryLogin(user.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await tryLogin(user.email)).statusCode).toBe(401);
  });

  it('a session alone (stolen cookie) cannot change it: without the current password 400, nothing changes', async () => {
    const user = await createUser(t);
    const owner = await login(t.app, user.email, 'buyer');
    const thief = await login(t.app, user.email, 'buyer');
    for (const body of [{}, { current: '' }]) {
      const res = await change(thief, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: { code: 'validation', message: API_MESSAGES.validation, fields: { current: 'Obrigatório' } },
      });
    }
    expect(await whoIs(owner)).toBe(user.email);
    expect((await tryLogin(user.email)).statusCode).toBe(200);
    expect(await mailsTo(user.email)).toEqual([]);
  });

  it('a wrong current password is a 400 in Portuguese on fields.current, and nothing changes', async () => {
    const user = await createUser(t);
    const owner = await login(t.app, user.email, 'buyer');
    const thief = await login(t.app, user.email, 'buyer');
    const res = await change(thief, { current: 'Chute2026' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(WRONG_CURRENT);
    expect(sessionSetCookie(res)).toBeUndefined();
    expect(await whoIs(owner)).toBe(user.email);
    expect(await whoIs(thief)).toBe(user.email);
    expect((await tryLogin(user.email)).statusCode).toBe(200);
  });

  it('wrong current passwords count like wrong logins: 10 of them throttle that client, login included', async () => {
    const user = await createUser(t);
    const thief = await login(t.app, user.email, 'buyer');
    const ip = newIp();
    for (let i = 0; i < 10; i++) expect((await change(thief, { current: `Chute${i}x2026` }, ip)).statusCode).toBe(400);
    const guess = await change(thief, { current: DEMO_PASSWORD }, ip);
    expect(guess.statusCode).toBe(429);
    expect(guess.json().error.message).toBe(API_MESSAGES.rateLimited);
    expect((await tryLogin(user.email, DEMO_PASSWORD, ip)).statusCode).toBe(429);
    // The owner, elsewhere, is not locked out.
    expect((await tryLogin(user.email, DEMO_PASSWORD, newIp())).statusCode).toBe(200);
  });

  it('e-mails the owner after a change with a session: "não foi você?" and the recover link', async () => {
    const user = await createUser(t);
    const cookie = await login(t.app, user.email, 'buyer');
    expect((await change(cookie, { current: DEMO_PASSWORD })).statusCode).toBe(200);
    const mails = await mailsTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.kind).toBe('password_changed');
    expect(mails[0]!.subject).toBe('Sua senha foi alterada — Portal de Propostas');
    expect(mails[0]!.text_body).toContain('Não foi você?');
    expect(mails[0]!.text_body).toContain('http://localhost:3000/buyer/recover');
    expect(mails[0]!.text_body).not.toContain(NEW_PASSWORD);
  });

  it('e-mails the owner after a change through the e-mailed link too, which needs no current password', async () => {
    const user = await createUser(t);
    expect((await post('/recover', { email: user.email, cpf: user.cpf })).statusCode).toBe(202);
    const [recover] = await mailsTo(user.email);
    const token = /token=([\w-]+)/.exec(recover!.text_body)![1]!;
    const res = await post('/change-password', { pass: NEW_PASSWORD, repeat: NEW_PASSWORD, token });
    expect(res.statusCode).toBe(200);
    const kinds = (await mailsTo(user.email)).map((m) => m.kind).sort();
    expect(kinds).toEqual(['password_changed', 'recover']);
    expect((await tryLogin(user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('without a session and without a token: 401', async () => {
    const res = await post('/change-password', { pass: NEW_PASSWORD, repeat: NEW_PASSWORD, current: DEMO_PASSWORD });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTHENTICATED);
  });

  it('with a session that ended: 401', async () => {
    const user = await createUser(t);
    const cookie = await login(t.app, user.email, 'buyer');
    await post('/logout', undefined, withCookie(cookie));
    const res = await change(cookie, { current: DEMO_PASSWORD });
    expect(res.statusCode).toBe(401);
    expect((await tryLogin(user.email)).statusCode).toBe(200);
  });

  it("different passwords: 'As senhas não conferem' on fields.repeat, nothing changes", async () => {
    const user = await createUser(t);
    const cookie = await login(t.app, user.email, 'buyer');
    const res = await change(cookie, { current: DEMO_PASSWORD, repeat: `${NEW_PASSWORD}x` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { code: 'validation', message: API_MESSAGES.validation, fields: { repeat: 'As senhas não conferem' } },
    });
    expect(await whoIs(cookie)).toBe(user.email);
  });

  it.each(['curta1', 'semnumeros', '12345678'])('refuses the weak password %j with the rule message', async (pass) => {
    const user = await createUser(t);
    const cookie = await login(t.app, user.email, 'buyer');
    const res = await change(cookie, { current: DEMO_PASSWORD, pass, repeat: pass });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ pass: PASSWORD_RULE_TEXT });
  });

  it('refuses unknown keys such as userId (one cannot change another account)', async () => {
    const victim = await createUser(t);
    const user = await createUser(t);
    const cookie = await login(t.app, user.email, 'buyer');
    const res = await change(cookie, { current: DEMO_PASSWORD, userId: victim.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ userId: 'Campo não permitido' });
    expect((await tryLogin(victim.email)).statusCode).toBe(200);
  });
});
