import { z } from 'zod';
import { PROPOSAL_STATUSES, PROPOSAL_TYPES } from './proposal';
import { PORTAL_TIME_ZONE } from './dates';

/**
 * "Minha fila": what waits on the team, one row per proposal (docs/decisions/050-operator-queue.md).
 * Each reason a proposal waits has its own "since" (stored when the state that causes it begins);
 * the row shows the reason that has waited longest.
 */
export const QUEUE_REASONS = [
  'documents_sent',
  'correction_answered',
  'under_review',
  'invitation_pending',
  'document_expiring',
] as const;
export type QueueReason = (typeof QUEUE_REASONS)[number];

export const QUEUE_REASON_LABELS: Record<QueueReason, string> = {
  documents_sent: 'Documentos enviados a revisar',
  correction_answered: 'Correção respondida',
  under_review: 'Enviada para análise',
  invitation_pending: 'Convite não aceito',
  document_expiring: 'Documento perto de vencer',
};

/** Days an invitation may stay unanswered before it waits on the team (QUEUE_INVITATION_DAYS). */
export const DEFAULT_QUEUE_INVITATION_DAYS = 5;
/** Days before an accepted document's validity ends that it starts waiting (QUEUE_EXPIRING_DAYS). */
export const DEFAULT_QUEUE_EXPIRING_DAYS = 10;

export const QUEUE_RESPONSIBLE = ['me', 'none', 'all'] as const;
export type QueueResponsible = (typeof QUEUE_RESPONSIBLE)[number];
export const QUEUE_RESPONSIBLE_LABELS: Record<QueueResponsible, string> = {
  me: 'Eu',
  none: 'Ninguém',
  all: 'Todos',
};

export const queueQuerySchema = z.strictObject({
  responsible: z.enum(QUEUE_RESPONSIBLE).default('all'),
  /** Opaque keyset cursor from a previous page (next or previous). */
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(5).max(100).default(20),
});
export type QueueQuery = z.input<typeof queueQuerySchema>;

export const responsibleSchema = z.object({ id: z.string(), name: z.string() });
export type Responsible = z.infer<typeof responsibleSchema>;

export const queueItemSchema = z.object({
  id: z.string(),
  code: z.string(),
  type: z.enum(PROPOSAL_TYPES),
  status: z.enum(PROPOSAL_STATUSES),
  buyers: z.array(z.string()),
  /** The reason that has waited longest, and since when (ISO). */
  reason: z.enum(QUEUE_REASONS),
  waitingSince: z.string(),
  /** Calendar days in São Paulo time between waitingSince and now. */
  waitingDays: z.number(),
  /** Every reason the proposal waits for now, oldest first (the first is `reason`). */
  reasons: z.array(z.enum(QUEUE_REASONS)),
  responsible: responsibleSchema.nullable(),
});
export type QueueItem = z.infer<typeof queueItemSchema>;

export const queuePageSchema = z.object({
  data: z.array(queueItemSchema),
  /** Proposals waiting for each reason (with the same "responsible" filter); a proposal may count under several. */
  counts: z.record(z.enum(QUEUE_REASONS), z.number()),
  /** The reasons counted only up to 10 000 (there are more). */
  cappedReasons: z.array(z.enum(QUEUE_REASONS)),
  page: z.object({
    /** Proposals in the queue, counted up to 10 000 (capped: there are more). */
    total: z.number(),
    capped: z.boolean(),
    next: z.string().nullable(),
    prev: z.string().nullable(),
  }),
});
export type QueuePage = z.infer<typeof queuePageSchema>;

/** "Assumir" (operatorId = the caller) or "Passar para…" (another active operator). */
export const ownerChangeSchema = z.strictObject({ operatorId: z.string().min(1).max(64) });
export type OwnerChange = z.infer<typeof ownerChangeSchema>;

export const proposalOwnerSchema = z.object({
  responsible: responsibleSchema.nullable(),
  /** When the current responsible took it (ISO); null without one. */
  since: z.string().nullable(),
});
export type ProposalOwner = z.infer<typeof proposalOwnerSchema>;

const spDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: PORTAL_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
/** The calendar day (YYYY-MM-DD) of an instant in São Paulo, as a day number. */
function dayNumber(ms: number): number {
  return Date.parse(`${spDay.format(new Date(ms))}T00:00:00Z`) / 86_400_000;
}

/**
 * Calendar days waited, counted at São Paulo's midnight: 0 the same day, 1 from the next day on,
 * whatever the hour (a proposal that arrived at 23:50 has waited one day at 00:10).
 */
export function waitingDays(sinceMs: number, nowMs: number): number {
  return Math.max(0, dayNumber(nowMs) - dayNumber(sinceMs));
}

/** "aguardando há N dias" as the queue shows it. */
export function waitingText(days: number): string {
  return days === 1 ? 'aguardando há 1 dia' : `aguardando há ${days} dias`;
}
