#!/usr/bin/env node
// Main-thread blocking on a phone, page by page: the sum of (long task − 50 ms) — what Lighthouse
// calls total blocking time — from a PerformanceObserver('longtask') installed before the page's
// first script, from navigation to 5 s after the load event, at 4x CPU throttling (CDP; LONG_TASKS_CPU) in a
// 412x823 mobile viewport, on the six pages `npm run bench` gives to Lighthouse. Median of 3
// first visits per page (a new tab, HTTP cache off). Not part of `npm run bench` or `npm test`;
// run it by hand after a production build (`npm run build`):
//
//   node scripts/bench/long-tasks.mjs [page name part]   (LONG_TASKS_RUNS, default 3)
//
// LONG_TASKS_CPU=9 throttles 9x instead (a low-tier phone, docs/decisions/056-low-tier-phones.md);
// WEB_DIST=<dir> measures another build of the web app.
//
// LONG_TASKS_PROFILE=1 also records a CPU profile of each page's first run (CDP Profiler) into
// bench/profiles/long-tasks-<page>.cpuprofile (open it in Chrome DevTools; map bundle lines to
// sources with apps/web/dist/assets/*.js.map).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { median, phoneProbe, root, sleep } from './common.mjs';

const RUNS = Number(process.env.LONG_TASKS_RUNS ?? 3);
const PROFILE = process.env.LONG_TASKS_PROFILE === '1';
const CPU = Number(process.env.LONG_TASKS_CPU ?? 4);
const filter = process.argv[2] ?? '';
const AFTER_LOAD_MS = 5_000;

/** Installed before any script of the page: every long task, with its start and duration. */
function observeLongTasks() {
  const tasks = [];
  Object.defineProperty(window, '__longTasks', { value: tasks });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) tasks.push({ start: Math.round(e.startTime), ms: Math.round(e.duration) });
  }).observe({ type: 'longtask', buffered: true });
}

async function main() {
  const probe = await phoneProbe('portal-lt-');
  const { base } = probe;

  /** One first visit: a new tab, CPU throttled, no HTTP cache; returns the blocking ms and the long tasks. */
  const visit = async (context, p, profileTo) => {
    const page = await context.newPage();
    await page.addInitScript(observeLongTasks);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
    if (profileTo) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    await page.goto(`${base}${p.url}`, { waitUntil: 'load', timeout: 60_000 });
    await sleep(AFTER_LOAD_MS);
    if (profileTo) {
      const { profile } = await cdp.send('Profiler.stop');
      writeFileSync(profileTo, JSON.stringify(profile));
    }
    const tasks = await page.evaluate(() => window.__longTasks);
    const finalUrl = page.url().replace(base, '');
    await page.close();
    return { blockingMs: tasks.reduce((sum, t) => sum + Math.max(0, t.ms - 50), 0), tasks, finalUrl };
  };

  const profileDir = join(root, 'bench/profiles');
  if (PROFILE) mkdirSync(profileDir, { recursive: true });
  const rows = [];
  const measure = async (context, p) => {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const slug = p.name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '');
      const profileTo = PROFILE && i === 0 ? join(profileDir, `long-tasks-${slug}.cpuprofile`) : null;
      runs.push(await visit(context, p, profileTo));
    }
    const row = {
      page: p.name,
      blockingMs: median(runs.map((r) => r.blockingMs)),
      runs: runs.map((r) => r.blockingMs).join(' '),
      longestMs: median(runs.map((r) => Math.max(0, ...r.tasks.map((t) => t.ms)))),
      tasks: median(runs.map((r) => r.tasks.length)),
      finalUrl: runs[0].finalUrl,
    };
    rows.push(row);
    console.log(
      `${row.page}: ${row.blockingMs} ms blocking (runs ${row.runs}), longest task ${row.longestMs} ms, ${row.tasks} long tasks (${row.finalUrl})`,
    );
    if (process.env.LONG_TASKS_VERBOSE === '1')
      for (const r of runs) console.log('   ', r.tasks.map((t) => `${t.start}+${t.ms}`).join(' '));
  };

  try {
    await probe.eachPage(filter, measure);
    console.log(`\nBlocking time (sum of long tasks − 50 ms), ${CPU}x CPU, 412x823, median of ${RUNS}:`);
    console.table(rows);
  } finally {
    await probe.close();
  }
}

await main();
