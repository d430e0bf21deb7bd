// The front-end part of `npm run bench`: what each route of the route table loads on a first
// visit (gzip, from Vite's manifest), and Lighthouse (mobile, median of 3 runs) on six pages served
// by one production API instance on loopback. Lighthouse's CPU throttling is relative to the host:
// on a fast host the bench raises it so the figures never stand for a phone faster than mid-tier
// (TARGET_PHONE_INDEX below). On a busy machine the figures come out lower: read them from a quiet one.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { tsImport } from 'tsx/esm/api';
import {
  BUYER_PAGES,
  CHROMIUM_ARGS,
  freePort,
  median,
  OPERATOR_PAGE,
  prepareBuyer,
  root,
  signInDemo,
  startApi,
  stop,
} from './common.mjs';

/** The login screens: a first visit to them loads the entry alone (features/auth/login-form.tsx). */
const LIGHT_LOGIN = new Set(['buyer.login', 'auth.login', 'auth.role.login']);
/** The error screen is part of the app shell (app/screens.ts): a first visit loads the entry and the shell. */
const IN_SHELL = new Set(['error']);
const APP_SHELL = 'src/app/start.tsx';
const kib = (bytes) => +(bytes / 1024).toFixed(1);

/**
 * Per route: first-load JS (entry, then the app shell and the route's chunk with their static
 * imports), the route's own JS (what no other route shares through the entry or the shell), CSS
 * and the woff2 fonts that CSS references.
 */
export async function benchFrontend(results) {
  const dist = join(root, 'apps/web/dist');
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
  const { ROUTES } = await tsImport('../../packages/domain/src/routes.ts', import.meta.url);
  const screens = readFileSync(join(root, 'apps/web/src/app/screen-loaders.ts'), 'utf8');
  const screenOf = new Map(
    [...screens.matchAll(/'?([\w.-]+)'?:\s*\(\)\s*=>\s*import\('\.\.\/([^']+)'\)/g)].map((m) => [
      m[1],
      `src/${m[2]}.tsx`,
    ]),
  );
  const closure = (key, seen = new Set()) => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const imp of manifest[key].imports ?? []) closure(imp, seen);
    return seen;
  };
  const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  const sizeOf = (keys) => {
    let js = 0;
    let css = 0;
    let fonts = 0;
    const cssFiles = new Set();
    for (const k of keys) {
      if (manifest[k].file.endsWith('.js')) js += gz(manifest[k].file);
      for (const c of manifest[k].css ?? []) cssFiles.add(c);
    }
    for (const c of cssFiles) {
      css += gz(c);
      for (const m of readFileSync(join(dist, c), 'utf8').matchAll(/url\(\/?(assets\/[^)]+\.woff2)\)/g))
        fonts += readFileSync(join(dist, m[1])).length;
    }
    return { js, css, fonts };
  };
  // antd's stylesheet (built from the theme, apps/web/build/antd-static-css.ts): the entry adds it
  // with the app, so every route but the light login loads it first.
  const antdCss = readdirSync(join(dist, 'assets')).find((f) => /^antd-[\w-]+\.css$/.test(f));
  const antdCssBytes = antdCss ? gz(`assets/${antdCss}`) : 0;
  const entry = closure(Object.keys(manifest).find((k) => manifest[k].isEntry));
  const shell = new Set([...closure(APP_SHELL)].filter((k) => !entry.has(k)));
  for (const route of ROUTES) {
    const key = screenOf.get(route.id);
    if (LIGHT_LOGIN.has(route.id)) {
      const first = sizeOf(entry);
      results.frontend.push({
        route: route.id,
        firstLoadJsKiB: kib(first.js),
        routeOwnJsKiB: 0,
        cssKiB: kib(first.css),
        fontsKiB: kib(first.fonts),
      });
      continue;
    }
    if (!IN_SHELL.has(route.id) && (!key || !manifest[key])) continue;
    const own = IN_SHELL.has(route.id) ? [] : [...closure(key)].filter((k) => !entry.has(k) && !shell.has(k));
    const first = sizeOf(new Set([...entry, ...shell, ...own]));
    results.frontend.push({
      route: route.id,
      firstLoadJsKiB: kib(first.js),
      routeOwnJsKiB: kib(sizeOf(own).js),
      cssKiB: kib(first.css + antdCssBytes),
      fontsKiB: kib(first.fonts),
    });
  }
}

