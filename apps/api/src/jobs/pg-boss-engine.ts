import type { PgBoss } from 'pg-boss';
import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import {
  errorText,
  type FailedJob,
  type JobDefinition,
  type JobEngine,
  type QueueCounts,
  type SendOptions,
} from './jobs';

/** pg-boss's states as the page names them: created = waiting, active = running, retry = failed (will retry), failed = dead. */
const STATE_OF = { created: 'waiting', active: 'running', retry: 'failed', failed: 'dead' } as const;

/**
 * The PostgreSQL engine: pg-boss in its own schema (JOBS_SCHEMA), on its own small pool. Every
 * instance works every queue; a schedule's occurrence is sent by one instance only (pg-boss claims
 * each cron pass with a row lock and files the job under the occurrence's minute), and a job is
 * fetched by one worker only (SKIP LOCKED). A job left active by an instance that died counts as
 * failed after its expireSeconds and is retried.
 */
export function createPgBossJobs(args: {
  connectionString: string;
  /** The app's database: the counts and the failures are read through it. */
  db: Kysely<Database>;
  schema: string;
  definitions: JobDefinition[];
  /** How often the instances check the schedules (pg-boss's cronMonitorIntervalSeconds, 1–45). */
  cronCheckSeconds: number;
  log?: { warn(obj: object, msg: string): void };
}): JobEngine {
  // pg-boss (~25 MB resident when imported alone) is imported at the engine's first start, send or retry, so
  // an instance on SQLite, which never builds this engine, never loads it (docs/decisions/058-api-memory.md).
  let loaded: Promise<PgBoss> | null = null;
  const bossOf = () =>
    (loaded ??= import('pg-boss').then(({ PgBoss }) => {
      const boss = new PgBoss({
        connectionString: args.connectionString,
        schema: args.schema,
        max: 3,
        application_name: 'portal-jobs',
        cronMonitorIntervalSeconds: args.cronCheckSeconds,
      });
      boss.on('error', (err: Error) => args.log?.warn({ err: errorText(err) }, 'job engine error'));
      return boss;
    }));
  const names = args.definitions.map((d) => d.name);
  const workers = new Map<string, string>();
  let running = false;

  // Reads (and the retry's nudge) go through the app's own pool: they work in a process whose
  // engine is not started too (pg-boss's pool opens with start()).
  const sqlRows = async <T>(text: string, values: unknown[]) =>
    (await args.db.executeQuery(CompiledQuery.raw(text, values))).rows as T[];
  /** Whether pg-boss's tables exist yet (an instance creates them at its first start). */
  let installed = false;
  const isInstalled = async () => {
    installed ||=
      (await sqlRows<{ t: string | null }>('select to_regclass($1) as t', [`${args.schema}.job`]))[0]?.t != null;
    return installed;
  };

  return {
    kind: 'pg-boss',
    definitions: args.definitions,
    get running() {
      return running;
    },
    async start() {
      const boss = await bossOf();
      await boss.start();
      for (const def of args.definitions) {
        const options = {
          retryLimit: def.retryLimit,
          retryDelay: def.retryDelaySeconds,
          retryBackoff: def.backoff,
          retryDelayMax: 3600,
          expireInSeconds: def.expireSeconds,
        };
        if (await boss.getQueue(def.name)) await boss.updateQueue(def.name, options);
        else await boss.createQueue(def.name, options);
        const id = await boss.work<object>(def.name, { pollingIntervalSeconds: 2, batchSize: 1 }, async ([job]) => {
          if (job) await def.handler(job.data ?? {});
        });
        workers.set(def.name, id);
        // The data names the schedule, so a scheduled job can be told from one sent by hand.
        if (def.cron) await boss.schedule(def.name, def.cron, { cron: def.cron }, { tz: 'UTC' });
        else await boss.unschedule(def.name);
      }
      running = true;
    },
    async stop(timeoutMs = 10_000) {
      running = false;
      if (!loaded) return;
      await (await loaded).stop({ graceful: true, timeout: timeoutMs, close: true });
    },
    async send(name: string, data: object = {}, options: SendOptions = {}) {
      if (options.singletonKey) {
        const waiting = await sqlRows<{ id: string }>(
          `select id from ${args.schema}.job where name = $1 and singleton_key = $2 and state = 'created' limit 1`,
          [name, options.singletonKey],
        );
        if (waiting.length > 0) return;
      }
      const boss = await bossOf();
      await boss.send(name, data, {
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
        ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
      });
      // This instance's worker looks at once instead of at its next poll.
      const worker = workers.get(name);
      if (worker) boss.notifyWorker(worker);
    },
    async counts(): Promise<QueueCounts[]> {
      const rows = !(await isInstalled())
        ? []
        : await sqlRows<{ name: string; state: keyof typeof STATE_OF; n: string }>(
            `select name, state::text as state, count(*) as n from ${args.schema}.job
          where name = any($1) and state in ('created', 'active', 'retry', 'failed') group by name, state`,
            [names],
          );
      return names.map((queue) => {
        const counts: QueueCounts = { queue, waiting: 0, running: 0, failed: 0, dead: 0 };
        for (const r of rows) if (r.name === queue) counts[STATE_OF[r.state]] = Number(r.n);
        return counts;
      });
    },
    async failures(limit = 50): Promise<FailedJob[]> {
      if (!(await isInstalled())) return [];
      const rows = await sqlRows<{
        id: string;
        name: string;
        state: 'retry' | 'failed';
        retry_count: number;
        retry_limit: number;
        output: { message?: string } | null;
        created_on: Date;
        start_after: Date;
      }>(
        `select id, name, state::text as state, retry_count, retry_limit, output, created_on, start_after
           from ${args.schema}.job where name = any($1) and state in ('retry', 'failed')
          order by coalesce(completed_on, created_on) desc limit $2`,
        [names, limit],
      );
      return rows.map((r) => ({
        id: r.id,
        queue: r.name,
        state: r.state === 'failed' ? 'dead' : 'failed',
        // A job in retry has failed retry_count times; a dead one failed once more than it retried.
        attempts: r.state === 'failed' ? r.retry_count + 1 : r.retry_count,
        maxAttempts: r.retry_limit + 1,
        lastError: typeof r.output?.message === 'string' ? r.output.message.slice(0, 1000) : null,
        createdAt: new Date(r.created_on).toISOString(),
        retryAt: r.state === 'retry' ? new Date(r.start_after).toISOString() : null,
      }));
    },
    async retry(queue: string, id: string) {
      // Only an instance whose engine runs retries (every serving instance starts it).
      if (!running || !names.includes(queue) || !(await isInstalled())) return false;
      const rows = await sqlRows<{ id: string }>(
        `select id from ${args.schema}.job where name = $1 and id = $2::uuid and state in ('retry', 'failed')`,
        [queue, id],
      );
      if (rows.length === 0) return false;
      // A dead job goes back through pg-boss's own retry (one more attempt); a failed one runs now.
      const boss = await bossOf();
      await boss.retry(queue, id);
      await sqlRows(
        `update ${args.schema}.job set start_after = ${args.schema}.job_now() where name = $1 and id = $2::uuid and state = 'retry'`,
        [queue, id],
      );
      const worker = workers.get(queue);
      if (worker) boss.notifyWorker(worker);
      return true;
    },
  };
}
