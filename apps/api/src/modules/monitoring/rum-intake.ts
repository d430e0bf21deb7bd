import { z } from 'zod';
import type { RumEventsTable } from '../../db/schema';

/**
 * The Elastic APM RUM intake, v2 (what @elastic/apm-rum posts to /intake/v2/rum/events): NDJSON,
 * a metadata line first, then one event per line ({"transaction"}, {"span"}, {"error"},
 * {"metricset"}). Lenient but typed: the keys we read are checked with their sizes, keys we do not
 * know are kept (agents add fields over versions), and one bad line never drops its neighbours.
 */

export const RUM_MAX_LINES = 2000;
/** Stored payloads above this are trimmed (stack frames, spans) or replaced by a head of the text. */
export const RUM_PAYLOAD_MAX_CHARS = 16_000;

const id = z.string().min(1).max(64);
const text = z.string().max(1024);
const url = z.string().max(4096);
const ms = z.number().min(0).max(86_400_000);
const labels = z.record(z.string().max(1024), z.union([z.string().max(1024), z.number(), z.boolean(), z.null()]));

const context = z
  .looseObject({
    page: z.looseObject({ url: url.optional(), referer: url.optional() }).optional(),
    tags: labels.optional(),
    custom: z.record(z.string().max(1024), z.unknown()).optional(),
    user: z
      .looseObject({ id: z.union([z.string().max(1024), z.number()]).optional(), email: text.optional() })
      .optional(),
  })
  .optional();

export const rumMetadataSchema = z.looseObject({
  service: z.looseObject({
    name: z
      .string()
      .max(1024)
      .regex(/^[a-zA-Z0-9 _-]+$/),
    version: text.optional(),
    environment: text.optional(),
    agent: z.looseObject({ name: text, version: text }),
    language: z.looseObject({ name: text }).optional(),
  }),
  labels: labels.optional(),
});

export const rumTransactionSchema = z.looseObject({
  id,
  trace_id: id,
  parent_id: id.optional(),
  name: text,
  type: text,
  duration: ms,
  span_count: z.looseObject({ started: z.number().int().min(0), dropped: z.number().int().min(0).optional() }),
  sampled: z.boolean().optional(),
  sample_rate: z.number().min(0).max(1).optional(),
  outcome: z.string().max(32).optional(),
  context,
  marks: z.record(z.string().max(1024), z.unknown()).optional(),
  experience: z.record(z.string().max(64), z.unknown()).optional(),
});

export const rumSpanSchema = z.looseObject({
  id,
  trace_id: id,
  parent_id: id,
  transaction_id: id.optional(),
  name: text,
  type: text,
  subtype: text.optional(),
  action: text.optional(),
  start: z.number(),
  duration: ms,
  sync: z.boolean().optional(),
  outcome: z.string().max(32).optional(),
  context: z.record(z.string().max(1024), z.unknown()).optional(),
});

const stackFrame = z.looseObject({
  abs_path: url.optional(),
  filename: url.optional(),
  function: text.optional(),
  lineno: z.number().int().optional(),
  colno: z.number().int().optional(),
});

export const rumErrorSchema = z.looseObject({
  id,
  trace_id: id.optional(),
  parent_id: id.optional(),
  transaction_id: id.optional(),
  culprit: z.string().max(4096).optional(),
  exception: z.looseObject({
    message: z.string().min(1).max(10_000),
    type: text.optional(),
    stacktrace: z.array(stackFrame).max(500).optional(),
  }),
  transaction: z.looseObject({ type: text.optional(), sampled: z.boolean().optional() }).optional(),
  context,
});

export const rumMetricsetSchema = z.looseObject({
  samples: z.record(z.string().max(1024), z.looseObject({ value: z.number() })),
  tags: labels.optional(),
});

export type RumMetadata = z.infer<typeof rumMetadataSchema>;
export type RumTransaction = z.infer<typeof rumTransactionSchema>;
export type RumError = z.infer<typeof rumErrorSchema>;

export type RumEvent =
  | { line: number; kind: 'transaction'; data: RumTransaction }
  | { line: number; kind: 'error'; data: RumError }
  | { line: number; kind: 'span'; data: z.infer<typeof rumSpanSchema> }
  | { line: number; kind: 'metricset'; data: z.infer<typeof rumMetricsetSchema> };

export interface RejectedLine {
  /** 1-based line number in the (decompressed) body. */
  line: number;
  reason: string;
}

export interface ParsedRumBatch {
  /** Null when the first line is not valid metadata: the batch cannot be attributed. */
  metadata: RumMetadata | null;
  events: RumEvent[];
  rejected: RejectedLine[];
}

const EVENT_SCHEMAS = {
  transaction: rumTransactionSchema,
  error: rumErrorSchema,
  span: rumSpanSchema,
  metricset: rumMetricsetSchema,
} as const;

