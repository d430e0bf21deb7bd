import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { dataDir, DESKTOP, PHONE, screenshot, signIn, useBrowser } from './fixtures';

/**
 * The back office's "Tarefas em segundo plano" at 1280 px: a delivery job that failed for good shows
 * its last error, and "Tentar de novo" runs it again (the server's in-process engine, SQLite).
 * The road to "failed for good" (retries with backoff) is apps/api/test/jobs.test.ts's.
 */
describe('background jobs page', () => {
  const browser = useBrowser();
  const db = () => new Database(join(dataDir(), 'portal.db'), { fileMustExist: true });

  it('shows a dead job with its last error and runs it again on "Tentar de novo"', async () => {
    const id = crypto.randomUUID();
    const now = Date.now();
    const write = db();
    try {
      write
        .prepare(
          `insert into jobs (id, queue, data, state, singleton_key, attempts, max_attempts, run_at, started_at, finished_at, created_at, last_error)
           values (?, 'mail.deliver', '{}', 'dead', null, 4, 4, ?, ?, ?, ?, 'connect ECONNREFUSED 127.0.0.1:587')`,
        )
        .run(id, now, now - 1000, now, now - 600_000);
    } finally {
      write.close();
    }

    const { page, context } = await browser.newPage(DESKTOP);
    await signIn(page, 'operador@demo.com.br', 'operator');
    await page
      .getByRole('navigation', { name: 'Menu da equipe do portal' })
      .getByRole('link', { name: 'Tarefas' })
      .click();
    await page.waitForURL('**/backoffice/jobs');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Tarefas em segundo plano');

    const queues = page.getByRole('table', { name: 'Tarefas por fila' });
    const mail = queues.getByRole('row', { name: /Envio de e-mails/ });
    await expect.poll(() => mail.getByRole('cell').allTextContents()).toEqual(['Envio de e-mails', '0', '0', '0', '1']);
    const failures = page.getByRole('table', { name: 'Tarefas que falharam, com o último erro' });
    const row = failures.getByRole('row', { name: /connect ECONNREFUSED/ });
    expect(await row.getByRole('cell').nth(1).textContent()).toBe('Falhou de vez');
    expect(await row.getByRole('cell').nth(2).textContent()).toBe('4 de 4');
    await screenshot(page, 'jobs-dead-1280');

    await row.getByRole('button', { name: 'Tentar de novo' }).click();
    await page.getByText('A tarefa "Envio de e-mails" vai rodar de novo agora.').waitFor();
    // The server's engine runs it (nothing is queued, so the pass succeeds) and it leaves the failures.
    await expect
      .poll(() => {
        const read = db();
        try {
          return (read.prepare('select state from jobs where id = ?').get(id) as { state: string }).state;
        } finally {
          read.close();
        }
      })
      .toBe('done');
    await page.reload();
    await failures.getByText('Nenhuma tarefa com falha.').waitFor();
    await expect.poll(() => mail.getByRole('cell').nth(4).textContent()).toBe('0');
    const read = db();
    try {
      expect(read.prepare("select subject, detail from audit_log where action = 'job.retried'").all()).toEqual([
        { subject: id, detail: 'mail.deliver' },
      ]);
    } finally {
      read.close();
    }
    await screenshot(page, 'jobs-retried-1280');
    await context.close();
  });

  it('fits a phone: the queues and the failures as cards, nothing wider than the screen', async () => {
    const { page, context } = await browser.newPage(PHONE);
    await signIn(page, 'operador@demo.com.br', 'operator');
    await page.goto('/backoffice/jobs');
    await page.getByRole('heading', { name: 'Tarefas em segundo plano', level: 1 }).waitFor();
    await page.getByRole('table', { name: 'Tarefas por fila' }).getByText('Limpeza de sessões expiradas').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'jobs-phone');
    await context.close();
  });
});
