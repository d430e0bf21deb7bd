import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chooseProposal, e2eServer, PHONE, screenshot, signIn, stepIndicator, useBrowser } from './fixtures';

/*
 * The API process really goes away (SIGKILL) while a buyer types, and comes back on the same port
 * and database 10 s later: the typing is kept on the device, the screen says so, and the newest
 * value reaches the server once it answers again — also when the page was reloaded meanwhile.
 */

const OFFLINE =
  'Sem conexão com o servidor — seus dados estão guardados neste aparelho e serão salvos assim que possível';
const OUTAGE_MS = 10_000;
/** How long the test waits for the newest value to be stored after the restart (the next try is at most 30 s away). */
const RECOVERY_DEADLINE_MS = 45_000;

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const status = (page: Page) => page.locator('.form-actions [role="status"]');

/** The buyer's stored draft of the general data, read from the server with the page's session. */
async function storedOccupation(page: Page, proposalId: string): Promise<unknown> {
  const res = await page.request.get(`/api/v3/proposals/${proposalId}/sections/data?buyer=0`);
  if (!res.ok()) return `HTTP ${res.status()}`;
  const data = (await res.json()).data as { draft: Record<string, unknown> | null };
  return data.draft?.occupation;
}

/** Waits (bounded) until the condition holds; returns the last value seen for the message. */
async function until<T>(what: string, read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  while (Date.now() < deadline) {
    try {
      last = await read();
      if (ok(last)) return last;
    } catch {
      // the server is not back yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what}: still ${JSON.stringify(last)} after ${timeoutMs} ms`);
}

const deviceDrafts = (page: Page) =>
  page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('portal:draft:')));

async function openGeneralData(page: Page) {
  await signIn(page, 'comprador@demo.com.br');
  const proposalId = await chooseProposal(page, 'PF-2026-005102');
  await page.goto('/buyer/data?buyer=1');
  await stepIndicator(page, 'Dados gerais').waitFor();
  return proposalId;
}

/** Whether a test killed the server and has not started it again (a failed test must not leave it dead). */
let down = false;
async function killServer() {
  down = true;
  await e2eServer().kill();
}
async function restartServer() {
  await e2eServer().restart();
  down = false;
}

describe('autosave while the server is away', () => {
  const browser = useBrowser();
  afterEach(async () => {
    if (down) await restartServer();
  });

  it(
    'keeps typing on the device, says so, and stores the newest value once the API is back',
    { timeout: 120_000 },
    async () => {
      const { page } = await browser.newPage(PHONE);
      const proposalId = await openGeneralData(page);
      const occupation = field(page, 'Profissão');
      await occupation.fill('Eng');
      await page.getByText(/Rascunho salvo às/).waitFor();

      // The API dies while the person is typing.
      await occupation.pressSequentially('enhe', { delay: 50 });
      await killServer();
      const killedAt = Date.now();
      await occupation.pressSequentially('ira', { delay: 50 });

      await status(page).getByText(OFFLINE, { exact: true }).waitFor({ timeout: 15_000 });
      // On screen at 390 px (in the sticky bar of the buttons), and the field being typed into
      // stays in sight between the navigation bar and that bar, not under the message.
      const box = (await status(page).boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
      const bar = (await page.locator('.form-actions').boundingBox())!;
      const nav = (await page.locator('.nav-bar').boundingBox())!;
      const input = (await occupation.boundingBox())!;
      expect(input.y).toBeGreaterThanOrEqual(nav.y + nav.height);
      expect(input.y + input.height).toBeLessThanOrEqual(bar.y);
      await screenshot(page, 'offline-autosave-message-390', { fullPage: false });

      // Typing goes on during the outage; the newest value waits on the device.
      await occupation.pressSequentially(' de software', { delay: 30 });
      const typedLast = 'Engenheira de software';
      expect(await occupation.inputValue()).toBe(typedLast);
      await until(
        'the device copy',
        async () => page.evaluate(() => Object.values(localStorage).find((v) => v.includes('Engenheira de software'))),
        (v) => v !== undefined,
        5_000,
      );

      // Back 10 s after it went away, on the same port and database.
      await new Promise((r) => setTimeout(r, Math.max(0, killedAt + OUTAGE_MS - Date.now())));
      await restartServer();

      await until(
        'the stored occupation',
        () => storedOccupation(page, proposalId),
        (v) => v === typedLast,
        RECOVERY_DEADLINE_MS,
      );
      await status(page)
        .getByText(/Rascunho salvo às/)
        .waitFor({ timeout: 5_000 });
      expect(await page.getByText(OFFLINE).count()).toBe(0);
      // Once the server has it, nothing is left on the device.
      expect(await deviceDrafts(page)).toEqual([]);
      await screenshot(page, 'offline-autosave-back-390', { fullPage: false });
    },
  );

  it(
    'restores what was typed during the outage after a reload, and stores it once the API is back',
    { timeout: 120_000 },
    async () => {
      const { page } = await browser.newPage(PHONE);
      const proposalId = await openGeneralData(page);
      const occupation = field(page, 'Profissão');
      await occupation.fill('Arquiteta');
      await page.getByText(/Rascunho salvo às/).waitFor();

      await killServer();
      const killedAt = Date.now();
      await occupation.fill('Arquiteta paisagista');
      await status(page).getByText(OFFLINE, { exact: true }).waitFor({ timeout: 15_000 });

      // Reloading while the server is away: the browser has nothing to show (the app itself is served
      // by the API), but the typing stays on the device.
      await page.reload().catch(() => undefined);
      expect(await storedOccupation(page, proposalId).catch(() => 'unreachable')).toBe('unreachable');

      await new Promise((r) => setTimeout(r, Math.max(0, killedAt + OUTAGE_MS - Date.now())));
      await restartServer();

      // The person opens the form again: the value typed during the outage is back and gets stored.
      await page.goto('/buyer/data?buyer=1');
      await stepIndicator(page, 'Dados gerais').waitFor();
      expect(await occupation.inputValue()).toBe('Arquiteta paisagista');
      await until(
        'the stored occupation',
        () => storedOccupation(page, proposalId),
        (v) => v === 'Arquiteta paisagista',
        RECOVERY_DEADLINE_MS,
      );
      await status(page)
        .getByText(/Rascunho salvo às/)
        .waitFor({ timeout: 5_000 });
      expect(await deviceDrafts(page)).toEqual([]);
    },
  );
});
