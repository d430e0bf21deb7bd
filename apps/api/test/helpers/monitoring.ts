import { z } from 'zod';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './app';

/** What the monitoring tests send: the RUM agent's intake and config URLs, and NDJSON events as the agent builds them. */
export const INTAKE = '/api/intake/v2/rum/events';
export const CONFIG = '/api/config/v1/rum/agents?service.name=portal-web&service.environment=test';
export const CHROME_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
export const FIREFOX_UA = 'Mozilla/5.0 (X11; Linux x86_64; rv:143.0) Gecko/20100101 Firefox/143.0';

export const hex = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 16).toString(16)).join('');

/** Lines shaped as @elastic/apm-rum 5 sends them (apiVersion 2). */
export const metadata = (environment = 'test') => ({
  metadata: {
    service: {
      name: 'portal-web',
      version: '',
      agent: { name: 'rum-js', version: '5.17.5' },
      language: { name: 'javascript' },
      environment,
    },
  },
});
export const transaction = (name: string, route: string, duration: number, type = 'route-change') => ({
  transaction: {
    id: hex(16),
    trace_id: hex(32),
    name,
    type,
    duration,
    context: { page: { referer: '', url: `http://localhost:3000${route}` }, tags: { route } },
    span_count: { started: 1 },
    sampled: true,
    sample_rate: 1,
    outcome: 'success',
  },
});
export const span = () => ({
  span: {
    id: hex(16),
    transaction_id: hex(16),
    parent_id: hex(16),
    trace_id: hex(32),
    name: 'GET /api/v3/proposals',
    type: 'external',
    subtype: 'http',
    start: 12.5,
    duration: 30.2,
    sync: false,
  },
});
export const error = (message: string, route: string) => ({
  error: {
    id: hex(16),
    culprit: 'http://localhost:3000/assets/index.js',
    exception: {
      message,
      type: 'Error',
      stacktrace: [
        {
          abs_path: 'http://localhost:3000/assets/index.js',
          filename: 'assets/index.js',
          function: 'go',
          lineno: 1,
          colno: 2,
        },
      ],
    },
    context: { page: { referer: '', url: `http://localhost:3000${route}` }, custom: { route } },
  },
});
export const ndjson = (...lines: unknown[]) =>
  lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n') + '\n';

export const summarySchema = z
  .object({
    accepted: z.number(),
    stored: z.number(),
    rejected: z.array(z.object({ line: z.number(), reason: z.string() }).strict()),
  })
  .strict();

export async function post(
  t: TestApp,
  body: string | Buffer,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: any; headers: LightMyRequestResponse['headers'] }> {
  const res = await t.app.inject({
    method: 'POST',
    url: INTAKE,
    payload: body,
    headers: { 'content-type': 'application/x-ndjson', 'user-agent': CHROME_UA, ...headers },
  });
  return { status: res.statusCode, json: res.body ? res.json() : null, headers: res.headers };
}

/** Stored transactions, and error groups in the same shape (errors are counted per group, not stored each). */
export async function rowsOf(t: TestApp) {
  const events = await t.db.kysely.selectFrom('rum_events').selectAll().execute();
  const groups = (await t.db.kysely.selectFrom('rum_error_groups').selectAll().execute()).map((g) => ({
    kind: 'error' as const,
    name: g.message,
    type: g.type,
    route: g.last_route,
    duration_ms: null,
    service: g.service,
    environment: g.environment,
    browser: Object.keys(JSON.parse(g.browsers) as object)[0] ?? null,
    user_agent: null,
    received_at: g.last_seen_at,
    payload: g.sample,
    count: Number(g.count),
  }));
  return [...events, ...groups].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
