#!/usr/bin/env node
// Where an API request spends its CPU: starts one production API instance under `node --cpu-prof`
// per route, loads that route alone at full speed, and sums the profile's samples by layer (what
// is on the stack) and by function (self time). Not part of `npm run bench`; run it by hand:
//
//   node scripts/bench/profile.mjs [sqlite|postgres] [route name part]   (BENCH_SECONDS, default 10)
//
// The API is built first (production). Profiles are kept in bench/profiles/<db>-<route>.cpuprofile
// (open them in Chrome DevTools or speedscope for the flame graph).
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, root } from './common.mjs';
import { load, loadOptions, postgresReachable, scenarios, withApi } from './api.mjs';

const db = process.argv[2] ?? 'sqlite';
const filter = process.argv[3] ?? '';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

/** Layers, first match wins, tested on each frame of a sample's stack from the leaf up. */
const LAYERS = [
  ['pino (logging)', /node_modules\/(pino|pino-std-serializers|sonic-boom|thread-stream)\//],
  ['zod (validation / response parse)', /node_modules\/zod\//],
  ['response serializer (fastify-type-provider-zod)', /node_modules\/fastify-type-provider-zod\//],
  ['helmet', /node_modules\/(@fastify\/helmet|helmet)\//],
  ['cookie', /node_modules\/(@fastify\/cookie|cookie|cookie-signature)\//],
  ['kysely (query building)', /node_modules\/kysely\//],
  ['better-sqlite3', /node_modules\/better-sqlite3\//],
  ['pg driver', /node_modules\/(pg|pg-pool|pg-protocol|pg-types)\//],
  [
    'fastify core',
    /node_modules\/(fastify|find-my-way|light-my-request|avvio|fast-json-stringify|secure-json-parse|@fastify\/[a-z-]+)\//,
  ],
  ['app code', /apps\/api\/dist\//],
  ['node:http / net', /^node:(_http|http|net|stream|internal\/streams|internal\/http)/],
];

/** Only the samples of the measured load: the last `seconds` of the profile (start-up and warm-up left out). */
function summarize(profile, seconds) {
  const times = [];
  let t = profile.startTime;
  for (const d of profile.timeDeltas) times.push((t += d));
  const from = profile.endTime - seconds * 1e6;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const counts = new Map();
  let total = 0;
  profile.samples.forEach((s, i) => {
    if (times[i] < from) return;
    counts.set(s, (counts.get(s) ?? 0) + 1);
    total++;
  });
  const layer = new Map();
  const self = new Map();
  let idle = 0;
  for (const [id, count] of counts) {
    const leaf = byId.get(id);
    const name = leaf.callFrame.functionName;
    if (name === '(idle)') {
      idle += count;
      continue;
    }
    const url = leaf.callFrame.url.replace(/^file:\/\/.*?\/(node_modules|apps)\//, '$1/');
    const key = `${name || '(anonymous)'} ${url}:${leaf.callFrame.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + count);
    // The innermost known layer on the stack owns the sample.
    let owner = name === '(garbage collector)' ? 'garbage collector' : null;
    for (let cur = id; !owner && cur !== undefined; cur = parent.get(cur)) {
      const u = byId.get(cur).callFrame.url;
      const hit = LAYERS.find(([, re]) => re.test(u));
      if (hit) owner = hit[0];
    }
    owner ??= name.startsWith('(') ? name : 'other (node internals)';
    layer.set(owner, (layer.get(owner) ?? 0) + count);
  }
  const busy = total - idle;
  const pct = (n) => `${((n / busy) * 100).toFixed(1)} %`;
  return {
    busySamples: busy,
    idleShare: `${((idle / total) * 100).toFixed(1)} %`,
    layers: [...layer].sort((a, b) => b[1] - a[1]).map(([k, v]) => [k, pct(v)]),
    topSelf: [...self]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 15)
      .map(([k, v]) => [k, pct(v)]),
  };
}

build({ web: false });
if (db === 'postgres' && !(await postgresReachable())) throw new Error('PostgreSQL not reachable');
const outDir = join(root, 'bench/profiles');
mkdirSync(outDir, { recursive: true });
const names = scenarios({ id: '-' })
  .map((x) => x.name)
  .filter((n) => n.includes(filter));
for (const name of names) {
  const dir = mkdtempSync(join(tmpdir(), 'portal-prof-'));
  let s;
  const result = await withApi({ db, nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`] }, async (ctx) => {
    s = scenarios(ctx.proposal).find((x) => x.name === name);
    const opts = loadOptions(s, ctx);
    await load({ ...opts, seconds: 2 }); // warm-up (JIT)
    return load({ ...opts, seconds: SECONDS });
  });
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  const slug = s.name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '');
  const target = join(outDir, `${db}-${slug}.cpuprofile`);
  renameSync(join(dir, file), target);
  rmSync(dir, { recursive: true, force: true });
  const summary = summarize(JSON.parse(readFileSync(target, 'utf8')), SECONDS);
  console.log(`\n## ${db} ${s.name}: ${result.rps} req/s, errors ${result.errors}; idle ${summary.idleShare}`);
  console.log('Busy time by layer (innermost known layer on the stack):');
  for (const [k, v] of summary.layers) console.log(`  ${v.padStart(7)}  ${k}`);
  console.log('Top functions by self time:');
  for (const [k, v] of summary.topSelf) console.log(`  ${v.padStart(7)}  ${k}`);
}
