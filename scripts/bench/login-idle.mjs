// The part of `npm run bench` (BENCH_ONLY=frontend) that loads the login screen in Chromium, as a
// first visit with the server's default settings (monitoring and analytics off), and adds up the
// JavaScript it fetched until the page went quiet: the entry, and what the page fetches after its
// load event (the telemetry chunk). Gzip sizes of the build's files, as the per-route table gives.
// WEB_DIST=<dir> measures another build (the API serves it, the sizes are read from it).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { CHROMIUM_ARGS, freePort, root, sleep, startApi, stop } from './common.mjs';

export async function benchLoginUntilIdle(results) {
  const { chromium } = await import('playwright-core');
  const dist = process.env.WEB_DIST ?? join(root, 'apps/web/dist');
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-login-idle-'));
  const server = await startApi({ databaseUrl: '', dataDir, port });
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage();
    const scripts = [];
    page.on('request', (r) => {
      const { pathname } = new URL(r.url());
      if (r.resourceType() === 'script' || pathname.endsWith('.js')) scripts.push(pathname);
    });
    const settings = page.waitForResponse((r) => r.url().endsWith('/api/public-settings'));
    await page.goto(`http://localhost:${port}/buyer/login`, { waitUntil: 'load' });
    await settings;
    await page.waitForLoadState('networkidle');
    // What the settings start (a schema check, the agent) is fetched within a moment of their answer.
    await sleep(2000);
    const files = [...new Set(scripts)];
    const bytes = files.reduce((sum, f) => sum + gzipSync(readFileSync(join(dist, f)), { level: 9 }).length, 0);
    results.loginUntilIdle = {
      jsKiB: +(bytes / 1024).toFixed(1),
      files: files.map((f) => f.replace(/^\/assets\//, '')),
    };
  } finally {
    await browser.close();
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
