import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, request, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, onTestFailed } from 'vitest';
import type { E2eServer } from './server';

export const DEMO_PASSWORD = 'Demo@2026!';
let current: E2eServer | undefined;

/** Set by e2e/server-per-file.ts before the spec file runs. */
export function setServer(server: E2eServer) {
  current = server;
}

function server(): E2eServer {
  if (!current) throw new Error('no e2e server: e2e/server-per-file.ts must be a setup file of the e2e project');
  return current;
}

/** This spec file's server process itself: a spec may kill it and start it again (e2e/offline-autosave.spec.ts). */
export const e2eServer = () => server();

/** The address of this spec file's server. */
export const baseURL = () => server().baseURL;

/** This spec file's server data folder: its SQLite file (portal.db) and its outbox. */
export const dataDir = () => server().dataDir;

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const PHONE = { width: 390, height: 844 } as const;
/** A phone with a touch screen (coarse pointer, no hover), as the browser of a real phone reports it. */
export const TOUCH_PHONE = { ...PHONE, hasTouch: true, isMobile: true } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;

/** One Chromium per spec file; each test opens its own context (fresh cookies and storage). */
export function useBrowser() {
  const state: { browser?: Browser } = {};
  beforeAll(async () => {
    state.browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    });
  });
  afterAll(async () => {
    await state.browser?.close();
  });
  return {
    /**
     * `test` is the test's own context (`it(name, async (test) => …)`), needed in tests that run
     * concurrently: the page's trail is printed when that test fails, not another one.
     */
    async newPage(
      screen: { width: number; height: number; hasTouch?: boolean; isMobile?: boolean } = PHONE,
      test: { onTestFailed: typeof onTestFailed } = { onTestFailed },
      /** Another address of the same server (a proxy in front of it, e2e/cutting-proxy.ts). */
      options: { baseURL?: string } = {},
    ): Promise<{ page: Page; context: BrowserContext }> {
      const { hasTouch = false, isMobile = false, ...viewport } = screen;
      const context = await state.browser!.newContext({
        baseURL: options.baseURL ?? baseURL(),
        viewport,
        hasTouch,
        isMobile,
        locale: 'pt-BR',
      });
      const page = await context.newPage();
      page.setDefaultTimeout(10_000);
      // What the page went through, printed only when the test fails (to tell an app bug from a slow box).
      const trail: string[] = [];
      const t0 = Date.now();
      const note = (line: string) => trail.push(`${String(Date.now() - t0).padStart(6)}ms ${line}`);
      page.on('framenavigated', (frame) => frame === page.mainFrame() && note(`navigated ${frame.url()}`));
      page.on('console', (msg) => msg.type() === 'error' && note(`console ${msg.text()}`));
      page.on('pageerror', (err) => note(`pageerror ${err.message}`));
      page.on('response', (res) => note(`${res.status()} ${res.request().method()} ${res.url()}`));
      // API requests when they leave, and any request that failed: a request sent but never
      // answered (the server) reads differently from one never sent (the page).
      page.on('request', (req) => req.url().includes('/api/') && note(`sent ${req.method()} ${req.url()}`));
      page.on('requestfailed', (req) => note(`failed ${req.method()} ${req.url()} ${req.failure()?.errorText ?? ''}`));
      test.onTestFailed(() => {
        console.error(`Page trail (last at ${page.url()}):\n${trail.slice(-60).join('\n')}`);
      });
      return { page, context };
    },
  };
}

