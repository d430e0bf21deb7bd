import { z } from 'zod';

/** Every API error body: {"error": {"code", "message", "fields"?}} (docs/product/api.md). */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>['error'];

/** Portuguese messages the API answers with, in one place so web and api agree. */
export const API_MESSAGES = {
  invalidCredentials: 'E-mail/CPF ou senha inválidos.',
  rateLimited: 'Muitas tentativas. Aguarde um minuto e tente novamente.',
  unauthenticated: 'Sua sessão expirou. Entre novamente.',
  forbidden: 'Você não tem permissão para acessar esta página',
  notFound: 'Não encontrado.',
  foreignOrigin: 'Requisição recusada: origem não permitida.',
  validation: 'Verifique os campos destacados.',
  invalidToken: 'Este link de troca de senha é inválido ou expirou. Peça um novo.',
  internal: 'Desculpe, encontramos um problema. Tente novamente em instantes.',
  recoverAccepted: 'Se os dados conferirem com um cadastro, enviaremos um e-mail com o link para criar uma nova senha.',
  passwordChanged: 'Senha alterada com sucesso.',
  wrongCurrentPassword: 'A senha atual não confere.',
} as const;

/** Turns zod issues into the contract's field map ({"path.to.field": "mensagem"}), first issue wins. */
export function fieldErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string; code?: string; keys?: readonly string[] }[],
) {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const prefix = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys' && issue.keys) {
      // Mass assignment: each key that is not part of the form is named and refused.
      for (const key of issue.keys) fields[prefix ? `${prefix}.${key}` : key] ??= 'Campo não permitido';
      continue;
    }
    fields[prefix || '_'] ??= issue.message;
  }
  return fields;
}
