// The API part of `npm run bench`: load from this (second) process on loopback against a bare
// Fastify ceiling, on SQLite and PostgreSQL, with one and two API instances; and the API's memory
// during 200 MB of uploads. Every loop is bounded in count and time and talks to 127.0.0.1 only.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort, root, startApi, stop, waitUp } from './common.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const RATE = Number(process.env.BENCH_RATE ?? 500);
const PG_ADMIN = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const pct = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : null;

/** One autocannon run; latencies recorded per response so p95 is exact. */
function load({ urls, method = 'GET', headers = {}, body, rate, seconds = SECONDS, connections = 20 }) {
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
    body: JSON.stringify({ username: 'comprador@demo.com.br', password: 'Demo@2026!', type: 'buyer' }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

export async function benchApi(results) {
  const helloPort = await freePort();
  const hello = spawn(process.execPath, [join(root, 'bench/hello.mjs')], {
    env: { ...process.env, PORT: String(helloPort) },
    stdio: 'inherit',
  });
  await waitUp(`http://127.0.0.1:${helloPort}/hello`, hello);
  const max = await load({ urls: [`http://127.0.0.1:${helloPort}/hello`] });
  const fixed = await load({ urls: [`http://127.0.0.1:${helloPort}/hello`], rate: RATE });
  results.ceiling = { route: 'GET /hello (bare Fastify)', maxRps: max.rps, atRate: fixed };
  await stop(hello);

  const databases = ['sqlite'];
  try {
    const c = new pg.Client({ connectionString: PG_ADMIN });
    await c.connect();
    await c.end();
    databases.push('postgres');
  } catch {
    console.log('PostgreSQL not reachable: benchmarking SQLite only');
  }

  for (const db of databases) {
    for (const instances of [1, 2]) {
      const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
      let databaseUrl = '';
      let dropDb = async () => {};
      if (db === 'postgres') {
        const name = `bench_${process.pid}_${instances}`;
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
      try {
        for (let i = 0; i < instances; i++) {
          const port = await freePort();
          ports.push(port);
          // One after the other: the first migrates and seeds.
          servers.push(await startApi({ databaseUrl, dataDir, port }));
        }
        const bases = ports.map((p) => `http://127.0.0.1:${p}`);
        const cookie = await loginCookie(bases[0]);
        const proposals = await (await fetch(`${bases[0]}/api/v3/proposals`, { headers: { cookie } })).json();
        const proposal = proposals.data.find((p) => p.code === 'PF-2026-005102') ?? proposals.data[0];
        const scenarios = [
          { name: 'GET /api/v3/auth/session', kind: 'read', path: '/api/v3/auth/session' },
          { name: 'GET /api/v3/proposals', kind: 'read', path: '/api/v3/proposals' },
          {
            name: 'PUT …/sections/data/draft',
            kind: 'write',
            path: `/api/v3/proposals/${proposal.id}/sections/data/draft?buyer=0`,
            method: 'PUT',
            body: JSON.stringify({ name: 'Carlos Eduardo Souza', phone: '(11) 98765-4321', occupation: 'Engenheiro' }),
            headers: { 'content-type': 'application/json' },
          },
        ];
        for (const s of scenarios) {
          const opts = {
            urls: bases.map((b) => b + s.path),
            method: s.method ?? 'GET',
            headers: { cookie, ...(s.headers ?? {}) },
            body: s.body,
          };
          const max = await load(opts);
          const fixed = await load({ ...opts, rate: RATE });
          results.api.push({
            db,
            instances,
            route: s.name,
            kind: s.kind,
            maxRps: max.rps,
            ratioToCeiling: Math.round((max.rps / results.ceiling.maxRps) * 100) / 100,
            atRate: { rate: RATE, ...fixed },
          });
          console.log(
            `${db} ×${instances} ${s.name}: max ${max.rps} req/s; at ${RATE}/s p50 ${fixed.p50} p95 ${fixed.p95} p99 ${fixed.p99} ms, errors ${fixed.errors}`,
          );
        }
      } finally {
        for (const s of servers) await stop(s);
        await dropDb();
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
  }
}

export /** 200 MB of uploads through the API (scripts/upload-memory.mjs): the API process's peak RSS. */
function benchUploads(results) {
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
  const rows = [];
  if (results.ceiling)
    rows.push([
      'ceiling',
      '-',
      '-',
      results.ceiling.route,
      results.ceiling.maxRps,
      '1.00',
      results.ceiling.atRate.p50,
      results.ceiling.atRate.p95,
      results.ceiling.atRate.p99,
      results.ceiling.atRate.errors,
    ]);
  for (const r of results.api)
    rows.push([
      'api',
      r.db,
      r.instances,
      r.route,
      r.maxRps,
      r.ratioToCeiling.toFixed(2),
      r.atRate.p50,
      r.atRate.p95,
      r.atRate.p99,
      r.atRate.errors,
    ]);
  console.log(`\nAPI (max req/s, then latency ms at ${RATE} req/s for ${SECONDS}s)`);
  console.table(
    rows.map(([kind, db, n, route, rps, ratio, p50, p95, p99, errors]) => ({
      kind,
      db,
      instances: n,
      route,
      'max req/s': rps,
      'vs ceiling': ratio,
      p50,
      p95,
      p99,
      errors,
    })),
  );
}

export function apiTargets(results) {
  const reads = results.api.filter((r) => r.kind === 'read');
  const writes = results.api.filter((r) => r.kind === 'write');
  return {
    'API reads p95 <= 40 ms at 500 req/s, 0 errors': reads.length
      ? reads.every((r) => r.atRate.p95 <= 40 && r.atRate.errors === 0)
      : null,
    'API writes p95 <= 80 ms at 500 req/s, 0 errors': writes.length
      ? writes.every((r) => r.atRate.p95 <= 80 && r.atRate.errors === 0)
      : null,
    'API RSS < 150 MB during 200 MB of uploads': results.uploads ? results.uploads.peakRssMb < 150 : null,
  };
}
