import { z } from 'zod';
import { dataOf } from './api-envelope';

/** The back office's "Tarefas em segundo plano" (GET /backoffice/jobs, POST /backoffice/jobs/retry). */

/** What each queue does, in the operator's words. */
export const JOB_QUEUE_LABELS: Record<string, string> = {
  'mail.deliver': 'Envio de e-mails',
  'uploads.sweep': 'Limpeza de envios interrompidos',
  'sessions.sweep': 'Limpeza de sessões expiradas',
  'reminders.sweep': 'Lembretes a quem parou de preencher',
  'documents.expiry-notices': 'Avisos de documento perto de vencer',
};
export const jobQueueLabel = (queue: string) => JOB_QUEUE_LABELS[queue] ?? queue;

export const queueCountsSchema = z.object({
  queue: z.string(),
  waiting: z.number().int().nonnegative(),
  running: z.number().int().nonnegative(),
  /** Failed, with a retry still to come. */
  failed: z.number().int().nonnegative(),
  /** Failed for good: every retry spent. */
  dead: z.number().int().nonnegative(),
});
export type QueueCountsView = z.infer<typeof queueCountsSchema>;

export const failedJobSchema = z.object({
  id: z.string(),
  queue: z.string(),
  state: z.enum(['failed', 'dead']),
  attempts: z.number().int().nonnegative(),
  maxAttempts: z.number().int().positive(),
  lastError: z.string().nullable(),
  createdAt: z.iso.datetime(),
  retryAt: z.iso.datetime().nullable(),
});
export type FailedJobView = z.infer<typeof failedJobSchema>;

export const jobsOverviewResponseSchema = dataOf(
  z.object({
    engine: z.enum(['pg-boss', 'sqlite']),
    queues: z.array(queueCountsSchema),
    failures: z.array(failedJobSchema),
  }),
);
export type JobsOverview = z.infer<typeof jobsOverviewResponseSchema>['data'];

export const JOB_NOT_RETRYABLE = 'Esta tarefa não está mais entre as que falharam: ela já foi feita ou apagada.';

export const jobRetryBodySchema = z.strictObject({
  queue: z.string().trim().min(1).max(100),
  id: z.uuid({ error: 'Tarefa inválida.' }),
});