/** Lighthouse runs per page; the median is reported. */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/** LIGHTHOUSE_PAGES=<part>[,<part>…]: only the pages whose name holds one of these (comparing two builds page by page). */
const PAGE_FILTER = process.env.LIGHTHOUSE_PAGES?.split(',') ?? null;
const wanted = (p) => !PAGE_FILTER || PAGE_FILTER.some((part) => p.name.includes(part));

/**
 * Lighthouse's mobile preset runs the page unthrottled and multiplies its CPU work by 4, so the
 * phone it emulates depends on the host: its `benchmarkIndex` divided by 4. Chrome DevTools'
 * CPU calibration names a mid-tier phone (a Pixel 5; the portal is built for buyers on mid-range
 * Android phones) as index 1 000 and a low-tier one as 264. On a host faster than
 * 4 000, 4x would emulate a phone faster than mid-tier and flatter the score, so the bench measures
 * the host first and raises the slowdown to benchmarkIndex / 1 000; it never goes below
 * Lighthouse's own 4 (docs/decisions/038-lighthouse-host.md). LIGHTHOUSE_CPU_SLOWDOWN=<n> sets it
 * by hand (e.g. host index / 264 for the low-tier phone).
 */
const TARGET_PHONE_INDEX = 1000;
const DEFAULT_SLOWDOWN = 4;
const slowdownFor = (benchmarkIndex) =>
  process.env.LIGHTHOUSE_CPU_SLOWDOWN
    ? Number(process.env.LIGHTHOUSE_CPU_SLOWDOWN)
    : Math.max(DEFAULT_SLOWDOWN, +(benchmarkIndex / TARGET_PHONE_INDEX).toFixed(1));
/**
 * The low-tier table (`BENCH_ONLY=lighthouse-low`): the same pages at a fixed 9x, a phone of index
 * about 150–400 on the hosts this runs on, the slower phones buyers also use (target >= 95 there;
 * docs/decisions/056-low-tier-phones.md). LIGHTHOUSE_LOW_TIER_SLOWDOWN=<n> changes the factor.
 */
const LOW_TIER_SLOWDOWN = Number(process.env.LIGHTHOUSE_LOW_TIER_SLOWDOWN ?? 9);

