import { z } from 'zod';

/** The e-mail outbox as the back office lists it. */

export const OUTBOX_STATES = ['pending', 'sent', 'failing'] as const;
export const OUTBOX_STATE_LABELS: Record<(typeof OUTBOX_STATES)[number], string> = {
  pending: 'Na fila',
  sent: 'Enviado',
  failing: 'Falhando (nova tentativa agendada)',
};
export const outboxQuerySchema = z.strictObject({
  state: z.enum(OUTBOX_STATES).optional(),
  to: z.string().trim().max(254).optional(),
  kind: z.string().trim().max(40).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(5).max(100).default(50),
});
export const outboxEntrySchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  kind: z.string(),
  state: z.enum(OUTBOX_STATES),
  attempts: z.number(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;
