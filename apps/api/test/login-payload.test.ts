import { beforeEach, describe, expect, it } from 'vitest';
import { LOGIN_NAMES_DIFFER } from '@portal/domain/auth';
import { appSuite, DATABASES, DEMO_PASSWORD, resetRateLimits, sessionCookie } from './helpers';
import { authCalls } from './helpers/auth';

/** The login name may come as `username` or as `email` (the login entity lists both, docs/product/forms.md). */
describe.each(DATABASES)('login payload on %s', (dialect) => {
  const { t } = appSuite(dialect);
  beforeEach(async () => resetRateLimits(t));

  const { post, whoIs } = authCalls(t);
  const login = (payload: object) => post('/login', payload);

  it.each([
    ['an e-mail', 'comprador@demo.com.br'],
    ['a CPF', '529.982.247-25'],
  ])('logs in with %s in `email`', async (_label, email) => {
    const res = await login({ email, password: DEMO_PASSWORD, type: 'buyer' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({ email: 'comprador@demo.com.br', role: 'buyer' });
    expect(await whoIs(`access_token=${sessionCookie(res)}`)).toBe('comprador@demo.com.br');
  });

  it('`username` alone keeps working', async () => {
    const res = await login({ username: 'vendedor@demo.com.br', password: DEMO_PASSWORD, type: 'seller' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.role).toBe('seller');
  });

  it('both fields naming the same account (e-mail in any case) are accepted', async () => {
    const res = await login({
      username: 'Comprador@Demo.com.br',
      email: 'comprador@demo.com.br',
      password: DEMO_PASSWORD,
      type: 'buyer',
    });
    expect(res.statusCode).toBe(200);
  });

  it('both fields different: 400 in Portuguese, no session', async () => {
    const res = await login({
      username: 'comprador@demo.com.br',
      email: 'compradora@demo.com.br',
      password: DEMO_PASSWORD,
      type: 'buyer',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation', fields: { email: LOGIN_NAMES_DIFFER } });
    expect(sessionCookie(res)).toBeUndefined();
  });

  it('an invalid `email` gets the login-name message; a wrong password the usual 401', async () => {
    const bad = await login({ email: 'fulano', password: DEMO_PASSWORD, type: 'buyer' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ email: 'Insira um e-mail ou CPF válido' });
    const wrong = await login({ email: 'comprador@demo.com.br', password: 'Errada2026', type: 'buyer' });
    expect(wrong.statusCode).toBe(401);
  });

  it("neither field: 'Obrigatório' on username, with the other missing fields", async () => {
    const res = await login({});
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ username: 'Obrigatório', password: 'Obrigatório', type: 'Obrigatório' });
  });
});
