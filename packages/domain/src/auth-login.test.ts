import { beforeAll, describe, expect, it } from 'vitest';
import { fieldErrors } from './api-error';
import { LOGIN_NAMES_DIFFER, loginNameOf, loginSchema } from './auth';
import { installZodMessages } from './zod-messages';

beforeAll(() => installZodMessages());

const body = (fields: Record<string, unknown>) => ({ password: 'segredo1', type: 'buyer', ...fields });
function outcome(fields: Record<string, unknown>) {
  const r = loginSchema.safeParse(body(fields));
  return r.success ? { name: loginNameOf(r.data) } : { errors: fieldErrors(r.error.issues) };
}

describe('login name in `username` or `email`', () => {
  it.each([
    [{ username: 'a@b.com' }, 'a@b.com'],
    [{ email: 'a@b.com' }, 'a@b.com'],
    [{ email: '529.982.247-25' }, '529.982.247-25'],
    [{ username: 'a@b.com', email: 'A@B.com ' }, 'a@b.com'],
    [{ username: '529.982.247-25', email: '52998224725' }, '529.982.247-25'],
  ])('%j logs in as %j', (fields, name) => {
    expect(outcome(fields)).toEqual({ name });
  });

  it('neither field: the login name is Obrigatório', () => {
    expect(outcome({})).toEqual({ errors: { username: 'Obrigatório' } });
  });

  it('both fields naming different accounts are refused with an explanation', () => {
    expect(LOGIN_NAMES_DIFFER).toBe('Envie o e-mail ou CPF em um só campo: username e email estão diferentes');
    expect(outcome({ username: 'a@b.com', email: 'c@d.com' })).toEqual({ errors: { email: LOGIN_NAMES_DIFFER } });
    expect(outcome({ username: '529.982.247-25', email: 'a@b.com' })).toEqual({
      errors: { email: LOGIN_NAMES_DIFFER },
    });
  });

  it('an invalid field shows its own error, not the "different accounts" one', () => {
    const r = outcome({ username: 'a@b.com', email: '   ' });
    expect(r).toHaveProperty('errors');
    expect((r as { errors: Record<string, string> }).errors.email).not.toBe(LOGIN_NAMES_DIFFER);
  });

  it('the missing login name shows together with the other errors', () => {
    const r = loginSchema.safeParse({ type: 'buyer' });
    expect(r.success).toBe(false);
    expect(fieldErrors(r.error!.issues)).toMatchObject({ username: 'Obrigatório', password: 'Obrigatório' });
    const differ = loginSchema.safeParse({ username: 'a@b.com', email: 'c@d.com', type: 'admin' });
    expect(fieldErrors(differ.error!.issues)).toMatchObject({ email: LOGIN_NAMES_DIFFER });
  });
});
