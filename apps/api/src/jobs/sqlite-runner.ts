import { CronExpressionParser } from 'cron-parser';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { newId } from '../crypto';
import {
  errorText,
  retryDelaySeconds,
  type FailedJob,
  type JobDefinition,
  type JobEngine,
  type QueueCounts,
  type SendOptions,
} from './jobs';

/** How often the runner looks for due jobs and schedules when nothing woke it. */
const POLL_MS = 1_000;
/** Finished jobs are kept this long (the page counts only what waits or failed). */
const KEEP_DONE_MS = 7 * 24 * 3_600_000;

/** The next occurrence of a five-field cron expression (UTC) strictly after `after`. */
export function nextOccurrence(cron: string, after: number): number {
  return CronExpressionParser.parse(cron, { currentDate: new Date(after), tz: 'UTC' })
    .next()
    .getTime();
}

/**
 * The embedded engine (SQLite, one process): jobs are rows of `jobs`, run by this process. A job is
 * claimed with a conditional update and a schedule's occurrence with one on `job_schedules`, so a
 * second process on the same file neither runs a job twice nor fires an occurrence twice. One job of
 * each queue runs at a time.
 */
export function createSqliteJobs(args: {
  db: Kysely<Database>;
  definitions: JobDefinition[];
  log?: { warn(obj: object, msg: string): void };
  /** The clock (tests move it by hand); Date.now by default. */
  now?: () => number;
  pollMs?: number;
}): JobEngine & { runDue(): Promise<number> } {
  const { db } = args;
  const now = args.now ?? Date.now;
  const defs = new Map(args.definitions.map((d) => [d.name, d]));
  const busy = new Map<string, Promise<void>>();
  let timer: NodeJS.Timeout | null = null;
  let running = false;
  let ticking: Promise<number> | null = null;
  let again = false;
  let lastCleanup = 0;

  async function fireSchedules(at: number) {
    const due = await db.selectFrom('job_schedules').selectAll().where('next_run_at', '<=', at).execute();
    for (const schedule of due) {
      const def = defs.get(schedule.queue);
      if (!def?.cron) continue;
      const claimed = await db
        .updateTable('job_schedules')
        .set({ next_run_at: nextOccurrence(def.cron, at) })
        .where('queue', '=', schedule.queue)
        .where('next_run_at', '=', schedule.next_run_at)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 1) await insertJob(def.name, { cron: def.cron }, {}, at);
    }
  }

  async function insertJob(queue: string, data: object, options: SendOptions, at = now()) {
    const def = defs.get(queue);
    if (!def) throw new Error(`unknown job "${queue}"`);
    await db.transaction().execute(async (tx) => {
      if (options.singletonKey) {
        const waiting = await tx
          .selectFrom('jobs')
          .select('id')
          .where('queue', '=', queue)
          .where('singleton_key', '=', options.singletonKey)
          .where('state', '=', 'waiting')
          .executeTakeFirst();
        if (waiting) return;
      }
      await tx
        .insertInto('jobs')
        .values({
          id: newId(),
          queue,
          data: JSON.stringify(data),
          state: 'waiting',
          singleton_key: options.singletonKey ?? null,
          attempts: 0,
          max_attempts: def.retryLimit + 1,
          run_at: at + (options.startAfterSeconds ?? 0) * 1000,
          started_at: null,
          finished_at: null,
          created_at: at,
          last_error: null,
        })
        .execute();
    });
  }

  /** A job left running longer than its limit (its process stopped mid-job) counts as a failed attempt. */
  async function expireStale(at: number) {
    const stale = await db.selectFrom('jobs').selectAll().where('state', '=', 'running').execute();
    for (const job of stale) {
      const def = defs.get(job.queue);
      if (!def || (job.started_at ?? at) + def.expireSeconds * 1000 > at) continue;
      await settle(
        job.id,
        job.attempts,
        job.max_attempts,
        def,
        'A tarefa passou do tempo limite (o processo parou durante ela).',
        at,
      );
    }
  }

  async function settle(
    id: string,
    attempts: number,
    maxAttempts: number,
    def: JobDefinition,
    error: string | null,
    at = now(),
  ) {
    if (error === null) {
      await db
        .updateTable('jobs')
        .set({ state: 'done', finished_at: at, last_error: null })
        .where('id', '=', id)
        .execute();
      return;
    }
    const dead = attempts >= maxAttempts;
    await db
      .updateTable('jobs')
      .set({
        state: dead ? 'dead' : 'failed',
        finished_at: at,
        last_error: error,
        run_at: dead ? at : at + retryDelaySeconds(def, attempts) * 1000,
      })
      .where('id', '=', id)
      .where('state', '=', 'running')
      .execute();
  }

  /** Claims the queue's oldest due job and runs it; resolves false when none was due. */
  async function runOne(def: JobDefinition): Promise<boolean> {
    const at = now();
    const job = await db
      .selectFrom('jobs')
      .selectAll()
      .where('queue', '=', def.name)
      .where('state', 'in', ['waiting', 'failed'])
      .where('run_at', '<=', at)
      .orderBy('run_at')
      .limit(1)
      .executeTakeFirst();
    if (!job) return false;
    const claim = await db
      .updateTable('jobs')
      .set({ state: 'running', started_at: at, attempts: job.attempts + 1 })
      .where('id', '=', job.id)
      .where('state', '=', job.state)
      .where('attempts', '=', job.attempts)
      .executeTakeFirst();
    if (Number(claim.numUpdatedRows) !== 1) return true;
    let error: string | null = null;
    try {
      await def.handler(JSON.parse(job.data) as object);
    } catch (err) {
      error = errorText(err);
      args.log?.warn({ job: def.name, jobId: job.id, attempt: job.attempts + 1, err: error }, 'job failed');
    }
    await settle(job.id, job.attempts + 1, job.max_attempts, def, error);
    return true;
  }

  /** One pass: schedules, stale jobs, then every due job (queues side by side, one job per queue at a time). */
  async function pass(): Promise<number> {
    const at = now();
    await fireSchedules(at);
    await expireStale(at);
    if (at - lastCleanup > 60_000) {
      lastCleanup = at;
      await db
        .deleteFrom('jobs')
        .where('state', '=', 'done')
        .where('finished_at', '<', at - KEEP_DONE_MS)
        .execute();
    }
    let ran = 0;
    await Promise.all(
      [...defs.values()].map(async (def) => {
        if (busy.has(def.name)) return;
        const work = (async () => {
          while (await runOne(def)) ran++;
        })();
        busy.set(def.name, work);
        try {
          await work;
        } finally {
          busy.delete(def.name);
        }
      }),
    );
    return ran;
  }

  /** Runs a pass now; a call during a pass gets one more pass after it (a job sent meanwhile is not missed). */
  function runDue(): Promise<number> {
    if (ticking) {
      again = true;
      return ticking;
    }
    ticking = pass()
      .catch((err: unknown) => {
        args.log?.warn({ err: errorText(err) }, 'job runner pass failed');
        return 0;
      })
      .finally(() => {
        ticking = null;
        if (again) {
          again = false;
          wake();
        }
      });
    return ticking;
  }

  function schedule(delay: number) {
    if (!running) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      void runDue().finally(() => schedule(args.pollMs ?? POLL_MS));
    }, delay);
    timer.unref();
  }
  const wake = () => schedule(0);

  const engine = {
    kind: 'sqlite' as const,
    definitions: args.definitions,
    get running() {
      return running;
    },
    runDue,
    async start() {
      const at = now();
      for (const def of args.definitions) {
        if (!def.cron) {
          await db.deleteFrom('job_schedules').where('queue', '=', def.name).execute();
          continue;
        }
        const next = nextOccurrence(def.cron, at);
        const current = await db
          .selectFrom('job_schedules')
          .selectAll()
          .where('queue', '=', def.name)
          .executeTakeFirst();
        if (!current) {
          await db
            .insertInto('job_schedules')
            .values({ queue: def.name, cron: def.cron, next_run_at: next })
            .onConflict((oc) => oc.column('queue').doNothing())
            .execute();
        } else if (current.cron !== def.cron) {
          await db
            .updateTable('job_schedules')
            .set({ cron: def.cron, next_run_at: next })
            .where('queue', '=', def.name)
            .execute();
        }
      }
      running = true;
      wake();
    },
    async stop(timeoutMs = 10_000) {
      running = false;
      if (timer) clearTimeout(timer);
      timer = null;
      const inFlight = Promise.all([ticking, ...busy.values()]).then(() => undefined);
      let limit: NodeJS.Timeout | undefined;
      await Promise.race([inFlight, new Promise<void>((resolve) => (limit = setTimeout(resolve, timeoutMs)))]);
      clearTimeout(limit);
    },
    async send(name: string, data: object = {}, options: SendOptions = {}) {
      await insertJob(name, data, options);
      if (running) wake();
    },
    async counts(): Promise<QueueCounts[]> {
      const rows = await db
        .selectFrom('jobs')
        .select(['queue', 'state', (eb) => eb.fn.countAll<number>().as('n')])
        .where('state', '!=', 'done')
        .groupBy(['queue', 'state'])
        .execute();
      return args.definitions.map((def) => {
        const of = (state: string) => Number(rows.find((r) => r.queue === def.name && r.state === state)?.n ?? 0);
        return {
          queue: def.name,
          waiting: of('waiting'),
          running: of('running'),
          failed: of('failed'),
          dead: of('dead'),
        };
      });
    },
    async failures(limit = 50): Promise<FailedJob[]> {
      const rows = await db
        .selectFrom('jobs')
        .selectAll()
        .where('state', 'in', ['failed', 'dead'])
        .orderBy('finished_at', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        id: r.id,
        queue: r.queue,
        state: r.state === 'dead' ? ('dead' as const) : ('failed' as const),
        attempts: r.attempts,
        maxAttempts: r.max_attempts,
        lastError: r.last_error,
        createdAt: new Date(r.created_at).toISOString(),
        retryAt: r.state === 'failed' ? new Date(r.run_at).toISOString() : null,
      }));
    },
    async retry(queue: string, id: string) {
      // A dead job gets one more attempt; a failed one runs now instead of at its backoff's end.
      const result = await db
        .updateTable('jobs')
        .set((eb) => ({
          state: 'failed',
          run_at: now(),
          max_attempts: eb.fn('max', [eb.ref('max_attempts'), eb(eb.ref('attempts'), '+', 1)]),
        }))
        .where('id', '=', id)
        .where('queue', '=', queue)
        .where('state', 'in', ['failed', 'dead'])
        .executeTakeFirst();
      const ok = Number(result.numUpdatedRows) === 1;
      if (ok && running) wake();
      return ok;
    },
  };
  return engine;
}
