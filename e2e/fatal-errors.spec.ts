import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { dataDir, pathOf, screenshot, signIn, useBrowser } from './fixtures';

/**
 * Uncaught errors and unhandled rejections lead to /error and reach monitoring (on in the e2e
 * server); browser noise does neither. What the agent sent is read from the server's SQLite file.
 */
const browser = useBrowser();

/** Messages of the error groups the server saw since a time (errors are stored as groups). */
function errorNamesSince(since: number): string[] {
  const db = new Database(join(dataDir(), 'portal.db'), { readonly: true, fileMustExist: true });
  try {
    return (
      db.prepare('select message from rum_error_groups where last_seen_at >= ?').all(since) as { message: string }[]
    ).map((r) => r.message);
  } finally {
    db.close();
  }
}

async function waitForErrorNamed(since: number, text: string): Promise<string[]> {
  const deadline = Date.now() + 20_000;
  let names: string[] = [];
  while (Date.now() < deadline) {
    names = errorNamesSince(since);
    if (names.some((n) => n.includes(text))) return names;
    await new Promise((r) => setTimeout(r, 250));
  }
  return names;
}

/** Lets the page run the timers queued so far (the handler opens /error from a timer). */
const settle = (page: Page) => page.evaluate(() => new Promise((r) => setTimeout(() => setTimeout(r))));

async function openProposals(page: Page) {
  await signIn(page, 'comprador@demo.com.br');
  // The agent is on once it has sent its first page view; wait for it to be loaded.
  await page.waitForFunction(
    () => 'elasticApm' in window || document.querySelector('script[src*="rum-agent"]') !== null,
  );
}

/**
 * The scripts of the entry and the app shell (app/start.tsx and their static imports), as paths
 * under the site root, from the e2e build's Vite manifest: what a page has once the app started.
 */
function entryAndShellScripts(): Set<string> {
  const manifest = JSON.parse(readFileSync(join(inject('build').webDist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string; isEntry?: boolean; imports?: string[] }
  >;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(`/${chunk.file}`)) return;
    files.add(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  visit('src/app/start.tsx');
  return files;
}

describe('fatal errors in the browser', () => {
  it("a screen whose chunk cannot be fetched shows the error screen, with nothing but the app's own scripts", async () => {
    const { page, context } = await browser.newPage();
    await signIn(page, 'comprador@demo.com.br');
    // Any other script fails from here on, as when the network is gone or a deploy replaced the
    // chunks: the screen's chunk, and any chunk the error screen itself would need.
    const reachable = entryAndShellScripts();
    const blocked: string[] = [];
    await page.route('**/assets/*.js', (route) => {
      const path = new URL(route.request().url()).pathname;
      if (reachable.has(path)) return route.continue();
      blocked.push(path);
      return route.abort('internetdisconnected');
    });
    await page.goto('/buyer/select-proposal');
    await page.getByRole('heading', { name: 'Desculpe, encontramos um problema.' }).waitFor();
    await page.getByRole('button', { name: 'VOLTAR', exact: true }).waitFor();
    expect(blocked.some((path) => path.includes('select-proposal'))).toBe(true);
    expect(await page.getByRole('heading', { name: 'Minhas propostas' }).count()).toBe(0);
    await context.close();
  });

  it('an uncaught error opens the error screen, with the back button, and is reported', async () => {
    const since = Date.now();
    const { page, context } = await browser.newPage();
    await openProposals(page);
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('e2e-fatal-uncaught');
      });
    });
    await page.waitForURL('**/error');
    await page.getByRole('heading', { name: 'Desculpe, encontramos um problema.' }).waitFor();
    await page.getByText('Ocorreu um erro inesperado nesta página. Tente novamente.').waitFor();
    await page.getByRole('button', { name: 'Voltar', exact: true }).waitFor();
    await page.getByRole('button', { name: 'VOLTAR', exact: true }).waitFor();
    await screenshot(page, 'fatal-error');
    // The back button returns to where the error happened.
    await page.getByRole('button', { name: 'Voltar', exact: true }).click();
    await page.waitForURL('**/buyer/select-proposal');
    expect((await waitForErrorNamed(since, 'e2e-fatal-uncaught')).some((n) => n.includes('e2e-fatal-uncaught'))).toBe(
      true,
    );
    await context.close();
  });

  it('an unhandled promise rejection opens the error screen too', async () => {
    const { page, context } = await browser.newPage();
    await openProposals(page);
    await page.evaluate(() => {
      void Promise.reject(new Error('e2e-fatal-rejection'));
    });
    await page.waitForURL('**/error');
    await page.getByRole('heading', { name: 'Desculpe, encontramos um problema.' }).waitFor();
    await context.close();
  });

  it('browser noise (ResizeObserver loop, aborted requests, the analytics script) neither moves the user nor is reported', async () => {
    const since = Date.now();
    const { page, context } = await browser.newPage();
    await openProposals(page);
    await page.evaluate(() => {
      window.dispatchEvent(
        new ErrorEvent('error', { message: 'ResizeObserver loop completed with undelivered notifications.' }),
      );
      void Promise.reject(new DOMException('e2e-noise-aborted', 'AbortError'));
      window.dispatchEvent(
        new ErrorEvent('error', {
          message: 'Uncaught TypeError: e2e-noise-analytics',
          filename: 'https://www.clarity.ms/s/0.8.0/clarity.js',
          lineno: 1,
          colno: 10,
        }),
      );
    });
    await settle(page);
    expect(pathOf(page)).toBe('/buyer/select-proposal');
    await page.getByRole('heading', { name: 'Minhas propostas' }).waitFor();

    // A real error after the noise: it is reported, and the noise sent before it is not there.
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('e2e-after-noise');
      });
    });
    await page.waitForURL('**/error');
    const names = await waitForErrorNamed(since, 'e2e-after-noise');
    expect(names.some((n) => n.includes('e2e-after-noise'))).toBe(true);
    expect(names.filter((n) => /ResizeObserver|e2e-noise/.test(n))).toEqual([]);
    await context.close();
  });
});
