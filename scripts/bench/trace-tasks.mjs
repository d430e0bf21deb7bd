#!/usr/bin/env node
// What Lighthouse's simulated throttling turns into blocking time, task by task. Lighthouse (mobile
// preset, `throttlingMethod: 'simulate'`) loads the page at the host's full speed and multiplies
// each main-thread task by the CPU slowdown, so at 9x every task longer than 50 / 9 ≈ 5.6 ms on the
// host becomes a long task. This records a Chromium trace of one first visit per page, unthrottled,
// and prints each top-level task above that bound with what filled it (script evaluation and the
// script, function calls, style, layout, parsing) and its blocking time at the slowdown.
// Not part of `npm run bench` or `npm test`; after `npm run build`:
//
//   node scripts/bench/trace-tasks.mjs [page name part]   (TRACE_SLOWDOWN, default 9; TRACE_RUNS, default 1)
import { phoneProbe, sleep } from './common.mjs';

const SLOWDOWN = Number(process.env.TRACE_SLOWDOWN ?? 9);
const RUNS = Number(process.env.TRACE_RUNS ?? 1);
const filter = process.argv[2] ?? '';
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'blink',
  'loading',
  'v8',
];

/** Top-level tasks of the renderer's main thread and, for each, the time of its children by kind. */
const totals = new Map();
function tasksOf(events, url) {
  totals.clear();
  // The thread that parsed the page's HTML is the page's main thread.
  const main = events.find((e) => e.name === 'ParseHTML' && e.args?.beginData?.url === url);
  if (!main) throw new Error(`no ParseHTML of ${url} in the trace`);
  const nav = events
    .filter((e) => e.name === 'navigationStart' && e.pid === main.pid && e.args?.data?.documentLoaderURL === url)
    .at(-1);
  const byThread = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
  const top = byThread.filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask');
  top.sort((a, b) => a.ts - b.ts);
  const navStart = nav?.ts ?? top[0]?.ts ?? 0;
  const out = [];
  for (const t of top) {
    const ms = t.dur / 1000;
    if (ms * SLOWDOWN <= 50) continue;
    const inside = byThread.filter((e) => e !== t && e.ts >= t.ts && e.ts + e.dur <= t.ts + t.dur);
    // Self time of each event (its time less its children's), by what it was: a script's run named
    // after the script, the browser's own work after the event.
    inside.sort((a, b) => a.ts - b.ts || b.dur - a.dur);
    const self = new Map(inside.map((e) => [e, e.dur]));
    const stack = [];
    for (const e of inside) {
      while (stack.length && stack.at(-1).ts + stack.at(-1).dur <= e.ts) stack.pop();
      if (stack.length) self.set(stack.at(-1), self.get(stack.at(-1)) - e.dur);
      stack.push(e);
    }
    const kinds = new Map();
    const scriptOf = (e) =>
      (e.args?.data?.url ?? e.args?.url ?? e.args?.fileName ?? e.args?.data?.stackTrace?.[0]?.url ?? '').replace(
        /.*\//,
        '',
      );
    for (const e of inside) {
      let key = e.name;
      if (
        [
          'FunctionCall',
          'EvaluateScript',
          'v8.evaluateModule',
          'v8.compile',
          'v8.compileModule',
          'TimerFire',
          'FireIdleCallback',
          'EventDispatch',
        ].includes(e.name)
      )
        key = `${e.name} ${scriptOf(e)}`;
      kinds.set(key, (kinds.get(key) ?? 0) + self.get(e) / 1000);
    }
    kinds.set(
      '(task itself)',
      (t.dur -
        inside
          .filter((e) => !inside.some((o) => o !== e && o.ts <= e.ts && o.ts + o.dur >= e.ts + e.dur && o.dur > e.dur))
          .reduce((sum, e) => sum + e.dur, 0)) /
        1000,
    );
    const parts = [...kinds]
      .filter(([, v]) => v >= 0.3)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([k, v]) => `${k} ${v.toFixed(1)}`);
    for (const [k, v] of kinds) totals.set(k, (totals.get(k) ?? 0) + v);
    out.push({
      at: Math.round((t.ts - navStart) / 1000),
      ms: +ms.toFixed(1),
      blocking: Math.round(ms * SLOWDOWN - 50),
      parts,
    });
  }
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === main.pid);
  if (fcp)
    out.push({
      at: Math.round((fcp.ts - navStart) / 1000),
      ms: 0,
      blocking: 0,
      parts: ["first contentful paint here (Lighthouse's simulation places its own, often later)"],
    });
  for (const e of byThread.filter((e) => e.name === 'ParseAuthorStyleSheet' && e.dur > 1000))
    out.push({
      at: Math.round((e.ts - navStart) / 1000),
      ms: +(e.dur / 1000).toFixed(1),
      blocking: 0,
      parts: [`stylesheet parsed: ${(e.args?.data?.styleSheetUrl ?? '').replace(/.*\//, '')}`],
    });
  return out;
}

async function main() {
  const probe = await phoneProbe('portal-tr-');
  const { base } = probe;
  const visit = async (context, p) => {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const events = [];
    cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
    const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
    await cdp.send('Tracing.start', { traceConfig: { includedCategories: CATEGORIES }, transferMode: 'ReportEvents' });
    await page.goto(`${base}${p.url}`, { waitUntil: 'load', timeout: 60_000 });
    await sleep(3_000);
    await cdp.send('Tracing.end');
    await done;
    await page.close();
    return tasksOf(events, `${base}${p.url}`);
  };
  try {
    const run = async (context, p) => {
      for (let i = 0; i < RUNS; i++) {
        const tasks = await visit(context, p);
        tasks.sort((a, b) => a.at - b.at);
        const total = tasks.reduce((s, t) => s + Math.max(0, t.blocking), 0);
        console.log(
          `\n${p.name} (run ${i + 1}): ${tasks.length} tasks over ${(50 / SLOWDOWN).toFixed(1)} ms, blocking at ${SLOWDOWN}x ≈ ${total} ms`,
        );
        for (const t of tasks) console.log(`  @${t.at} ${t.ms} ms (→ ${t.blocking})  ${t.parts.join(' | ')}`);
        console.log(
          '  in all:',
          [...totals]
            .filter(([, v]) => v >= 0.5)
            .sort((a, b) => b[1] - a[1])
            .slice(0, 14)
            .map(([k, v]) => `${k} ${v.toFixed(1)}`)
            .join(' | '),
        );
      }
    };
    await probe.eachPage(filter, run);
  } finally {
    await probe.close();
  }
}

await main();
