import type { Kysely } from 'kysely';
import { JOB_NOT_RETRYABLE, type JobsOverview } from '@portal/domain/jobs-api';
import type { Database } from '../../db/schema';
import type { JobEngine } from '../../jobs/jobs';
import { recordAudit } from '../audit/audit';
import { HttpError } from '../../errors';

/** What the back office's "Tarefas em segundo plano" reads and does (docs/decisions/048-background-jobs.md). */
export function createJobsService(deps: { db: Kysely<Database>; engine: JobEngine }) {
  return {
    async overview(): Promise<JobsOverview> {
      const [queues, failures] = await Promise.all([deps.engine.counts(), deps.engine.failures(50)]);
      return { engine: deps.engine.kind, queues, failures };
    },
    /** Runs a failed or dead job again now; 409 when it is no longer among the failures. Audited. */
    async retry(args: { operatorId: string; ip: string | null; queue: string; id: string }) {
      const ok = await deps.engine.retry(args.queue, args.id);
      if (!ok) throw new HttpError(409, 'job_not_failed', JOB_NOT_RETRYABLE);
      await recordAudit(deps.db, {
        actorId: args.operatorId,
        action: 'job.retried',
        subject: args.id,
        ip: args.ip,
        detail: args.queue,
      });
    },
  };
}
