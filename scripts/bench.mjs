#!/usr/bin/env node
// `npm run bench` (never part of npm test): API under load from this (second) process on loopback,
// on SQLite and PostgreSQL, with one and two API instances, against a bare Fastify ceiling; the
// front end's first-load sizes per route; Lighthouse (mobile) on four pages. Prints one table and
// writes bench/results.json. Every loop is bounded in count and time and talks to 127.0.0.1 only.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import pg from 'pg';

const root = fileURLToPath(new URL('..', import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const RATE = Number(process.env.BENCH_RATE ?? 500);
const PG_ADMIN = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const only = new Set((process.env.BENCH_ONLY ?? 'api,uploads,frontend,lighthouse').split(','));
const results = {
  at: new Date().toISOString(),
  machine: { cpus: (await import('node:os')).cpus().length, node: process.version },
  ceiling: null,
  api: [],
  uploads: null,
  frontend: [],
  lighthouse: [],
  targets: {},
};

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}
async function waitUp(url, child, ms = 60_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (child.exitCode !== null) throw new Error(`process exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await sleep(150);
  }
  throw new Error(`${url} did not come up`);
}
function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}
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

function build() {
  const env = { ...process.env, NODE_ENV: 'production' };
  const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', env });
  if (r.status !== 0) throw new Error('build failed');
}

// The bench logs in as demo accounts (production mode seeds them only when asked) and may run on PostgreSQL (a key is required).
const BENCH_HEALTH_KEY = randomBytes(32).toString('base64');

async function startApi({ databaseUrl, dataDir, port }) {
  const child = spawn(process.execPath, [join(root, 'apps/api/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'error',
      PUBLIC_URL: `http://localhost:${port}`,
      LOGIN_IP_LIMIT_PER_MINUTE: '100000',
      SEED_DEMO: '1',
      HEALTH_DATA_KEY: BENCH_HEALTH_KEY,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitUp(`http://127.0.0.1:${port}/api/health`, child);
  return child;
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

async function benchApi() {
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

/** What each route loads first, from Vite's manifest: the entry, the route's chunk and their static imports. */
function benchFrontend() {
  const dist = join(root, 'apps/web/dist');
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
  const gz = (file) => gzipSync(readFileSync(join(dist, file))).length;
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const closure = (key, seen = new Set()) => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const imp of manifest[key]?.imports ?? []) closure(imp, seen);
    return seen;
  };
  const screens = readFileSync(join(root, 'apps/web/src/app/screens.ts'), 'utf8');
  const routes = [...screens.matchAll(/'([\w.-]+)':\s*lazy\(\(\)\s*=>\s*import\('\.\.\/([^']+)'\)\)/g)].map((m) => ({
    id: m[1],
    key: `src/${m[2]}.tsx`,
  }));
  const entryFiles = closure(entryKey);
  const sizeOf = (keys) => {
    let js = 0;
    let css = 0;
    const cssFiles = new Set();
    for (const k of keys) {
      const m = manifest[k];
      if (!m) continue;
      if (m.file.endsWith('.js')) js += gz(m.file);
      for (const c of m.css ?? []) cssFiles.add(c);
    }
    for (const c of cssFiles) css += gz(c);
    // Fonts: the woff2 files the CSS references (the browser downloads those it needs; all latin here).
    let fonts = 0;
    for (const c of cssFiles) {
      const text = readFileSync(join(dist, c), 'utf8');
      for (const m of text.matchAll(/url\(\/?(assets\/[^)]+\.woff2)\)/g))
        fonts += readFileSync(join(dist, m[1])).length;
    }
    return { js, css, fonts };
  };
  const entry = sizeOf(entryFiles);
  for (const r of routes) {
    if (!manifest[r.key]) continue;
    const own = [...closure(r.key)].filter((k) => !entryFiles.has(k));
    const extra = sizeOf(own);
    results.frontend.push({
      route: r.id,
      firstLoadJsKiB: +((entry.js + extra.js) / 1024).toFixed(1),
      routeOnlyJsKiB: +(extra.js / 1024).toFixed(1),
      cssKiB: +((entry.css + extra.css) / 1024).toFixed(1),
      fontsKiB: +((entry.fonts + extra.fonts) / 1024).toFixed(1),
    });
  }
}

