import { gunzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { RUM_DEFAULTS } from '@portal/domain/monitoring';
import { summarizeRouteDurations, type MonitoringErrorGroup } from '@portal/domain/monitoring-views';
import type { Database } from '../../db/schema';
import { HttpError } from '../../errors';
import { recordAudit } from '../audit/audit';
import { createMonitoringRepository } from './monitoring.repository';
import { parseRumBatch, rumEventRow, type RejectedLine, type RumError, type RumEventRow } from './rum-intake';
import { createErrorGroupsRepository, errorOccurrence, type GroupLimits } from './error-groups';
import { browserFromUserAgent } from './user-agent';
import { sha256 } from '../../crypto';

const gunzipAsync = promisify(gunzip);

/** Largest batch once decompressed; a small gzip body cannot expand past it (gzip bombs). */
export const RUM_BODY_LIMIT = 1_048_576;
const FORWARD_TIMEOUT_MS = 5000;
const DAY_MS = 24 * 60 * 60_000;
const STATS_WINDOW_MS = 7 * DAY_MS;
/** Events older than this are deleted, at most once an hour, by the instance that receives a batch. */
export const RUM_RETENTION_MS = 30 * DAY_MS;
const PRUNE_EVERY_MS = 60 * 60_000;
/** Groups the operator's page lists (most recently seen first). */
const ERROR_GROUPS_SHOWN = 200;

export const PAYLOAD_TOO_LARGE_MESSAGE = 'O conteúdo enviado é grande demais.';

/**
 * What one batch and one client may add to the tables (docs/decisions/015-abuse-limits.md). The
 * agent sends a few events per batch; these only bite on floods.
 */
export interface IntakeLimits extends GroupLimits {
  /** Transactions and errors kept from one batch; the rest is only validated. */
  eventsPerBatch: number;
  /** Transactions and errors kept per client IP per window. */
  eventsPerClientWindow: number;
  /** New error groups one client IP may open per window. */
  newGroupsPerClientWindow: number;
  clientWindowMs: number;
  /** Rows of rum_events (transactions) kept; the oldest are pruned first. */
  maxEvents: number;
}
export const INTAKE_LIMITS: IntakeLimits = {
  eventsPerBatch: 100,
  eventsPerClientWindow: 600,
  newGroupsPerBatch: 10,
  newGroupsPerClientWindow: 30,
  clientWindowMs: 60_000,
  maxGroups: 1000,
  staleGroupMs: DAY_MS,
  maxEvents: 200_000,
};

export interface IntakeSummary {
  /** Event lines validated (metadata not counted). */
  accepted: number;
  /** Of those, the transactions and errors kept in the database. */
  stored: number;
  rejected: RejectedLine[];
}

export interface IntakeRequest {
  body: Buffer;
  contentType: string;
  contentEncoding: string | undefined;
  userAgent: string | null;
  ip: string;
}

/** The window of the per-client limits: the batch rate limit and the quotas that follow it. */
export const RATE_WINDOW_MS = 60_000;

export function createMonitoringService(deps: {
  db: Kysely<Database>;
  apmServerUrl: string | null;
  log: FastifyBaseLogger;
  limits?: Partial<IntakeLimits>;
  /** Injected clock (tests). */
  now?: () => number;
}) {
  const repo = createMonitoringRepository(deps.db);
  const groups = createErrorGroupsRepository(deps.db);
  const limits: IntakeLimits = { ...INTAKE_LIMITS, ...deps.limits };
  const clock = deps.now ?? Date.now;
  let lastPrune = 0;
  let storedSincePrune = 0;

  /** Retention and quotas, at most once an hour, or sooner when this instance stored a tenth of the quota. */
  function pruneSometimes(now: number, stored: number) {
    storedSincePrune += stored;
    if (now - lastPrune < PRUNE_EVERY_MS && storedSincePrune < limits.maxEvents / 10) return;
    lastPrune = now;
    storedSincePrune = 0;
    (async () => {
      await repo.deleteEventsBefore(now - RUM_RETENTION_MS);
      await repo.trimEvents(limits.maxEvents);
      await groups.pruneGroups(now - RUM_RETENTION_MS, limits.maxGroups);
      await repo.deleteClientUsageBefore(now - limits.clientWindowMs);
    })().catch((err: unknown) => deps.log.warn({ err }, 'RUM prune failed'));
  }

  /** Takes up to `wanted` from a client's window quota; returns how many it got. */
  async function grant(
    client: string,
    now: number,
    kind: 'events' | 'groups',
    wanted: number,
    counters = repo,
  ): Promise<number> {
    const cap = kind === 'events' ? limits.eventsPerClientWindow : limits.newGroupsPerClientWindow;
    const start = Math.floor(now / limits.clientWindowMs) * limits.clientWindowMs;
    const totals = await counters.addClientUsage(
      `ip:${client}`,
      { events: kind === 'events' ? wanted : 0, groups: kind === 'groups' ? wanted : 0 },
      { start },
    );
    const before = totals[kind] - wanted;
    return Math.max(0, Math.min(wanted, cap - before));
  }

  /** Decompresses when the agent gzipped the batch, never past RUM_BODY_LIMIT. */
  async function decode(body: Buffer, encoding: string | undefined): Promise<string> {
    const enc = (encoding ?? 'identity').trim().toLowerCase();
    if (enc === 'identity' || enc === '') return body.toString('utf8');
    if (enc !== 'gzip' && enc !== 'x-gzip') {
      throw new HttpError(415, 'unsupported_media_type', 'Codificação de conteúdo não suportada.');
    }
    try {
      return (await gunzipAsync(body, { maxOutputLength: RUM_BODY_LIMIT })).toString('utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' || err instanceof RangeError) {
        throw new HttpError(413, 'payload_too_large', PAYLOAD_TOO_LARGE_MESSAGE);
      }
      throw new HttpError(400, 'bad_request', 'Conteúdo comprimido inválido.');
    }
  }

  /** Fire and forget: the browser's answer never waits for, nor fails with, the APM Server. */
  function forward(request: IntakeRequest) {
    if (!deps.apmServerUrl) return;
    const headers: Record<string, string> = { 'content-type': request.contentType, 'x-forwarded-for': request.ip };
    if (request.contentEncoding) headers['content-encoding'] = request.contentEncoding;
    if (request.userAgent) headers['user-agent'] = request.userAgent;
    fetch(`${deps.apmServerUrl}/intake/v2/rum/events`, {
      method: 'POST',
      headers,
      body: new Uint8Array(request.body),
      signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
    })
      .then(async (res) => {
        if (!res.ok) deps.log.warn({ status: res.status }, 'APM Server refused a RUM batch');
        await res.body?.cancel();
      })
      .catch((err: unknown) => deps.log.warn({ err }, 'APM Server unreachable'));
  }

  return {
    async ingest(request: IntakeRequest): Promise<IntakeSummary> {
      const text = await decode(request.body, request.contentEncoding);
      if (Buffer.byteLength(text) > RUM_BODY_LIMIT) {
        throw new HttpError(413, 'payload_too_large', PAYLOAD_TOO_LARGE_MESSAGE);
      }
      const batch = parseRumBatch(text);
      if (!batch.metadata) {
        const first = batch.rejected[0];
        throw new HttpError(
          400,
          'invalid_metadata',
          'A primeira linha do lote deve trazer os metadados do serviço.',
          first ? { [String(first.line)]: first.reason } : { '1': 'Lote vazio' },
        );
      }
      forward(request);
      const now = clock();
      const client = { userAgent: request.userAgent, browser: browserFromUserAgent(request.userAgent) };
      const kept: { row: RumEventRow; error: RumError | null }[] = [];
      for (const event of batch.events) {
        if (kept.length >= limits.eventsPerBatch) break;
        const row = rumEventRow(event, batch.metadata, client);
        if (row) kept.push({ row, error: event.kind === 'error' ? event.data : null });
      }
      const granted = kept.length ? await grant(request.ip, now, 'events', kept.length) : 0;
      const taken = kept.slice(0, granted);
      const transactions = taken.filter((k) => !k.error).map((k) => k.row);
      const errors = taken.flatMap((k) => (k.error ? [errorOccurrence(k.row, k.error)] : []));
      await repo.insertEvents(transactions, now);
      const counted = await groups.recordErrors(errors, {
        now,
        limits,
        grantNewGroups: (wanted, tx) => grant(request.ip, now, 'groups', wanted, createMonitoringRepository(tx)),
      });
      pruneSometimes(now, transactions.length);
      return { accepted: batch.events.length, stored: transactions.length + counted, rejected: batch.rejected };
    },

    /** The operator's rate, or the default of docs/product/monitoring.md; the etag changes exactly when the value does. */
    async agentConfig(): Promise<{ body: { transaction_sample_rate: string }; etag: string }> {
      const rate = (await repo.findSampleRate())?.rate ?? RUM_DEFAULTS.transactionSampleRate;
      // A string, as the APM Server sends it: the agent ignores a falsy value, so a number 0 would be lost.
      const body = { transaction_sample_rate: String(rate) };
      return { body, etag: `"${sha256(JSON.stringify(body)).slice(0, 20)}"` };
    },

    async getSampleRate(): Promise<{ rate: number; updatedAt: number | null }> {
      const saved = await repo.findSampleRate();
      return saved ?? { rate: RUM_DEFAULTS.transactionSampleRate, updatedAt: null };
    },

    async setSampleRate(rate: number, actor: { id: string; ip: string }) {
      const updatedAt = await repo.saveSampleRate(rate, actor.id);
      await recordAudit(deps.db, {
        actorId: actor.id,
        action: 'monitoring.sample_rate',
        subject: 'rum',
        ip: actor.ip,
        detail: JSON.stringify({ rate }),
      });
      return { rate, updatedAt };
    },

    async listErrorGroups(now = clock()): Promise<MonitoringErrorGroup[]> {
      const top = (counts: Record<string, number>) =>
        Object.entries(counts)
          .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
          .slice(0, 5)
          .map(([k]) => k);
      const rows = await groups.findErrorGroups(now - STATS_WINDOW_MS, ERROR_GROUPS_SHOWN);
      return rows.map((g) => ({
        id: g.id,
        message: g.message,
        count: g.count,
        firstSeenAt: g.firstSeenAt,
        lastSeenAt: g.lastSeenAt,
        routes: top(g.routes),
        browsers: top(g.browsers),
      }));
    },

    async listRouteStats(now = clock()) {
      return summarizeRouteDurations(await repo.findRouteDurations(now - STATS_WINDOW_MS));
    },
  };
}

export type MonitoringService = ReturnType<typeof createMonitoringService>;
