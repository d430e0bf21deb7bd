import { beforeAll, describe, expect, it } from 'vitest';
import { installZodMessages } from './zod-messages';
import {
  changeOwnPasswordSchema,
  changePasswordSchema,
  loginSchema,
  normalizeUsername,
  PASSWORDS_DIFFER,
  recoverSchema,
  ROLES,
  sessionUserSchema,
} from './auth';
import { PASSWORD_RULE_TEXT } from './fields';
import { fieldErrors } from './api-error';

beforeAll(() => installZodMessages());

const fieldsOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) => {
  if (r.success) throw new Error('expected a failure');
  return fieldErrors(r.error!.issues);
};

describe('loginSchema', () => {
  it.each(['comprador@demo.com.br', 'Comprador@Demo.com.br', '529.982.247-25', '52998224725', '  52998224725  '])(
    'accepts the username %j',
    (username) => {
      expect(loginSchema.safeParse({ username, password: 'x', type: 'buyer' }).success).toBe(true);
    },
  );
  it('trims the username but not the password', () => {
    expect(loginSchema.parse({ username: ' a@b.com ', password: ' p ', type: 'seller' })).toEqual({
      username: 'a@b.com',
      password: ' p ',
      type: 'seller',
    });
  });
  it.each(['fulano', 'fulano@', '529.982.247-26', '111.111.111-11', '5299822472'])(
    'refuses the username %j',
    (username) => {
      expect(fieldsOf(loginSchema.safeParse({ username, password: 'x', type: 'buyer' }))).toEqual({
        username: 'Insira um e-mail ou CPF válido',
      });
    },
  );
  it("missing values are 'Obrigatório'", () => {
    expect(fieldsOf(loginSchema.safeParse({ type: 'buyer' }))).toEqual({
      username: 'Obrigatório',
      password: 'Obrigatório',
    });
    expect(fieldsOf(loginSchema.safeParse({ username: '', password: '', type: 'buyer' }))).toEqual({
      username: 'Obrigatório',
      password: 'Obrigatório',
    });
  });
  it('accepts only the three roles as type', () => {
    for (const type of ROLES)
      expect(loginSchema.safeParse({ username: 'a@b.com', password: 'x', type }).success).toBe(true);
    expect(fieldsOf(loginSchema.safeParse({ username: 'a@b.com', password: 'x', type: 'admin' }))).toHaveProperty(
      'type',
    );
    expect(fieldsOf(loginSchema.safeParse({ username: 'a@b.com', password: 'x' }))).toEqual({ type: 'Obrigatório' });
    expect(fieldsOf(loginSchema.safeParse({ username: 'a@b.com', password: 'x', type: 'admin' })).type).toMatch(
      /^Invalid option/,
    );
  });
  it('refuses unknown keys (no mass assignment)', () => {
    const r = loginSchema.safeParse({ username: 'a@b.com', password: 'x', type: 'buyer', role: 'operator' });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]).toMatchObject({ code: 'unrecognized_keys', keys: ['role'] });
  });
});

describe('normalizeUsername', () => {
  it('lower-cases e-mails and keeps the digits of a CPF', () => {
    expect(normalizeUsername(' Comprador@Demo.com.BR ')).toEqual({ email: 'comprador@demo.com.br' });
    expect(normalizeUsername('529.982.247-25')).toEqual({ cpf: '52998224725' });
    expect(normalizeUsername('52998224725')).toEqual({ cpf: '52998224725' });
  });
});

describe('recoverSchema', () => {
  it('normalizes e-mail and CPF', () => {
    expect(recoverSchema.parse({ email: ' Comprador@Demo.com.br', cpf: '529.982.247-25' })).toEqual({
      email: 'comprador@demo.com.br',
      cpf: '52998224725',
    });
  });
  it('gives Portuguese field messages', () => {
    expect(fieldsOf(recoverSchema.safeParse({ email: 'x', cpf: '123' }))).toEqual({
      email: 'Insira um e-mail válido',
      cpf: 'Insira um CPF válido',
    });
    expect(fieldsOf(recoverSchema.safeParse({}))).toEqual({ email: 'Obrigatório', cpf: 'Obrigatório' });
  });
  it('refuses unknown keys', () => {
    expect(recoverSchema.safeParse({ email: 'a@b.com', cpf: '529.982.247-25', admin: true }).success).toBe(false);
  });
});

