#!/usr/bin/env node
// `npm run bench` (never part of npm test): the API under load against a bare Fastify ceiling and
// its memory during uploads (scripts/bench/api.mjs); the front end's first-load sizes per route and
// Lighthouse (mobile, median of 3) on six pages (scripts/bench/frontend.mjs); the back-office list and
// the operators' queue at 100 000 proposals (scripts/bench/backoffice.mjs).
// BENCH_ONLY=api,uploads,frontend,lighthouse,lighthouse-low,backoffice picks parts (lighthouse-low: the same
// pages at 9x CPU, a low-tier phone; field: the API's memory with 20 tus uploads at once, and Chromium at 390 px on a weak uplink with cuts, scripts/bench/field.mjs). Prints one table and writes bench/results.json.
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { apiTargets, benchApi, benchUploads, printApi } from './bench/api.mjs';
import { backofficeTargets, benchBackoffice } from './bench/backoffice.mjs';
import { build, root } from './bench/common.mjs';
import { benchField, fieldTargets, printField } from './bench/field.mjs';
import { benchFrontend, benchLighthouse, frontendTargets, printFrontend } from './bench/frontend.mjs';
import { benchLoginUntilIdle } from './bench/login-idle.mjs';

const only = new Set(
  (process.env.BENCH_ONLY ?? 'api,uploads,frontend,lighthouse,lighthouse-low,backoffice').split(','),
);
const results = {
  at: new Date().toISOString(),
  machine: { cpus: cpus().length, node: process.version },
  ceiling: null,
  api: [],
  uploads: null,
  frontend: [],
  lighthouse: [],
  backoffice: null,
  field: null,
  targets: {},
};

const lighthouse = only.has('lighthouse') || only.has('lighthouse-low');
if (only.has('api') || only.has('uploads') || only.has('frontend') || lighthouse || only.has('field'))
  build({ web: only.has('frontend') || lighthouse || only.has('field') });
if (only.has('api')) await benchApi(results);
if (only.has('uploads')) benchUploads(results);
if (only.has('frontend')) {
  await benchFrontend(results);
  await benchLoginUntilIdle(results);
}
if (only.has('lighthouse')) await benchLighthouse(results);
if (only.has('lighthouse-low')) await benchLighthouse(results, { lowTier: true });
if (only.has('backoffice')) benchBackoffice(results);
if (only.has('field')) await benchField(results);
printApi(results);
printFrontend(results);
printField(results);
results.targets = {
  ...apiTargets(results),
  ...frontendTargets(results),
  ...backofficeTargets(results),
  ...fieldTargets(results),
};
console.log('\nTargets');
for (const [k, v] of Object.entries(results.targets)) console.log(`${v === null ? '—' : v ? 'holds' : 'MISSED'}  ${k}`);
writeFileSync(join(root, 'bench/results.json'), JSON.stringify(results, null, 2));
console.log('\nWritten to bench/results.json');
