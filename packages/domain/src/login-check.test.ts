import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { loginSchema } from './auth';
import { checkLoginForm, LOGIN_NAME_INVALID } from './login-check';
import { installZodMessages } from './zod-messages';

installZodMessages();

/** The message loginSchema gives a field, or undefined. */
function schemaMessage(values: { username: string; password: string }, field: 'username' | 'password') {
  const r = loginSchema.safeParse({ ...values, type: 'buyer' });
  return r.success ? undefined : r.error.issues.find((i) => i.path[0] === field)?.message;
}

describe('checkLoginForm (the login screen check without zod)', () => {
  it('asks for both fields when they are empty or blank', () => {
    expect(checkLoginForm({ username: '', password: '' })).toEqual({
      username: 'Obrigatório',
      password: 'Obrigatório',
    });
    expect(checkLoginForm({ username: '   ', password: 'x' })).toEqual({ username: 'Obrigatório' });
  });

  it('accepts an e-mail or a valid CPF, masked or not', () => {
    for (const username of ['comprador@demo.com.br', ' Comprador@Demo.com.br ', '529.982.247-25', '52998224725'])
      expect(checkLoginForm({ username, password: 'x' })).toEqual({});
  });

  it('refuses a name that is neither an e-mail nor a valid CPF', () => {
    for (const username of ['comprador', 'a@b', '529.982.247-24', '123', 'a@@b.com'])
      expect(checkLoginForm({ username, password: 'x' })).toEqual({ username: LOGIN_NAME_INVALID });
  });

  it('agrees with loginSchema on every login name and password it judges', () => {
    const name = fc.oneof(
      fc.string(),
      fc.emailAddress(),
      fc.stringMatching(/^\d{3}\.?\d{3}\.?\d{3}-?\d{2}$/),
      fc.constantFrom('52998224725', '529.982.247-25', ' a@b.co ', 'x@y', '@a.com'),
    );
    fc.assert(
      fc.property(name, fc.string({ maxLength: 128 }), (username, password) => {
        const errors = checkLoginForm({ username, password });
        // Every message of the light check is the schema's; what it lets through, the schema
        // refuses only for length (the server's part).
        for (const field of ['username', 'password'] as const) {
          const light = errors[field];
          const schema = schemaMessage({ username, password }, field);
          if (light) expect(schema).toBe(light);
          else if (schema) expect(username.trim().length).toBeGreaterThan(254);
        }
      }),
      { numRuns: 400 },
    );
  });
});
