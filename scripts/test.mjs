#!/usr/bin/env node
// `npm test`: the whole suite. Static checks (types, lint, formatting), then unit + API (SQLite, and
// PostgreSQL when TEST_DATABASE_URL is set), then system tests (SIGKILL durability, two instances),
// then end-to-end in headless Chromium.
// Ends with one line 'N passed, N failed, N skipped' over every test that ran.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exitUnlessSupportedNode } from './lib/supported-node.mjs';

exitUnlessSupportedNode();
console.log(`Node.js ${process.versions.node}`);

const out = mkdtempSync(join(tmpdir(), 'portal-test-report-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
/** The steps that failed, named again at the end: a typecheck error scrolls away above the tests. */
const failedSteps = [];

function run(label, cmd, args) {
  console.log(`\n▶ ${label}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit' });
  if (r.status !== 0) failedSteps.push(label);
  return r.status === 0;
}

function vitest(label, projects, report) {
  const file = join(out, `${report}.json`);
  const args = [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${file}`,
  ];
  run(label, 'npx', args);
  if (existsSync(file)) {
    const r = JSON.parse(readFileSync(file, 'utf8'));
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    totals.skipped += r.numPendingTests + (r.numTodoTests ?? 0);
  } else if (!failedSteps.includes(label)) {
    failedSteps.push(label);
  }
}

run('typecheck', 'node', ['scripts/typecheck.mjs']);
run('lint', 'npx', ['eslint', '.', '--max-warnings=0']);
run('format (prettier --check)', 'npx', ['prettier', '--check', '.', '--log-level=warn']);
vitest('unit + api', ['unit', 'api'], 'unit-api');
vitest('system (durability, scale-out, production start and dependencies: real processes)', ['system'], 'system');
vitest('e2e (Chromium)', ['e2e'], 'e2e');

// The totals stay the last line (what CI reads); the failed steps just above them.
if (failedSteps.length) console.log(`\nfailed steps: ${failedSteps.join('; ')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length === 0 && totals.failed === 0 ? 0 : 1);
