// The API part of `npm run bench`: load from this (second) process on loopback against a bare
// Fastify ceiling and against each route's floor (floors.mjs), on SQLite and PostgreSQL, with one
// and two API instances (BENCH_DB=sqlite|postgres, BENCH_INSTANCES=1|2 pick one); and the API's
// memory during 200 MB of uploads. Every loop is bounded in count and time and talks to 127.0.0.1 only.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { DEMO_PASSWORD, freePort, median, root, startApi, stop, waitUp } from './common.mjs';
import { captureStatements, startFloors, withCpu } from './floors.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/** Floor-then-route pairs per hot route (BENCH_ROUNDS); the ratios are their medians. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const RATE = Number(process.env.BENCH_RATE ?? 500);
/** Each hot route's target against its floor (docs/decisions/057-the-api-at-its-floor.md). */
const FLOOR_RATIO = 0.7;
const PG_ADMIN = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const pct = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : null;

/** One autocannon run; latencies recorded per response so p95 is exact. */
export function load({ urls, method = 'GET', headers = {}, body, rate, seconds = SECONDS, connections = 20 }) {
  return new Promise((resolve, reject) => {
    const latencies = [];
    const instance = autocannon(
      {
        url: urls,
        method,
        headers,
        body,
        duration: seconds,
        connections,
        ...(rate ? { overallRate: rate } : {}),
        timeout: 10,
      },
      (err, res) => {
        if (err) return reject(err);
        latencies.sort((a, b) => a - b);
        resolve({
          rps: Math.round(res.requests.average),
          p50: pct(latencies, 50),
          p95: pct(latencies, 95),
          p99: pct(latencies, 99),
          errors: res.errors + res.timeouts + res.non2xx,
          requests: res.requests.total,
        });
      },
    );
    instance.on('response', (_client, _status, _bytes, time) => latencies.push(Math.round(time * 100) / 100));
  });
}