async function benchLighthouse() {
  const { chromium } = await import('playwright-core');
  const lighthouse = (await import('lighthouse')).default;
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-lh-'));
  const server = await startApi({ databaseUrl: '', dataDir, port });
  const profile = mkdtempSync(join(tmpdir(), 'portal-lh-profile-'));
  const debugPort = await freePort();
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--remote-debugging-port=${debugPort}`,
    ],
  });
  try {
    const base = `http://localhost:${port}`;
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${base}/buyer/login`);
    await page.getByLabel('E-mail ou CPF').fill('comprador@demo.com.br');
    await page.getByLabel('Senha', { exact: true }).fill('Demo@2026!');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL('**/buyer/select-proposal');
    const proposalId = await page.evaluate(
      async () => (await (await fetch('/api/v3/proposals')).json()).data.find((p) => p.code === 'PF-2026-004817').id,
    );
    await page.evaluate((id) => localStorage.setItem('portal:proposal', id), proposalId);
    const pages = [
      { name: 'login', url: `${base}/buyer/login`, loggedOut: true },
      { name: 'select-proposal', url: `${base}/buyer/select-proposal` },
      { name: 'form (buyer data)', url: `${base}/buyer/data?buyer=1` },
      { name: 'questionnaire', url: `${base}/buyer/seguradora/perguntas/1` },
    ];
    for (const p of pages) {
      let marker = null;
      if (p.loggedOut) {
        // The login page redirects a logged-in user: measure it as a visitor sees it.
        marker = await page.evaluate(() => localStorage.getItem('portal:login'));
        await page.evaluate(() => localStorage.removeItem('portal:login'));
      }
      const run = await lighthouse(p.url, {
        port: debugPort,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        formFactor: 'mobile',
        screenEmulation: { mobile: true, width: 412, height: 823, deviceScaleFactor: 1.75, disabled: false },
        disableStorageReset: true,
      });
      if (marker) await page.evaluate((m) => localStorage.setItem('portal:login', m), marker);
      const a = run.lhr.audits;
      const entry = {
        page: p.name,
        finalUrl: run.lhr.finalDisplayedUrl,
        score: Math.round((run.lhr.categories.performance.score ?? 0) * 100),
        fcpMs: Math.round(a['first-contentful-paint'].numericValue),
        lcpMs: Math.round(a['largest-contentful-paint'].numericValue),
        tbtMs: Math.round(a['total-blocking-time'].numericValue),
        cls: +a['cumulative-layout-shift'].numericValue.toFixed(3),
      };
      results.lighthouse.push(entry);
      console.log(
        `lighthouse ${p.name}: score ${entry.score}, FCP ${entry.fcpMs} ms, LCP ${entry.lcpMs} ms, TBT ${entry.tbtMs} ms, CLS ${entry.cls} (${entry.finalUrl})`,
      );
    }
  } finally {
    await context.close();
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(profile, { recursive: true, force: true });
  }
}

/** 200 MB of uploads through the API (scripts/upload-memory.mjs): the API process's peak RSS. */
function benchUploads() {
  const r = spawnSync(process.execPath, [join(root, 'scripts/upload-memory.mjs')], { cwd: root, encoding: 'utf8' });
  const json = /\{[\s\S]*\}/.exec(r.stdout ?? '');
  if (!json) {
    console.log('upload-memory failed:', r.stderr?.slice(0, 500));
    return;
  }
  results.uploads = JSON.parse(json[0]);
  console.log(r.stdout.trim().split('\n').at(-1));
}

function printTable() {
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
  if (results.frontend.length) {
    console.log('\nFront end (gzip KiB loaded first per route; fonts are woff2 bytes)');
    console.table(results.frontend);
  }
  if (results.lighthouse.length) {
    console.log('\nLighthouse (mobile)');
    console.table(results.lighthouse);
  }
  const reads = results.api.filter((r) => r.kind === 'read');
  const writes = results.api.filter((r) => r.kind === 'write');
  const login = results.frontend.find((f) => f.route === 'buyer.login');
  results.targets = {
    'API reads p95 <= 40 ms at 500 req/s, 0 errors': reads.length
      ? reads.every((r) => r.atRate.p95 <= 40 && r.atRate.errors === 0)
      : null,
    'API writes p95 <= 80 ms at 500 req/s, 0 errors': writes.length
      ? writes.every((r) => r.atRate.p95 <= 80 && r.atRate.errors === 0)
      : null,
    'login route first load <= 100 KiB JS': login ? login.firstLoadJsKiB <= 100 : null,
    'login route CSS + fonts <= 50 KiB': login ? login.cssKiB + login.fontsKiB <= 50 : null,
    'each further route <= 60 KiB JS': results.frontend.length
      ? results.frontend.every((f) => f.routeOnlyJsKiB <= 60)
      : null,
    'API RSS < 150 MB during 200 MB of uploads': results.uploads ? results.uploads.peakRssMb < 150 : null,
    'Lighthouse >= 98, TBT <= 50 ms, CLS <= 0.02': results.lighthouse.length
      ? results.lighthouse.every((l) => l.score >= 98 && l.tbtMs <= 50 && l.cls <= 0.02)
      : null,
  };
  console.log('\nTargets');
  for (const [k, v] of Object.entries(results.targets))
    console.log(`${v === null ? '—' : v ? 'holds' : 'MISSED'}  ${k}`);
}

build();
if (only.has('api')) await benchApi();
if (only.has('uploads')) benchUploads();
if (only.has('frontend')) benchFrontend();
if (only.has('lighthouse')) await benchLighthouse();
printTable();
writeFileSync(join(root, 'bench/results.json'), JSON.stringify(results, null, 2));
console.log('\nWritten to bench/results.json');