/** Logs in through the real login screen of a role. */
export async function loginAs(
  page: Page,
  username: string,
  role: 'buyer' | 'seller' | 'operator' = 'buyer',
  password = DEMO_PASSWORD,
) {
  await page.goto(role === 'buyer' ? '/buyer/login' : `/auth/${role}/login`);
  await page.getByLabel('E-mail ou CPF').fill(username);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

/** The e-mails the server wrote to DATA_DIR/outbox, newest last, as raw text. */
export function readOutbox(): { file: string; raw: string }[] {
  const dir = join(dataDir(), 'outbox');
  let files: string[];
  try {
    files = readdirSync(dir)
      .filter((f) => f.endsWith('.eml'))
      .sort();
  } catch {
    return [];
  }
  return files.map((file) => ({ file, raw: readFileSync(join(dir, file), 'utf8') }));
}

/** Waits for an e-mail to the address and returns the first portal link in it (quoted-printable undone). */
export async function waitForMailLink(to: string, pathPrefix: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mails = readOutbox().filter((m) => m.raw.includes(`To: ${to}`));
    const last = mails.at(-1);
    if (last) {
      const text = last.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const match = new RegExp(`https?://[^\\s"<>]+${pathPrefix.replace(/[/?]/g, '\\$&')}[^\\s"<>]*`).exec(text);
      if (match) return match[0];
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no e-mail to ${to} with ${pathPrefix}`);
}

/**
 * Gives a person the portal has just invited (a new buyer or seller account) a password, through the
 * e-mailed link's token, as the change-password screen does. Specs that create proposals use such
 * fresh people so the demo accounts keep the proposals other tests count.
 */
export async function activateInvited(email: string, password: string) {
  const link = await waitForMailLink(email, INVITATION_LINK);
  const token = new URL(link).searchParams.get('token');
  // A context of its own: the token form ends the caller's session, which must not be a spec file's page.
  const api = await request.newContext({ baseURL: baseURL() });
  try {
    const res = await api.post('/api/v3/auth/change-password', { data: { token, pass: password, repeat: password } });
    if (!res.ok()) throw new Error(`password for ${email}: ${res.status()} ${await res.text()}`);
  } finally {
    await api.dispose();
  }
}

/** The path of the invitation landing e-mailed links open. */
export const INVITATION_LINK = '/auth/convite?token=';

/**
 * A person joins as the invitation e-mail asks: opens its link, creates the first password on the
 * landing and is taken into the proposal, signed in (no second login).
 */
export async function joinByInvitation(page: Page, email: string, password: string) {
  const link = await waitForMailLink(email, INVITATION_LINK);
  await page.goto(link);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByLabel('Repita a senha', { exact: true }).fill(password);
  const submit = page.getByRole('button', { name: 'Criar senha e entrar' });
  await submit.click();
  await page.waitForURL((url) => !url.pathname.startsWith('/auth/'));
  // The address changes before React swaps the screens: the landing (which names the proposal too)
  // must be gone before the next screen is read.
  await submit.waitFor({ state: 'detached' });
}

/**
 * A picture of the screen as it stands, in test-results/screens/{name}.png (git-ignored): the whole
 * page, or only the viewport (fullPage: false) for overlays such as dialogs.
 */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}) {
  const dir = fileURLToPath(new URL('../test-results/screens/', import.meta.url));
  mkdirSync(dir, { recursive: true });
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage, animations: 'disabled' });
}

/** The page's local storage, as the app left it. */
export function localStorageOf(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => Object.fromEntries(Object.entries(localStorage)));
}

/** GET /api/v3/auth/session with the page's cookies: the server's view of who is logged in. */
export async function serverSession(page: Page): Promise<{ data: { user: { email: string; role: string } } | null }> {
  const res = await page.request.get('/api/v3/auth/session');
  return (await res.json()) as { data: { user: { email: string; role: string } } | null };
}

/** The path the page is on now. */
export const pathOf = (page: Page) => new URL(page.url()).pathname;

/**
 * From the buyer's proposal list, "Continuar" on the proposal with this code: its buyer home.
 * Returns the id of the proposal the app selected.
 */
export async function chooseProposal(page: Page, code: string): Promise<string> {
  await page.getByRole('button', { name: `Continuar a proposta ${code}` }).click();
  await page.waitForURL('**/buyer/home');
  const proposalId = await page.evaluate(() => localStorage.getItem('portal:proposal'));
  if (!proposalId) throw new Error(`no proposal selected after choosing ${code}`);
  return proposalId;
}

/**
 * Submits a section form with "Salvar e continuar" and waits for the next screen. The address bar
 * changes before React swaps the screens (a route change is a transition), so it also waits for the
 * submitted form to leave the page: the next screen's fields are not looked up in the old one.
 */
export async function saveAndContinue(page: Page, nextPath: string) {
  const button = page.getByRole('button', { name: 'Salvar e continuar' });
  const form = await button.evaluateHandle((b) => b.closest('form') ?? b);
  await button.click();
  await page.waitForURL(`**${nextPath}`);
  await form.asElement()?.waitForElementState('hidden');
  await form.dispose();
}

/**
 * Picks an option of a select by the select's label. A section form's native <select> (drawn as
 * antd's box) gets the option chosen as the browser's own list would; an antd Select, as a
 * keyboard user would: typing narrows the (virtual) list to the option and Enter picks it; a
 * select without search gets a click on the option. Waits until the select shows the choice.
 * `scope` narrows the label's search (e.g. one row of a list); antd's dropdown is rendered at the
 * page's end.
 */
/**
 * Waits until an antd dialog has finished zooming in (opaque, no animation left on it or inside it),
 * and gives it back. Playwright checks only the press of a click against its target: a press on a
 * button still moving with the zoom (the dialog grows from the point that opened it) can be released
 * off it, and the click then goes to the dialog, not the button — lost without an error (a logout
 * that never started, once in a full run). Click in a dialog only through this.
 */
export async function opened(dialog: Locator): Promise<Locator> {
  await expect
    .poll(() =>
      dialog.evaluate((el) => getComputedStyle(el).opacity === '1' && el.getAnimations({ subtree: true }).length === 0),
    )
    .toBe(true);
  return dialog;
}

export async function select(scope: Page | Locator, label: string, option: string) {
  const page = 'keyboard' in scope ? scope : scope.page();
  const box = scope.getByRole('combobox', { name: label });
  // A native <select> drawn as antd's (components/fields/native-fields.tsx): the browser's own list.
  if (await box.evaluate((el) => el instanceof HTMLSelectElement)) {
    await box.selectOption({ label: option });
    return;
  }
  await pickAntdOption(page, box, option);
  await scope
    .locator('.ant-select', { has: page.getByRole('combobox', { name: label }) })
    .locator(`[title="${option}"]`)
    .first()
    .waitFor();
}

async function pickAntdOption(page: Page, box: Locator, option: string) {
  await box.click();
  const dropdown = page.locator('.ant-select-dropdown:visible');
  if (await box.isEditable()) {
    await box.fill(option);
    await dropdown.locator(`.ant-select-item-option-active[title="${option}"]`).waitFor();
    await page.keyboard.press('Enter');
  } else {
    await dropdown.locator(`.ant-select-item-option[title="${option}"]`).click();
  }
}

/** Logs in through the login screen and waits for the landing page of the role. */
export async function signIn(
  page: Page,
  username: string,
  role: 'buyer' | 'seller' | 'operator' = 'buyer',
  password = DEMO_PASSWORD,
) {
  await loginAs(page, username, role, password);
  // The login checks an argon2 hash (19 MiB) and then loads the role's first screen:
  // on a loaded 2-core CI machine that alone took over the 10-s step bound once (screen audit,
  // seller), so the landing gets the bound of a page load that follows server work.
  const landing = { timeout: 30_000 };
  if (role === 'buyer') {
    await page.waitForURL('**/buyer/select-proposal', landing);
    await page.getByRole('heading', { name: 'Minhas propostas' }).waitFor();
  } else {
    await page.waitForURL(role === 'seller' ? '**/seller/proposals' : '**/backoffice', landing);
    await page.getByRole('heading', { name: 'Propostas', exact: true }).waitFor();
  }
}

/** A small valid one-page PDF; `padTo` (bytes) makes it bigger, to see upload progress. */
export function makePdf(padTo = 0): Buffer {
  const objs = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] >>',
  ];
  let out = padTo > 0 ? `%PDF-1.4\n%${'0'.repeat(Math.max(0, padTo - 400))}\n` : '%PDF-1.4\n';
  const offsets: number[] = [];
  objs.forEach((o, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A real JPEG drawn by the browser itself (canvas.toDataURL). */
export async function makeJpeg(page: Page, text: string): Promise<Buffer> {
  const b64 = await page.evaluate((label) => {
    const c = document.createElement('canvas');
    c.width = 320;
    c.height = 200;
    const g = c.getContext('2d')!;
    g.fillStyle = '#0a1f44';
    g.fillRect(0, 0, 320, 200);
    g.fillStyle = '#b4f03a';
    g.font = '28px sans-serif';
    g.fillText(label, 30, 110);
    return c.toDataURL('image/jpeg', 0.9).split(',')[1]!;
  }, text);
  return Buffer.from(b64, 'base64');
}

/**
 * A form's step indicator naming this step ("Etapa k de N: title", k and N among the steps the
 * viewer counts — docs/decisions/031-one-count-one-next.md).
 */
export const stepIndicator = (page: Page, title: string) => page.locator('.step-indicator__text', { hasText: title });

/** The FGTS questions screen's yes/no questions, as the buyer reads them. */
export const FGTS_QUESTIONS = {
  uses: 'Você vai usar o FGTS nesta compra?',
  years: 'Você soma pelo menos 3 anos de trabalho com depósitos no FGTS, contando todos os empregos (seguidos ou não)?',
  city: 'Você trabalha ou mora há mais de 1 ano no município do imóvel, em município vizinho ou na mesma região metropolitana?',
  home: 'Você é dono(a), ou está comprando, outro imóvel residencial no município onde mora, onde trabalha ou onde fica este imóvel?',
  sfh: 'Você tem algum financiamento ativo pelo Sistema Financeiro da Habitação (SFH) em qualquer lugar do Brasil?',
  recent: 'Você usou o FGTS na compra de outro imóvel nos últimos 3 anos?',
} as const;

/** Answers a yes/no question of a form (antd radio buttons labelled by the question). */
export const answer = (page: Page, question: string, option: 'Sim' | 'Não') =>
  page.getByRole('radiogroup', { name: question }).getByText(option, { exact: true }).click();
