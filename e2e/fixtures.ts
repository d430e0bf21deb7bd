import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';

export const DEMO_PASSWORD = 'Demo@2026!';
export const baseURL = () => inject('baseURL');

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
    async newPage(
      viewport: { width: number; height: number } = PHONE,
    ): Promise<{ page: Page; context: BrowserContext }> {
      const context = await state.browser!.newContext({ baseURL: baseURL(), viewport, locale: 'pt-BR' });
      const page = await context.newPage();
      page.setDefaultTimeout(10_000);
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
  const dir = join(inject('dataDir'), 'outbox');
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
