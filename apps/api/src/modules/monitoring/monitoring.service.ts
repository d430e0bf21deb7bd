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
import { parseRumBatch, rumEventRow, type RejectedLine, type RumEventRow } from './rum-intake';
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

export const PAYLOAD_TOO_LARGE_MESSAGE = 'O conteúdo enviado é grande demais.';

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

export function createMonitoringService(deps: {
  db: Kysely<Database>;
  apmServerUrl: string | null;
  log: FastifyBaseLogger;
}) {
  const repo = createMonitoringRepository(deps.db);
  let lastPrune = 0;

  function pruneSometimes(now: number) {
    if (now - lastPrune < PRUNE_EVERY_MS) return;
    lastPrune = now;
    repo.deleteEventsBefore(now - RUM_RETENTION_MS).catch((err: unknown) => deps.log.warn({ err }, 'RUM prune failed'));
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
      const client = { userAgent: request.userAgent, browser: browserFromUserAgent(request.userAgent) };
      const rows = batch.events
        .map((event) => rumEventRow(event, batch.metadata!, client))
        .filter((row): row is RumEventRow => row !== null);
      await repo.insertEvents(rows);
      pruneSometimes(Date.now());
      return { accepted: batch.events.length, stored: rows.length, rejected: batch.rejected };
    },

    /** The operator's rate, or the spec default; the etag changes exactly when the value does. */
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

    async listErrorGroups(now = Date.now()): Promise<MonitoringErrorGroup[]> {
      const groups = await repo.findErrorGroups(now - STATS_WINDOW_MS);
      const top = (
        pick: (v: { route: string | null; browser: string | null }) => string | null,
        variants: (typeof groups)[number]['variants'],
      ) => {
        const counts = new Map<string, number>();
        for (const v of variants) {
          const key = pick(v);
          if (key) counts.set(key, (counts.get(key) ?? 0) + v.count);
        }
        return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([k]) => k);
      };
      return groups.map((g) => ({
        message: g.name,
        count: g.count,
        lastSeenAt: g.lastSeenAt,
        routes: top((v) => v.route, g.variants).slice(0, 5),
        browsers: top((v) => v.browser, g.variants).slice(0, 5),
      }));
    },

    async listRouteStats(now = Date.now()) {
      return summarizeRouteDurations(await repo.findRouteDurations(now - STATS_WINDOW_MS));
    },
  };
}

export type MonitoringService = ReturnType<typeof createMonitoringService>;