async function loginCookie(base) {
  const res = await fetch(`${base}/api/v3/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'comprador@demo.com.br', password: DEMO_PASSWORD, type: 'buyer' }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

export async function postgresReachable() {
  try {
    const c = new pg.Client({ connectionString: PG_ADMIN });
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

/**
 * Starts `instances` API processes on a fresh database (SQLite file or a new PostgreSQL database),
 * logs in as the demo buyer and hands fn the bases, the cookie and the buyer's proposal; then
 * stops everything and drops the database.
 */
export async function withApi({ db, instances = 1, nodeArgs = [], floors = false }, fn) {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
  let databaseUrl = '';
  let dropDb = async () => {};
  let dbName = null;
  if (db === 'postgres') {
    const name = `bench_${process.pid}_${instances}`;
    dbName = name;
    const admin = new pg.Client({ connectionString: PG_ADMIN });
    await admin.connect();
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(PG_ADMIN);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
    dropDb = async () => {
      const a = new pg.Client({ connectionString: PG_ADMIN });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    };
  }
  const servers = [];
  const ports = [];
  let floor = null;
  try {
    for (let i = 0; i < instances; i++) {
      const port = await freePort();
      ports.push(port);
      // One after the other: the first migrates and seeds.
      servers.push(await startApi({ databaseUrl, dataDir, port, nodeArgs }));
    }
    const bases = ports.map((p) => `http://127.0.0.1:${p}`);
    const cookie = await loginCookie(bases[0]);
    const proposals = await (await fetch(`${bases[0]}/api/v3/proposals`, { headers: { cookie } })).json();
    const proposal = proposals.data.find((p) => p.code === 'PF-2026-005102') ?? proposals.data[0];
    let floorBases = null;
    let floorPids = [];
    if (floors) {
      const routes = await captureStatements({ databaseUrl, dataDir, cookie, scenarios: scenarios(proposal) });
      floor = await startFloors({ databaseUrl, dataDir, routes, instances });
      floorBases = floor.bases;
      floorPids = floor.pids;
      for (const r of routes) console.log(`${db} ${r.method} ${r.path}: ${r.statements.length} statement(s)`);
    }
    return await fn({ bases, cookie, proposal, servers, dbName, databaseUrl, floorBases, floorPids });
  } finally {
    await floor?.stop();
    for (const s of servers) await stop(s);
    await dropDb();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The hot paths: what every screen asks first, the proposal list and one proposal, a draft save. */
export function scenarios(proposal) {
  return [
    { name: 'GET /api/v3/auth/session', kind: 'read', minRatio: 0.3, path: '/api/v3/auth/session' },
    { name: 'GET /api/v3/proposals', kind: 'read', minRatio: 0.15, path: '/api/v3/proposals' },
    { name: 'GET /api/v3/proposals/:id', kind: 'read', minRatio: 0.15, path: `/api/v3/proposals/${proposal.id}` },
    {
      name: 'PUT …/sections/data/draft',
      kind: 'write',
      minRatio: 0.08,
      path: `/api/v3/proposals/${proposal.id}/sections/data/draft?buyer=0`,
      method: 'PUT',
      body: JSON.stringify({ name: 'Carlos Eduardo Souza', phone: '(11) 98765-4321', occupation: 'Engenheiro' }),
      headers: { 'content-type': 'application/json' },
    },
  ];
}

export const loadOptions = (s, { bases, cookie }) => ({
  urls: bases.map((b) => b + s.path),
  method: s.method ?? 'GET',
  headers: { cookie, ...(s.headers ?? {}) },
  body: s.body,
});

/**
 * The machine is shared and its speed drifts over minutes, so the ceiling is measured again right
 * before each route's run (the bare server stays up throughout) and each ratio uses its neighbour.
 */
export async function benchApi(results) {
  const helloPort = await freePort();
  const hello = spawn(process.execPath, [join(root, 'bench/hello.mjs')], {
    env: { ...process.env, PORT: String(helloPort) },
    stdio: 'inherit',
  });
  const helloUrl = `http://127.0.0.1:${helloPort}/hello`;
  try {
    await waitUp(helloUrl, hello);
    const ceilings = [];
    const ceiling = async () => {
      const { rps } = await load({ urls: [helloUrl] });
      ceilings.push(rps);
      return rps;
    };
    await ceiling();
    const fixed = await load({ urls: [helloUrl], rate: RATE });
    results.ceiling = { route: 'GET /hello (bare Fastify)', maxRps: ceilings[0], atRate: fixed };

    const databases = ['sqlite'];
    if (await postgresReachable()) databases.push('postgres');
    else console.log('PostgreSQL not reachable: benchmarking SQLite only');
    const only = (list, value) => (value ? list.filter((x) => String(x) === value) : list);

    for (const db of only(databases, process.env.BENCH_DB)) {
      for (const instances of only([1, 2], process.env.BENCH_INSTANCES)) {
        await withApi({ db, instances, floors: true }, async (ctx) => {
          const admin = ctx.dbName ? new pg.Client({ connectionString: ctx.databaseUrl }) : null;
          await admin?.connect();
          const cpu = (pids, fn) => withCpu({ pids, admin, dbName: ctx.dbName }, fn);
          const perRequest = ({ result, us }) => Math.round(us / Math.max(1, result.requests));
          try {
            for (const s of scenarios(ctx.proposal)) {
              const opts = loadOptions(s, ctx);
              const ceilingRps = await ceiling();
              // The same route's floor (bench/floor.mjs) and the route itself, in ROUNDS alternating pairs
              // (floor, then route), with the CPU both spend per request (their processes and
              // PostgreSQL's). One pair moves by ±15 % on a shared 2-core machine; each ratio is the
              // median of the pairs' ratios, each rate the median of its runs
              // (docs/decisions/067-measuring-against-the-floor.md).
              const pairs = [];
              for (let round = 0; round < ROUNDS; round++) {
                const floorRun = await cpu(ctx.floorPids, () =>
                  load(loadOptions(s, { ...ctx, bases: ctx.floorBases })),
                );
                const apiRun = await cpu(
                  ctx.servers.map((c) => c.pid),
                  () => load(opts),
                );
                pairs.push({ floorRun, apiRun });
              }
              const overRuns = (runs) => ({
                rps: median(runs.map((r) => r.result.rps)),
                errors: runs.reduce((n, r) => n + r.result.errors, 0),
              });
              const floor = overRuns(pairs.map((p) => p.floorRun));
              const max = overRuns(pairs.map((p) => p.apiRun));
              const ratioToFloor = median(pairs.map((p) => p.apiRun.result.rps / p.floorRun.result.rps));
              const cpuRatioToFloor = median(pairs.map((p) => perRequest(p.floorRun) / perRequest(p.apiRun)));
              const fixed = await load({ ...opts, rate: RATE });
              const row = {
                db,
                instances,
                route: s.name,
                kind: s.kind,
                maxRps: max.rps,
                maxErrors: max.errors,
                ceilingRps,
                ratioToCeiling: Math.round((max.rps / ceilingRps) * 100) / 100,
                minRatio: s.minRatio,
                floorRps: floor.rps,
                floorErrors: floor.errors,
                ratioToFloor: Math.round(ratioToFloor * 100) / 100,
                ratiosToFloor: pairs.map((p) => Math.round((p.apiRun.result.rps / p.floorRun.result.rps) * 100) / 100),
                cpuUsPerRequest: {
                  api: median(pairs.map((p) => perRequest(p.apiRun))),
                  floor: median(pairs.map((p) => perRequest(p.floorRun))),
                },
                cpuRatioToFloor: Math.round(cpuRatioToFloor * 100) / 100,
                atRate: { rate: RATE, ...fixed },
              };
              results.api.push(row);
              console.log(
                `${db} ×${instances} ${s.name}: max ${max.rps} req/s = ${row.ratioToCeiling.toFixed(2)} × ceiling ${ceilingRps} = ${row.ratioToFloor.toFixed(2)} × floor ${floor.rps} (pairs ${row.ratiosToFloor.join(' ')}); CPU µs/request ${row.cpuUsPerRequest.api} (floor ${row.cpuUsPerRequest.floor}, ratio ${row.cpuRatioToFloor.toFixed(2)}); at ${RATE}/s p50 ${fixed.p50} p95 ${fixed.p95} p99 ${fixed.p99} ms, errors ${max.errors + fixed.errors}`,
              );
            }
          } finally {
            await admin?.end();
          }
        });
      }
    }
    results.ceiling.samples = ceilings;
  } finally {
    await stop(hello);
  }
}

/** 200 MB of uploads through the API (scripts/upload-memory.mjs): the API process's peak RSS. */
export function benchUploads(results) {
  const r = spawnSync(process.execPath, [join(root, 'scripts/upload-memory.mjs')], { cwd: root, encoding: 'utf8' });
  const json = /\{[\s\S]*\}/.exec(r.stdout ?? '');
  if (!json) {
    console.log('upload-memory failed:', r.stderr?.slice(0, 500));
    return;
  }
  results.uploads = JSON.parse(json[0]);
  console.log(r.stdout.trim().split('\n').at(-1));
}

export function printApi(results) {
  if (!results.ceiling) return;
  const c = results.ceiling;
  const rows = [
    {
      db: '-',
      instances: '-',
      route: c.route,
      'max req/s': c.maxRps,
      'vs ceiling': '1.00',
      target: '',
      floor: '',
      'vs floor': '',
      p50: c.atRate.p50,
      p95: c.atRate.p95,
      p99: c.atRate.p99,
      errors: c.atRate.errors,
    },
  ];
  for (const r of results.api)
    rows.push({
      db: r.db,
      instances: r.instances,
      route: r.route,
      'max req/s': r.maxRps,
      'vs ceiling': r.ratioToCeiling.toFixed(2),
      target: `≥ ${r.minRatio.toFixed(2)}`,
      floor: r.floorRps,
      'vs floor': r.ratioToFloor.toFixed(2),
      'CPU µs': `${r.cpuUsPerRequest.api} / ${r.cpuUsPerRequest.floor}`,
      'CPU vs floor': r.cpuRatioToFloor.toFixed(2),
      p50: r.atRate.p50,
      p95: r.atRate.p95,
      p99: r.atRate.p99,
      errors: r.maxErrors + r.atRate.errors,
    });
  console.log(
    `\nAPI: max req/s (20 connections, ${SECONDS}s), ratio to the bare Fastify ceiling measured just before ` +
      `(samples ${c.samples?.join(', ') ?? c.maxRps} req/s), and to the route's floor (its own statements on bare ` +
      `Fastify, bench/floor.mjs): the median of ${ROUNDS} floor-then-route pairs' ratios, req/s and CPU the ` +
      `medians of their runs; latency ms at ${RATE} req/s for ${SECONDS}s`,
  );
  console.table(rows);
}

export function apiTargets(results) {
  const reads = results.api.filter((r) => r.kind === 'read');
  const writes = results.api.filter((r) => r.kind === 'write');
  const clean = (r) => r.maxErrors === 0 && r.atRate.errors === 0;
  return {
    'API routes at their ratio to the ceiling (session 0.30, proposals 0.15, draft PUT 0.08), 0 errors': results.api
      .length
      ? results.api.every((r) => r.ratioToCeiling >= r.minRatio && clean(r))
      : null,
    [`API routes at ${FLOOR_RATIO} × their floor (the same statements on bare Fastify), 0 floor errors`]: results.api
      .length
      ? results.api.every((r) => r.ratioToFloor >= FLOOR_RATIO && r.floorErrors === 0)
      : null,
    [`API reads p95 <= 10 ms at ${RATE} req/s, 0 errors`]: reads.length
      ? reads.every((r) => r.atRate.p95 <= 10 && clean(r))
      : null,
    [`API writes p95 <= 25 ms at ${RATE} req/s, 0 errors`]: writes.length
      ? writes.every((r) => r.atRate.p95 <= 25 && clean(r))
      : null,
    'API RSS < 150 MB during 200 MB of uploads': results.uploads ? results.uploads.peakRssMb < 150 : null,
  };
}
