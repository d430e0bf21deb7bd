import { z } from 'zod';
import { email, requiredText } from './fields';

/** Operators and their permissions (docs/decisions/007-back-office.md). */

export const PERMISSIONS = ['health:read'] as const;
export type Permission = (typeof PERMISSIONS)[number];
export const PERMISSION_LABELS: Record<Permission, string> = {
  'health:read': 'Pode ver a declaração de saúde (DPS)',
};

export const newOperatorSchema = z.strictObject({
  name: requiredText(120).refine((v) => v.split(/\s+/).filter(Boolean).length >= 2, {
    error: 'Informe nome e sobrenome',
  }),
  email: email(),
  canViewHealth: z.boolean().default(false),
});
export type NewOperatorInput = z.input<typeof newOperatorSchema>;

export const operatorSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  canViewHealth: z.boolean(),
  /** False until the invited operator sets a password. */
  active: z.boolean(),
  createdAt: z.string(),
});
export type Operator = z.infer<typeof operatorSchema>;
