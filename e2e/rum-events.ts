import { join } from 'node:path';
import Database from 'better-sqlite3';
import { dataDir } from './fixtures';

/** What the e2e server stored of the RUM agent's posts (docs/product/monitoring.md). */
export interface RumRow {
  kind: string;
  name: string;
  type: string | null;
  route: string | null;
  browser: string | null;
  service: string;
  environment: string | null;
  duration_ms: number | null;
  received_at: number;
}

/**
 * The transactions the server stored since a time, and the error groups seen since then as rows of
 * kind 'error' (errors are counted per group, not stored each); read-only: the server owns the file.
 */
export function rumEvents(since: number): RumRow[] {
  const db = new Database(join(dataDir(), 'portal.db'), { readonly: true, fileMustExist: true });
  try {
    const events = db
      .prepare('select * from rum_events where received_at >= ? order by received_at')
      .all(since) as RumRow[];
    const groups = db
      .prepare(
        `select 'error' as kind, message as name, type, last_route as route, service, environment,
                null as duration_ms, last_seen_at as received_at, browsers
           from rum_error_groups where last_seen_at >= ? order by last_seen_at`,
      )
      .all(since) as (RumRow & { browsers: string })[];
    return [
      ...events,
      ...groups.map(({ browsers, ...g }) => ({
        ...g,
        browser: Object.keys(JSON.parse(browsers) as object)[0] ?? null,
      })),
    ];
  } finally {
    db.close();
  }
}

/** Page loads and route changes (the agent also sends http-request transactions of its own). */
export const isPageView = (r: RumRow) =>
  r.kind === 'transaction' && (r.type === 'page-load' || r.type === 'route-change');

export async function waitForEvents(since: number, done: (rows: RumRow[]) => boolean, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  let rows: RumRow[] = [];
  while (Date.now() < deadline) {
    rows = rumEvents(since);
    if (done(rows)) return rows;
    await new Promise((r) => setTimeout(r, 250));
  }
  return rows;
}