describe('changePasswordSchema', () => {
  it('accepts matching strong passwords, with or without a token', () => {
    expect(changePasswordSchema.safeParse({ pass: 'NovaSenha1', repeat: 'NovaSenha1' }).success).toBe(true);
    expect(
      changePasswordSchema.safeParse({ pass: 'NovaSenha1', repeat: 'NovaSenha1', token: 'x'.repeat(43) }).success,
    ).toBe(true);
  });
  it(`'${PASSWORDS_DIFFER}' is reported on repeat`, () => {
    expect(PASSWORDS_DIFFER).toBe('As senhas não conferem');
    expect(fieldsOf(changePasswordSchema.safeParse({ pass: 'NovaSenha1', repeat: 'NovaSenha2' }))).toEqual({
      repeat: 'As senhas não conferem',
    });
  });
  it('a weak password gives the rule message on pass', () => {
    expect(fieldsOf(changePasswordSchema.safeParse({ pass: 'curta1', repeat: 'curta1' }))).toEqual({
      pass: PASSWORD_RULE_TEXT,
    });
  });
  it('both missing are Obrigatório', () => {
    expect(fieldsOf(changePasswordSchema.safeParse({}))).toEqual({ pass: 'Obrigatório', repeat: 'Obrigatório' });
  });
  it('refuses a token of implausible length', () => {
    expect(
      fieldsOf(changePasswordSchema.safeParse({ pass: 'NovaSenha1', repeat: 'NovaSenha1', token: 'short' })),
    ).toHaveProperty('token');
    expect(
      fieldsOf(changePasswordSchema.safeParse({ pass: 'NovaSenha1', repeat: 'NovaSenha1', token: 'x'.repeat(201) })),
    ).toHaveProperty('token');
  });
  it('refuses unknown keys such as userId', () => {
    const r = changePasswordSchema.safeParse({ pass: 'NovaSenha1', repeat: 'NovaSenha1', userId: 'u1' });
    expect(r.success).toBe(false);
    expect(r.error!.issues.some((i) => i.code === 'unrecognized_keys')).toBe(true);
  });
});

describe('changeOwnPasswordSchema (the signed-in form)', () => {
  it('requires the current password, which the token form does without', () => {
    expect(
      fieldsOf(changeOwnPasswordSchema.safeParse({ current: '', pass: 'NovaSenha1', repeat: 'NovaSenha1' })),
    ).toEqual({
      current: 'Obrigatório',
    });
    expect(
      changePasswordSchema.safeParse({ pass: 'NovaSenha1', repeat: 'NovaSenha1', token: 'x'.repeat(43) }).success,
    ).toBe(true);
    expect(
      changeOwnPasswordSchema.safeParse({ current: 'Antiga2025', pass: 'NovaSenha1', repeat: 'NovaSenha1' }).success,
    ).toBe(true);
  });
  it('refuses a current password longer than any password can be', () => {
    const r = changeOwnPasswordSchema.safeParse({ current: 'x'.repeat(129), pass: 'NovaSenha1', repeat: 'NovaSenha1' });
    expect(fieldsOf(r)).toHaveProperty('current');
  });
});

describe('sessionUserSchema', () => {
  it('requires a role among the three', () => {
    expect(sessionUserSchema.safeParse({ id: '1', name: 'A', email: 'a@b.com', role: 'buyer' }).success).toBe(true);
    expect(sessionUserSchema.safeParse({ id: '1', name: 'A', email: 'a@b.com', role: 'admin' }).success).toBe(false);
  });
});
