import { createHash, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { dataDir, loginAs, PHONE, screenshot, useBrowser } from './fixtures';

/**
 * "Não quero mais lembretes" at 390 px (docs/product/reminders.md): the link of a reminder e-mail turns
 * them off without a login, again is harmless, "Desfazer" turns them back on, and the privacy page
 * shows and changes the same switch. The link's token is written as a reminder writes it (the sha256
 * of a random token, apps/api/src/modules/reminders/reminder-sweep.ts); sending reminders is the API
 * tests' (apps/api/test/reminders.test.ts).
 */
describe('reminder opt-out', () => {
  const browser = useBrowser();
  const db = () => new Database(join(dataDir(), 'portal.db'), { fileMustExist: true });
  const query = <T>(sql: string, ...params: unknown[]) => {
    const conn = db();
    try {
      return conn.prepare(sql).all(...params) as T[];
    } finally {
      conn.close();
    }
  };

  it('the e-mail link turns reminders off (twice is harmless), "Desfazer" undoes it, and the privacy page shows the same switch', async () => {
    const [user] = query<{ id: string }>(`select id from users where email = 'comprador@demo.com.br'`);
    const token = randomBytes(32).toString('base64url');
    const write = db();
    try {
      write
        .prepare('insert into reminder_tokens (id, user_id, created_at) values (?, ?, ?)')
        .run(createHash('sha256').update(token).digest('hex'), user!.id, Date.now());
    } finally {
      write.close();
    }
    const optedOut = () => query('select user_id from reminder_opt_outs where user_id = ?', user!.id).length;

    const { page } = await browser.newPage(PHONE);
    await page.goto(`/auth/lembretes?token=${token}`);
    await page.getByText('Você não vai mais receber lembretes.').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Pronto, Carlos');
    expect(optedOut()).toBe(1);
    await screenshot(page, 'reminders-opt-out-phone');
    // The same link again (a second click in the e-mail): same answer, nothing else changes.
    await page.reload();
    await page.getByText('Você não vai mais receber lembretes.').waitFor();
    expect(optedOut()).toBe(1);

    await page.getByRole('button', { name: 'Desfazer: quero receber lembretes' }).click();
    await page.getByText('Os lembretes estão ligados de novo.').waitFor();
    expect(optedOut()).toBe(0);
    await page.getByRole('button', { name: 'Não quero mais lembretes' }).click();
    await page.getByText('Você não vai mais receber lembretes.').waitFor();
    expect(optedOut()).toBe(1);

    // Signed in, the privacy page shows them off and turns them back on.
    await loginAs(page, 'comprador@demo.com.br');
    await page.waitForURL(/\/buyer\/(home|select-proposal)/);
    await page.goto('/buyer/privacy');
    const toggle = page.getByRole('switch', { name: 'Receber lembretes por e-mail' });
    await toggle.waitFor();
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await page.getByText('Lembretes desligados', { exact: true }).waitFor();
    await toggle.click();
    await page.getByText('Lembretes ligados.').waitFor();
    // The toast and the switch are two renders: the switch follows the cached answer, which the
    // query cache hands to its screens on a timer of its own.
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    expect(optedOut()).toBe(0);
    await screenshot(page, 'reminders-privacy-phone');
  }, 120_000);
});
