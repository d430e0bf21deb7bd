// Helpers shared by the API and front-end parts of `npm run bench`: ports, process start/stop,
// one production API instance on loopback.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../lib/free-port.mjs';

export { freePort };

export const root = fileURLToPath(new URL('../..', import.meta.url));

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The middle value of a bench's runs (the upper one of two), skipping runs that gave none. */
export const median = (values) => {
  const v = values.filter((x) => x !== null && x !== undefined).sort((a, b) => a - b);
  return v.length ? v[Math.floor(v.length / 2)] : null;
};

export async function waitUp(url, child, ms = 60_000) {
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

export function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

/** Production build: the whole app, or the API alone when only its parts are measured. */
export function build({ web = true } = {}) {
  const env = { ...process.env, NODE_ENV: 'production' };
  const args = web ? ['run', 'build'] : ['run', 'build', '-w', '@portal/api'];
  const r = spawnSync('npm', args, { cwd: root, stdio: 'inherit', env });
  if (r.status !== 0) throw new Error('build failed');
}

// The bench logs in as demo accounts (production mode seeds them only when asked) and may run on PostgreSQL (a key is required).
const BENCH_HEALTH_KEY = randomBytes(32).toString('base64');

/**
 * The API bundle the bench runs: apps/api/dist/main.js, or BENCH_API_MAIN (another build, e.g. one
 * made with OUTFILE=apps/api/dist/base/main.js from an earlier commit, to compare two versions
 * side by side in the same conditions; it must stay inside the repository to find node_modules).
 */
export const apiMain = process.env.BENCH_API_MAIN ?? join(root, 'apps/api/dist/main.js');

/** One production API instance; nodeArgs go before the script (e.g. --cpu-prof); env adds settings. */
export async function startApi({ databaseUrl, dataDir, port, nodeArgs = [], env = {} }) {
  const child = spawn(process.execPath, [...nodeArgs, apiMain], {
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
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitUp(`http://127.0.0.1:${port}/api/health`, child);
  return child;
}

/** Chromium as the e2e suite starts it (headless, no sandbox, nothing fetched from outside). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The pages Lighthouse and the long-task probe measure: the buyer's five, then the back office's list. */
export const BUYER_PAGES = [
  { name: 'login', url: '/buyer/login', loggedOut: true },
  { name: 'select-proposal', url: '/buyer/select-proposal' },
  { name: 'form (buyer data)', url: '/buyer/data?buyer=1' },
  { name: 'DPS question', url: '/buyer/seguradora/perguntas/1' },
  { name: 'upload', url: '/buyer/documents/upload' },
];
export const OPERATOR_PAGE = { name: 'back-office list', url: '/backoffice' };

/**
 * On a page where the demo buyer is signed in: chooses the demo proposal the pages show, and gives
 * the insurer's consent as the buyer would on that screen (without it a health question sends the
 * buyer to the consent screen instead).
 */
export async function prepareBuyer(page) {
  const proposalId = await page.evaluate(
    async () => (await (await fetch('/api/v3/proposals')).json()).data.find((p) => p.code === 'PF-2026-004817').id,
  );
  await page.evaluate((id) => localStorage.setItem('portal:proposal', id), proposalId);
  const consent = await page.evaluate(async (id) => {
    const overview = (await (await fetch(`/api/v3/proposals/${id}/insurance`)).json()).data;
    if (overview.me?.consent) return 200;
    const res = await fetch(`/api/v3/proposals/${id}/insurance/consent`, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({ version: overview.consentVersion, accepted: true }),
    });
    return res.status;
  }, proposalId);
  if (consent !== 200) throw new Error(`the insurer's consent was not given (${consent})`);
}

/** The demo accounts' password (the seed's). */
export const DEMO_PASSWORD = 'Demo@2026!';

/** Signs a demo account in on the light login at `url`, as a person does, and waits for its landing path. */
export async function signInDemo(page, url, username, landing) {
  await page.goto(url);
  await page.getByLabel('E-mail ou CPF').fill(username);
  await page.getByLabel('Senha', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL(`**${landing}`);
}

/**
 * One API instance with the demo data and headless Chromium, for the probes of first visits as a
 * phone makes them (412x823 at 1.75x, touch, pt-BR). `eachPage(filter, visit)` calls
 * `visit(context, page)` for each bench page whose name holds `filter`: the buyer's five (signed in,
 * the demo proposal chosen), then the back office's list (an operator); `close()` stops it all.
 */
export async function phoneProbe(tmpPrefix) {
  const { chromium } = await import('playwright-core');
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), tmpPrefix));
  const server = await startApi({ databaseUrl: '', dataDir, port });
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  const base = `http://localhost:${port}`;
  /** A new phone context signed in through the light login; its first tab stays on the role's landing. */
  const signedIn = async (path, username, landing) => {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
      locale: 'pt-BR',
    });
    const page = await context.newPage();
    await signInDemo(page, `${base}${path}`, username, landing);
    return { context, page };
  };
  return {
    base,
    async eachPage(filter, visit) {
      const buyer = await signedIn('/buyer/login', 'comprador@demo.com.br', '/buyer/select-proposal');
      await prepareBuyer(buyer.page);
      for (const p of BUYER_PAGES.filter((p) => p.name.includes(filter))) {
        // The login page sends a signed-in person on: it is measured as a visitor sees it.
        const marker = p.loggedOut ? await buyer.page.evaluate(() => localStorage.getItem('portal:login')) : null;
        if (marker) await buyer.page.evaluate(() => localStorage.removeItem('portal:login'));
        await visit(buyer.context, p);
        if (marker) await buyer.page.evaluate((m) => localStorage.setItem('portal:login', m), marker);
      }
      await buyer.context.close();
      if (!OPERATOR_PAGE.name.includes(filter)) return;
      const operator = await signedIn('/auth/operator/login', 'operador@demo.com.br', '/backoffice');
      await visit(operator.context, OPERATOR_PAGE);
      await operator.context.close();
    },
    async close() {
      await browser.close();
      await stop(server);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