/** Lighthouse on the six pages; `lowTier` measures them at LOW_TIER_SLOWDOWN, without calibrating the host. */
export async function benchLighthouse(results, { lowTier = false } = {}) {
  const table = lowTier ? (results.lighthouseLowTier = []) : results.lighthouse;
  const { chromium } = await import('playwright-core');
  const lighthouse = (await import('lighthouse')).default;
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-lh-'));
  const server = await startApi({ databaseUrl: '', dataDir, port });
  const profile = mkdtempSync(join(tmpdir(), 'portal-lh-profile-'));
  const debugPort = await freePort();
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${debugPort}`],
  });
  try {
    const base = `http://localhost:${port}`;
    const page = context.pages()[0] ?? (await context.newPage());
    const signIn = async (path, username, landing) => {
      // Logged out first (no cookie, no login marker), or the login page would send the page on.
      await context.clearCookies();
      await page.goto(`${base}/favicon.svg`);
      await page.evaluate(() => localStorage.clear());
      await signInDemo(page, `${base}${path}`, username, landing);
    };
    const lighthouseOptions = (cpuSlowdownMultiplier) => ({
      port: debugPort,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      formFactor: 'mobile',
      screenEmulation: { mobile: true, width: 412, height: 823, deviceScaleFactor: 1.75, disabled: false },
      // Merged into the mobile preset (slow 4G): only the CPU factor changes.
      throttling: { cpuSlowdownMultiplier },
      disableStorageReset: true,
    });
    // The host's benchmark index: Lighthouse computes it at the start of every run, whatever it
    // measures; three runs of the login page, the middle one.
    const calibration = [];
    for (let i = 0; i < (lowTier ? 0 : 3); i++) {
      const run = await lighthouse(`${base}/buyer/login`, lighthouseOptions(DEFAULT_SLOWDOWN));
      calibration.push(run.lhr.environment.benchmarkIndex);
    }
    const hostIndex = median(calibration);
    const slowdown = lowTier ? LOW_TIER_SLOWDOWN : slowdownFor(hostIndex);
    if (!lowTier) {
      const emulatedIndex = Math.round(hostIndex / slowdown);
      results.lighthouseCpu = {
        benchmarkIndex: hostIndex,
        calibrationRuns: calibration,
        cpuSlowdownMultiplier: slowdown,
        emulatedPhoneIndex: emulatedIndex,
      };
      console.log(
        `lighthouse CPU: host benchmarkIndex ${hostIndex} (runs ${calibration.join(' ')}), slowdown ${slowdown}x, so a phone of index ${emulatedIndex} (mid-tier is ${TARGET_PHONE_INDEX}; Lighthouse's preset is ${DEFAULT_SLOWDOWN}x)`,
      );
    }
    const measure = async (p) => {
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        let marker = null;
        if (p.loggedOut) {
          // The login page sends a logged-in user on: measure it as a visitor sees it.
          marker = await page.evaluate(() => localStorage.getItem('portal:login'));
          await page.evaluate(() => localStorage.removeItem('portal:login'));
        }
        const run = await lighthouse(p.url, lighthouseOptions(slowdown));
        if (marker) await page.evaluate((m) => localStorage.setItem('portal:login', m), marker);
        // LIGHTHOUSE_REPORTS=<dir>: each run's full report (long tasks, bootup time by script) as JSON.
        if (process.env.LIGHTHOUSE_REPORTS) {
          mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true });
          writeFileSync(
            join(process.env.LIGHTHOUSE_REPORTS, `${p.name.replace(/\W+/g, '-')}-${i + 1}.json`),
            JSON.stringify(run.lhr),
          );
        }
        // An audit Lighthouse could not compute (a timeout on a busy machine) counts as missing.
        const num = (id) => run.lhr.audits[id]?.numericValue ?? null;
        const round = (v, f = 0) => (v === null ? null : +v.toFixed(f));
        runs.push({
          finalUrl: run.lhr.finalDisplayedUrl,
          score:
            run.lhr.categories.performance.score === null
              ? null
              : Math.round(run.lhr.categories.performance.score * 100),
          fcpMs: round(num('first-contentful-paint')),
          lcpMs: round(num('largest-contentful-paint')),
          tbtMs: round(num('total-blocking-time')),
          cls: round(num('cumulative-layout-shift'), 3),
          benchmarkIndex: round(run.lhr.environment.benchmarkIndex),
        });
        const applied = run.lhr.configSettings.throttling;
        if (applied.cpuSlowdownMultiplier !== slowdown || applied.rttMs !== 150)
          throw new Error(`Lighthouse ran with ${JSON.stringify(applied)}, not the mobile preset at ${slowdown}x`);
      }
      const medianOf = (k) => median(runs.map((r) => r[k]));
      const entry = {
        page: p.name,
        score: medianOf('score'),
        target: lowTier ? '>= 95' : '>= 98',
        fcpMs: medianOf('fcpMs'),
        lcpMs: medianOf('lcpMs'),
        tbtMs: medianOf('tbtMs'),
        cls: medianOf('cls'),
        clsTarget: '<= 0.02',
        scores: runs.map((r) => r.score).join(' '),
        benchmarkIndex: runs.map((r) => r.benchmarkIndex).join(' '),
        finalUrl: runs[0].finalUrl.replace(base, ''),
      };
      table.push(entry);
      console.log(
        `lighthouse${lowTier ? ` ${slowdown}x` : ''} ${p.name}: score ${entry.score} (runs ${entry.scores}), FCP ${entry.fcpMs} ms, LCP ${entry.lcpMs} ms, TBT ${entry.tbtMs} ms, CLS ${entry.cls} (${entry.finalUrl})`,
      );
    };

    await signIn('/buyer/login', 'comprador@demo.com.br', '/buyer/select-proposal');
    await prepareBuyer(page);
    for (const p of BUYER_PAGES) if (wanted(p)) await measure({ ...p, url: `${base}${p.url}` });
    if (wanted(OPERATOR_PAGE)) {
      await signIn('/auth/operator/login', 'operador@demo.com.br', '/backoffice');
      await measure({ ...OPERATOR_PAGE, url: `${base}${OPERATOR_PAGE.url}` });
    }
  } finally {
    await context.close();
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(profile, { recursive: true, force: true });
  }
}

