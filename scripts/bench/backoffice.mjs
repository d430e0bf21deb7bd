// The back office at 100 000 proposals as part of `npm run bench` (BENCH_ONLY=backoffice): runs
// scripts/bench-backoffice.mjs (the list and the operators' queue, SQLite and, when reachable,
// PostgreSQL) and keeps its figures. docs/decisions/007-back-office.md, 050-operator-queue.md.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './common.mjs';

const TARGET_MS = 50;

export function benchBackoffice(results) {
  const dir = mkdtempSync(join(tmpdir(), 'portal-bench-bo-json-'));
  const out = join(dir, 'backoffice.json');
  try {
    spawnSync(process.execPath, [join(root, 'scripts/bench-backoffice.mjs')], {
      stdio: 'inherit',
      env: { ...process.env, BENCH_JSON: out },
    });
    results.backoffice = JSON.parse(readFileSync(out, 'utf8'));
  } catch (err) {
    console.error(`back-office bench failed: ${err instanceof Error ? err.message : err}`);
    results.backoffice = null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function backofficeTargets(results) {
  const rows = results.backoffice?.rows ?? [];
  const total = results.backoffice?.total ?? 0;
  const of = (queue) => rows.filter((r) => r.query.startsWith('queue:') === queue);
  const holds = (list) => (list.length ? list.every((r) => r['p95 ms'] < TARGET_MS) : null);
  return {
    [`Back-office list p95 < ${TARGET_MS} ms at ${total} proposals`]: holds(of(false)),
    [`Operators' queue p95 < ${TARGET_MS} ms at ${total} proposals`]: holds(of(true)),
  };
}
