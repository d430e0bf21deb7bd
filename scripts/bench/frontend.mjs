// The front-end part of `npm run bench`: first-load sizes per route from Vite's manifest, and
// Lighthouse (mobile) on four pages served by one production API instance on loopback.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { freePort, root, startApi, stop } from './common.mjs';

export /** What each route loads first, from Vite's manifest: the entry, the route's chunk and their static imports. */
function benchFrontend(results) {
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

export async function benchLighthouse(results) {
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

export function printFrontend(results) {
  if (results.frontend.length) {
    console.log('\nFront end (gzip KiB loaded first per route; fonts are woff2 bytes)');
    console.table(results.frontend);
  }
  if (results.lighthouse.length) {
    console.log('\nLighthouse (mobile)');
    console.table(results.lighthouse);
  }
}

export function frontendTargets(results) {
  const login = results.frontend.find((f) => f.route === 'buyer.login');
  return {
    'login route first load <= 100 KiB JS': login ? login.firstLoadJsKiB <= 100 : null,
    'login route CSS + fonts <= 50 KiB': login ? login.cssKiB + login.fontsKiB <= 50 : null,
    'each further route <= 60 KiB JS': results.frontend.length
      ? results.frontend.every((f) => f.routeOnlyJsKiB <= 60)
      : null,
    'Lighthouse >= 98, TBT <= 50 ms, CLS <= 0.02': results.lighthouse.length
      ? results.lighthouse.every((l) => l.score >= 98 && l.tbtMs <= 50 && l.cls <= 0.02)
      : null,
  };
}