export function printFrontend(results) {
  if (results.frontend.length) {
    console.log(
      '\nFront end (gzip KiB on a first visit per route; own = not shared through the entry or the app shell, target <= 60; login first load target <= 100 JS, <= 50 CSS + fonts; fonts are woff2 bytes)',
    );
    console.table(results.frontend);
  }
  if (results.lighthouse.length) {
    const cpu = results.lighthouseCpu;
    console.log(
      `\nLighthouse (mobile, median of 3 runs; lower on a busy machine; CPU slowdown ${cpu?.cpuSlowdownMultiplier}x on a host of benchmarkIndex ${cpu?.benchmarkIndex}: a phone of index ${cpu?.emulatedPhoneIndex})`,
    );
    console.table(results.lighthouse);
  }
  if (results.lighthouseLowTier?.length) {
    const indexes = results.lighthouseLowTier.flatMap((l) => l.benchmarkIndex.split(' ').map(Number));
    const host = median(indexes);
    console.log(
      `\nLighthouse on a low-tier phone (mobile, median of 3 runs, CPU slowdown ${LOW_TIER_SLOWDOWN}x on a host of benchmarkIndex ${host}: a phone of index ${Math.round(host / LOW_TIER_SLOWDOWN)})`,
    );
    console.table(results.lighthouseLowTier);
  }
  if (results.loginUntilIdle) {
    const l = results.loginUntilIdle;
    console.log(
      `\nLogin first visit until idle (monitoring off): ${l.jsKiB} KiB JS gzip in ${l.files.length} files (target <= 90): ${l.files.join(', ')}`,
    );
  }
}

export function frontendTargets(results) {
  const login = results.frontend.find((f) => f.route === 'buyer.login');
  const others = results.frontend.filter((f) => !LIGHT_LOGIN.has(f.route));
  return {
    'login route first load <= 100 KiB JS': login ? login.firstLoadJsKiB <= 100 : null,
    'login route CSS + fonts <= 50 KiB': login ? login.cssKiB + login.fontsKiB <= 50 : null,
    "each further route's own chunk <= 60 KiB JS": others.length ? others.every((f) => f.routeOwnJsKiB <= 60) : null,
    'Lighthouse mobile >= 98 (median of 3), CLS <= 0.02': results.lighthouse.length
      ? results.lighthouse.every((l) => l.score >= 98 && l.cls <= 0.02)
      : null,
    [`Lighthouse mobile at ${LOW_TIER_SLOWDOWN}x >= 95 (median of 3), CLS <= 0.02`]: results.lighthouseLowTier?.length
      ? results.lighthouseLowTier.every((l) => l.score >= 95 && l.cls <= 0.02)
      : null,
    'login JS until idle <= 90 KiB (monitoring off)': results.loginUntilIdle
      ? results.loginUntilIdle.jsKiB <= 90
      : null,
  };
}