function describeIssue(error: z.ZodError, key: string): string {
  const issue = error.issues[0]!;
  const path = [key, ...issue.path.map(String)].join('.');
  return `${path}: ${issue.message}`;
}

/** Splits and validates a batch; every line is accepted or rejected with its number and reason. */
export function parseRumBatch(body: string): ParsedRumBatch {
  const lines = body.split('\n');
  const result: ParsedRumBatch = { metadata: null, events: [], rejected: [] };
  let seenFirst = false;
  let counted = 0;
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!.trim();
    if (!raw) continue;
    const line = i + 1;
    const isFirst = !seenFirst;
    seenFirst = true;
    if (++counted > RUM_MAX_LINES) {
      result.rejected.push({ line, reason: `Lote acima de ${RUM_MAX_LINES} linhas` });
      continue;
    }
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      result.rejected.push({ line, reason: 'JSON inválido' });
      continue;
    }
    const keys = value && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value) : [];
    const key = keys.length === 1 ? keys[0]! : null;
    const inner = key ? (value as Record<string, unknown>)[key] : undefined;
    if (isFirst) {
      if (key !== 'metadata') {
        result.rejected.push({ line, reason: 'A primeira linha deve ser {"metadata": …}' });
        continue;
      }
      const parsed = rumMetadataSchema.safeParse(inner);
      if (parsed.success) result.metadata = parsed.data;
      else result.rejected.push({ line, reason: describeIssue(parsed.error, 'metadata') });
      continue;
    }
    if (key === 'metadata') {
      result.rejected.push({ line, reason: 'Metadados só na primeira linha' });
      continue;
    }
    if (!key || !(key in EVENT_SCHEMAS)) {
      result.rejected.push({
        line,
        reason: `Evento desconhecido (esperado um de: ${Object.keys(EVENT_SCHEMAS).join(', ')})`,
      });
      continue;
    }
    const kind = key as keyof typeof EVENT_SCHEMAS;
    const parsed = EVENT_SCHEMAS[kind].safeParse(inner);
    if (parsed.success) result.events.push({ line, kind, data: parsed.data } as RumEvent);
    else result.rejected.push({ line, reason: describeIssue(parsed.error, kind) });
  }
  return result;
}

function pathOf(pageUrl: string | undefined): string | null {
  if (!pageUrl) return null;
  try {
    return new URL(pageUrl, 'http://x').pathname.slice(0, 1024);
  } catch {
    return null;
  }
}

const stringOrNull = (value: unknown) => (typeof value === 'string' && value ? value.slice(0, 1024) : null);

/** JSON of the event, trimmed to RUM_PAYLOAD_MAX_CHARS; always valid JSON. */
export function truncatePayload(kind: string, data: Record<string, unknown>): string {
  const full = JSON.stringify({ [kind]: data });
  if (full.length <= RUM_PAYLOAD_MAX_CHARS) return full;
  const slim: Record<string, unknown> = { ...data, truncated: true };
  delete slim.spans;
  delete slim.breakdown;
  delete slim.marks;
  const exception = data.exception as { stacktrace?: unknown[] } | undefined;
  if (exception?.stacktrace) slim.exception = { ...exception, stacktrace: exception.stacktrace.slice(0, 20) };
  const trimmed = JSON.stringify({ [kind]: slim });
  if (trimmed.length <= RUM_PAYLOAD_MAX_CHARS) return trimmed;
  return JSON.stringify({ [kind]: { truncated: true, head: full.slice(0, RUM_PAYLOAD_MAX_CHARS - 100) } });
}

export type RumEventRow = Omit<RumEventsTable, 'id' | 'received_at'>;

/**
 * The row stored for an event: transactions and errors (spans and metricsets are only validated
 * and forwarded). The route is the pattern the web labels its transactions and errors with, else
 * the page's path.
 */
export function rumEventRow(
  event: RumEvent,
  metadata: RumMetadata,
  client: { userAgent: string | null; browser: string | null },
): RumEventRow | null {
  const base = {
    service: metadata.service.name,
    environment: metadata.service.environment || null,
    user_agent: client.userAgent ? client.userAgent.slice(0, 512) : null,
    browser: client.browser,
  };
  if (event.kind === 'transaction') {
    const tr = event.data;
    return {
      ...base,
      kind: 'transaction',
      name: tr.name,
      type: tr.type,
      route: stringOrNull(tr.context?.tags?.route) ?? pathOf(tr.context?.page?.url),
      duration_ms: Math.round(tr.duration),
      payload: truncatePayload('transaction', tr),
    };
  }
  if (event.kind === 'error') {
    const err = event.data;
    return {
      ...base,
      kind: 'error',
      name: err.exception.message.slice(0, 1024),
      type: err.exception.type || null,
      route:
        stringOrNull(err.context?.custom?.route) ??
        stringOrNull(err.context?.tags?.route) ??
        pathOf(err.context?.page?.url),
      duration_ms: null,
      payload: truncatePayload('error', err),
    };
  }
  return null;
}
