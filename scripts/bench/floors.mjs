// The floor of each hot route (docs/decisions/057-the-api-at-its-floor.md): the statements the
// real route sends are captured from an API instance started with STATEMENT_LOG, then bench/floor.mjs
// (bare Fastify + the same driver) runs exactly those, with the same parameters, as that route.
import { spawn } from 'node:child_process';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, root, startApi, stop, waitUp } from './common.mjs';

/** The statements one request sent: the STATEMENT_LOG lines written while it ran. */
async function statementsOf(log, send) {
  const from = statSync(log, { throwIfNoEntry: false })?.size ?? 0;
  const res = await send();
  if (!res.ok) throw new Error(`capture: ${res.status} ${await res.text()}`);
  const text = readFileSync(log).subarray(from).toString('utf8');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

/**
 * Per scenario, the statements its request sends: four requests (the first warms the instance),
 * keeping the sequence of SQL texts most of the last three sent (a background job of the instance
 * may slip a statement into one of them).
 */
export async function captureStatements({ databaseUrl, dataDir, cookie, scenarios }) {
  const log = join(dataDir, 'statements.jsonl');
  writeFileSync(log, '');
  const port = await freePort();
  const api = await startApi({ databaseUrl, dataDir, port, env: { STATEMENT_LOG: log } });
  try {
    const captured = [];
    for (const s of scenarios) {
      const send = () =>
        fetch(`http://127.0.0.1:${port}${s.path}`, {
          method: s.method ?? 'GET',
          headers: { cookie, ...(s.headers ?? {}) },
          body: s.body,
        });
      const runs = [];
      for (let i = 0; i < 4; i++) runs.push(await statementsOf(log, send));
      const signature = (run) => run.map((st) => st.sql).join('\n');
      const counts = new Map();
      for (const run of runs.slice(1)) counts.set(signature(run), (counts.get(signature(run)) ?? 0) + 1);
      const best = [...counts.entries()].sort((a, b) => b[1] - a[1])[0][0];
      const statements = runs.slice(1).find((run) => signature(run) === best);
      captured.push({ method: s.method ?? 'GET', path: s.path.split('?')[0], statements });
    }
    return captured;
  } finally {
    await stop(api);
  }
}

/** `instances` floor processes (one per API instance) serving the captured routes. */
export async function startFloors({ databaseUrl, dataDir, routes, instances }) {
  const file = join(dataDir, 'floor-routes.json');
  writeFileSync(file, JSON.stringify(routes));
  const children = [];
  const bases = [];
  try {
    for (let i = 0; i < instances; i++) {
      const port = await freePort();
      const child = spawn(process.execPath, [join(root, 'bench/floor.mjs')], {
        env: {
          ...process.env,
          PORT: String(port),
          FLOOR_ROUTES: file,
          FLOOR_DATABASE: databaseUrl || join(dataDir, 'portal.db'),
          FLOOR_POOL_SIZE: process.env.DATABASE_POOL_SIZE ?? '10',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      children.push(child);
      bases.push(`http://127.0.0.1:${port}`);
      const first = routes.find((r) => r.method === 'GET');
      await waitUp(`${bases[i]}${first.path}`, child);
    }
  } catch (err) {
    for (const c of children) await stop(c);
    throw err;
  }
  return { bases, pids: children.map((c) => c.pid), stop: async () => Promise.all(children.map(stop)) };
}

const TICK_US = 1e6 / 100; // USER_HZ

/** utime + stime of a process in microseconds (0 once it is gone). */
function cpuUs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * TICK_US;
  } catch {
    return 0;
  }
}

/**
 * The CPU time (µs) these processes and the database's PostgreSQL server processes (`admin`, a
 * client on that database, lists them; none on SQLite) spent while `fn` ran, with fn's result. CPU
 * per request moves far less than req/s on a shared machine (docs/decisions/028-api-hot-paths.md).
 */
export async function withCpu({ pids, admin, dbName }, fn) {
  const backends = async () =>
    admin
      ? (
          await admin.query('select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [dbName])
        ).rows.map((r) => r.pid)
      : [];
  const before = new Map();
  for (const pid of [...pids, ...(await backends())]) before.set(pid, cpuUs(pid));
  const result = await fn();
  // A server process that started during the run counts from zero.
  let us = 0;
  for (const pid of new Set([...pids, ...(await backends())])) us += cpuUs(pid) - (before.get(pid) ?? 0);
  return { result, us };
}
