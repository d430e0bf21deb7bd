import { z } from 'zod';
import { cpf, email, password } from './fields';
import { isValidCpf } from './cpf';
import { onlyDigits } from './digits';
import { MESSAGES } from './zod-messages';
import { ROLES } from './roles';

export { ROLES, ROLE_LABELS, type Role } from './roles';
export const roleSchema = z.enum(ROLES);

/** An e-mail or a CPF, as typed on the login screen ("E-mail ou CPF"). */
const loginName = () =>
  z
    .string()
    .trim()
    .min(1)
    .max(254)
    .refine((v) => (v.includes('@') ? z.email().safeParse(v).success : isValidCpf(v)), {
      error: 'Insira um e-mail ou CPF válido',
    });

export const LOGIN_NAMES_DIFFER = 'Envie o e-mail ou CPF em um só campo: username e email estão diferentes';

/**
 * Login entity (docs/product/forms.md: username, password, email, type). The login name (e-mail or CPF) may come
 * as `username` or as `email`; both may be sent only when they name the same account.
 * See docs/decisions/017-login-name-and-fatal-errors.md.
 */
export const loginSchema = z
  .strictObject({
    username: loginName().optional(),
    email: loginName().optional(),
    password: z.string().min(1).max(128),
    type: roleSchema,
  })
  // Both checks run even when another field failed (`when`), so every error shows at once.
  .refine((v) => !isObject(v) || v.username !== undefined || v.email !== undefined, {
    path: ['username'],
    error: MESSAGES.required,
    when: () => true,
  })
  .refine(
    (v) => !isObject(v) || !isLoginName(v.username) || !isLoginName(v.email) || sameLoginName(v.username, v.email),
    {
      path: ['email'],
      error: LOGIN_NAMES_DIFFER,
      when: () => true,
    },
  );
export type LoginInput = z.input<typeof loginSchema>;

/** The login name of a valid login body, whichever field carried it. */
export function loginNameOf(body: z.output<typeof loginSchema>): string {
  return (body.username ?? body.email)!;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isLoginName = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

function sameLoginName(a: string, b: string): boolean {
  return JSON.stringify(normalizeUsername(a)) === JSON.stringify(normalizeUsername(b));
}

/** Canonical lookup key of a login name: lower-case e-mail, or the CPF's 11 digits. */
export function normalizeUsername(username: string): { email: string } | { cpf: string } {
  const v = username.trim();
  return v.includes('@') ? { email: v.toLowerCase() } : { cpf: onlyDigits(v) };
}

export const recoverSchema = z.strictObject({ email: email(), cpf: cpf() });
export type RecoverInput = z.input<typeof recoverSchema>;

export const PASSWORDS_DIFFER = 'As senhas não conferem';
export const CURRENT_PASSWORD_WRONG = 'Senha atual incorreta';
/**
 * A password change carries either the e-mailed `token` (logged out) or, with a session, the
 * `current` password: a session alone (a stolen cookie, an unlocked phone) cannot change it.
 * The API answers 401 before asking for `current`, so that rule lives in the service and the form.
 */
export const changePasswordSchema = z
  .strictObject({
    current: z.string().max(128).optional(),
    pass: password(),
    repeat: z.string().min(1),
    token: z.string().min(20).max(200).optional(),
  })
  .refine((v) => v.pass === v.repeat, { error: PASSWORDS_DIFFER, path: ['repeat'] });
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** The signed-in form: the current password is required (the token form has no such field). */
export const changeOwnPasswordSchema = changePasswordSchema.refine((v) => Boolean(v.current), {
  error: 'Obrigatório',
  path: ['current'],
});

/**
 * The invitation landing's form (docs/decisions/043-joining.md): the e-mailed token and the first
 * password, asked once; the API signs the person in on success.
 */
export const acceptInvitationSchema = z
  .strictObject({
    token: z.string().min(20).max(200),
    pass: password(),
    repeat: z.string().min(1),
  })
  .refine((v) => v.pass === v.repeat, { error: PASSWORDS_DIFFER, path: ['repeat'] });
export type AcceptInvitationInput = z.input<typeof acceptInvitationSchema>;

/** A new invitation link in place of an expired one: only the old link's token is needed. */
export const resendInvitationSchema = z.strictObject({ token: z.string().min(20).max(200) });

export const sessionUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
});
export type SessionUser = z.infer<typeof sessionUserSchema>;
