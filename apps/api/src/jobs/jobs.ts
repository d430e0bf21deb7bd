/**
 * The one way the API runs background work (docs/decisions/048-background-jobs.md). A job is
 * defined once with defineJob; the engine behind it is pg-boss on PostgreSQL (several instances,
 * schedules that fire once across them) and an in-process runner over the `jobs` table on SQLite.
 * Both retry a failing job with exponential backoff and keep it as dead after its retry limit.
 */
export interface JobDefinition<T extends object = object> {
  /** Queue name: letters, digits, '.', '_' and '-' (pg-boss's rule). */
  name: string;
  handler: (data: T) => Promise<void>;
  /** Retries after the first attempt before the job is dead. */
  retryLimit: number;
  /** Delay before the first retry; doubled on each retry when backoff is on. */
  retryDelaySeconds: number;
  backoff: boolean;
  /** How long one attempt may run before it counts as failed (a process that died mid-job). */
  expireSeconds: number;
  /** A schedule (five-field cron, UTC): one job per occurrence across every instance. */
  cron?: string;
}

export function defineJob<T extends object = object>(
  def: Pick<JobDefinition<T>, 'name' | 'handler'> & Partial<Omit<JobDefinition<T>, 'name' | 'handler'>>,
): JobDefinition<T> {
  if (!/^[\w.-]+$/.test(def.name)) throw new Error(`invalid job name "${def.name}"`);
  return { retryLimit: 3, retryDelaySeconds: 30, backoff: true, expireSeconds: 15 * 60, ...def };
}

/** What waits in a queue: waiting to run (new or due), running, failed (will retry), dead (retries spent). */
export interface QueueCounts {
  queue: string;
  waiting: number;
  running: number;
  failed: number;
  dead: number;
}

export interface FailedJob {
  id: string;
  queue: string;
  state: 'failed' | 'dead';
  /** Attempts made so far (the first run and its retries). */
  attempts: number;
  /** Attempts allowed in all (retry limit + 1). */
  maxAttempts: number;
  lastError: string | null;
  createdAt: string;
  /** When it runs again (failed jobs); null for dead ones. */
  retryAt: string | null;
}

export interface SendOptions {
  /** At most one waiting job of the queue with this key: a second send while one waits is dropped. */
  singletonKey?: string;
  /** Run no sooner than this many seconds from now. */
  startAfterSeconds?: number;
}

export interface JobEngine {
  readonly kind: 'pg-boss' | 'sqlite';
  /** Whether start() ran (and stop() did not): sends are picked up by this process's workers. */
  readonly running: boolean;
  /** Creates the queues, starts the workers and the schedules. */
  start(): Promise<void>;
  /** Stops taking jobs and waits for the ones running (at most timeoutMs). */
  stop(timeoutMs?: number): Promise<void>;
  send(name: string, data?: object, options?: SendOptions): Promise<void>;
  /** Per queue of every defined job, in definition order. */
  counts(): Promise<QueueCounts[]>;
  /** Failed and dead jobs, newest first. */
  failures(limit?: number): Promise<FailedJob[]>;
  /** Makes a failed or dead job run again now; false when it is neither (or unknown). */
  retry(queue: string, id: string): Promise<boolean>;
  readonly definitions: readonly JobDefinition[];
}

/** The message of whatever a handler threw, bounded for storage and display. */
export function errorText(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.slice(0, 1000);
}

/** Seconds before retry number `retry` (1-based): the delay, doubled per retry with backoff, capped at one hour. */
export function retryDelaySeconds(def: Pick<JobDefinition, 'retryDelaySeconds' | 'backoff'>, retry: number): number {
  const delay = def.backoff ? def.retryDelaySeconds * 2 ** (retry - 1) : def.retryDelaySeconds;
  return Math.min(3600, delay);
}
