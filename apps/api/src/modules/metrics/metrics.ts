import type { Kysely } from 'kysely';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../../db/schema';
import type { JobEngine } from '../../jobs/jobs';

/**
 * The process's Prometheus metrics (docs/deploy.md, "Metrics"): one registry per process, as
 * Prometheus scrapes each instance on its own. Counters and histograms count as things happen; the
 * queue gauges are read from the database at each scrape (queueSamples).
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'portal_' });

export const httpRequestDuration = new Histogram({
  name: 'portal_http_request_duration_seconds',
  help: 'HTTP requests by method, route pattern and status code.',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const loginRefusals = new Counter({
  name: 'portal_login_limiter_refusals_total',
  help: 'Password checks refused by the login limits (429), by the limit that refused: ip or account.',
  labelNames: ['limit'] as const,
  registers: [registry],
});

const queueDepth = new Gauge({
  name: 'portal_queue_depth',
  help: 'Messages or jobs waiting in a queue (read at scrape).',
  labelNames: ['queue'] as const,
  registers: [registry],
});
const queueOldestAge = new Gauge({
  name: 'portal_queue_oldest_age_seconds',
  help: 'Age of the oldest message or job still waiting in a queue; 0 when it is empty (read at scrape).',
  labelNames: ['queue'] as const,
  registers: [registry],
});

export interface QueueSample {
  queue: string;
  waiting: number;
  /** Seconds since the oldest waiting one was queued; 0 when none waits. */
  oldestAgeSeconds: number;
}

/**
 * What waits in the portal's queues, read from the database: today the e-mail outbox (messages not
 * sent yet, however many attempts failed). A new queue adds its rows here.
 */
export async function queueSamples(db: Kysely<Database>, now = Date.now()): Promise<QueueSample[]> {
  const outbox = await db
    .selectFrom('outbox')
    .select((eb) => [eb.fn.countAll<number>().as('waiting'), eb.fn.min('created_at').as('oldest')])
    .where('sent_at', 'is', null)
    .executeTakeFirst();
  const oldest = outbox?.oldest == null ? null : Number(outbox.oldest);
  return [
    {
      queue: 'outbox',
      waiting: Number(outbox?.waiting ?? 0),
      oldestAgeSeconds: oldest === null ? 0 : Math.max(0, (now - oldest) / 1000),
    },
  ];
}

const jobsByState = new Gauge({
  name: 'portal_jobs',
  help: 'Background jobs per queue and state: waiting, running, failed (a retry is due) or dead (read at scrape).',
  labelNames: ['queue', 'state'] as const,
  registers: [registry],
});

/** The Prometheus text of every metric, with the queue and job gauges read now. */
export async function metricsText(db: Kysely<Database>, jobs?: Pick<JobEngine, 'counts'>): Promise<string> {
  for (const sample of await queueSamples(db)) {
    queueDepth.set({ queue: sample.queue }, sample.waiting);
    queueOldestAge.set({ queue: sample.queue }, sample.oldestAgeSeconds);
  }
  if (jobs) {
    for (const { queue, ...states } of await jobs.counts()) {
      for (const state of ['waiting', 'running', 'failed', 'dead'] as const)
        jobsByState.set({ queue, state }, states[state]);
    }
  }
  return registry.metrics();
}
