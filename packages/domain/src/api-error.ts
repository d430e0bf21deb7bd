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

export { API_MESSAGES } from './api-messages';

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
