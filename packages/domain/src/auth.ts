import { z } from 'zod';
import { cpf, email, password } from './fields';
import { isValidCpf } from './cpf';
import { onlyDigits } from './digits';

export const ROLES = ['buyer', 'seller', 'operator'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

export const ROLE_LABELS: Record<Role, string> = {
  buyer: 'Comprador',
  seller: 'Vendedor',
  operator: 'Operador',
};

/** Login entity (spec §3: username, password, email, type). username is an e-mail or a CPF. */
export const loginSchema = z.strictObject({
  username: z
    .string()
    .trim()
    .min(1)
    .max(254)
    .refine((v) => (v.includes('@') ? z.email().safeParse(v).success : isValidCpf(v)), {
      error: 'Insira um e-mail ou CPF válido',
    }),
  password: z.string().min(1).max(128),
  type: roleSchema,
});
export type LoginInput = z.input<typeof loginSchema>;

/** Canonical lookup key of a login name: lower-case e-mail, or the CPF's 11 digits. */
export function normalizeUsername(username: string): { email: string } | { cpf: string } {
  const v = username.trim();
  return v.includes('@') ? { email: v.toLowerCase() } : { cpf: onlyDigits(v) };
}

export const recoverSchema = z.strictObject({ email: email(), cpf: cpf() });
export type RecoverInput = z.input<typeof recoverSchema>;

export const PASSWORDS_DIFFER = 'As senhas não conferem';
export const changePasswordSchema = z
  .strictObject({
    pass: password(),
    repeat: z.string().min(1),
    token: z.string().min(20).max(200).optional(),
  })
  .refine((v) => v.pass === v.repeat, { error: PASSWORDS_DIFFER, path: ['repeat'] });
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

export const sessionUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
});
export type SessionUser = z.infer<typeof sessionUserSchema>;
