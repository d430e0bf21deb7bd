import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseURL, DESKTOP, loginAs, makePdf, PHONE, signIn, useBrowser } from './fixtures';
import { PUBLIC_URLS, walkRoleScreens } from './route-walk';
import { seriousViolations, uploadFile } from './checks';

/**
 * The screen once drawn, checked by axe-core in the page itself: the app has no frame of another
 * origin to reach (legacy mode runs axe.run in the page instead of a blank tab per check that merges
 * every frame's partial results), and only violations are gathered in full (passes and inapplicable
 * rules are not listed node by node). Same rules, same nodes checked.
 */
async function axe(page: Page, label: string) {
  await page.locator('main, [role="main"]').first().waitFor();
  await page.waitForLoadState('networkidle');
  // The browser's own PDF viewer (a chrome-extension:// frame inside a PDF preview) is Chromium's
  // screen, not the portal's; any other frame of another origin would be content axe cannot reach.
  const crossOrigin = page
    .frames()
    .filter(
      (f) => f.url() !== 'about:blank' && !f.url().startsWith(baseURL()) && !f.url().startsWith('chrome-extension://'),
    );
  if (crossOrigin.length > 0)
    return [`${label}: frame of another origin axe would not check: ${crossOrigin[0]!.url()}`];
  return (await seriousViolations(page)).map(
    (v) =>
      `${label}: [${v.impact}] ${v.id} — ${v.help} (${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')})`,
  );
}

// The four walks (each its own context and page) run side by side: most of a screen's time is
// the wait for the network to go quiet, which the other walks use (docs/decisions/047-ci-time.md).
describe.concurrent('accessibility (axe-core, WCAG 2.1 AA): no serious or critical violation on any screen', () => {
  const browser = useBrowser();

  it('public screens', async (test) => {
    const { page, context } = await browser.newPage(PHONE, test);
    const problems: string[] = [];
    for (const url of PUBLIC_URLS) {
      await page.goto(url);
      problems.push(...(await axe(page, url)));
    }
    await context.close();
    expect(problems).toEqual([]);
  }, 120_000);

  for (const role of ['buyer', 'seller', 'operator'] as const) {
    it(`every built ${role} screen`, async (test) => {
      const { page, context } = await browser.newPage(PHONE, test);
      const problems: string[] = [];
      const count = await walkRoleScreens(page, role, async (url) => void problems.push(...(await axe(page, url))), {
        skip: ['buyer.select-proposal'],
      });
      await context.close();
      expect(count).toBeGreaterThan(0);
      expect(problems).toEqual([]);
    }, 300_000);
  }
});

describe("accessibility of the operator's workspace at 1 280 px", () => {
  const browser = useBrowser();

  it('every tab of a proposal, the side-by-side review with its refusal open, the notes, the queue and the jobs', async () => {
    const buyer = await browser.newPage(DESKTOP);
    await loginAs(buyer.page, 'comprador@demo.com.br');
    await buyer.page.waitForURL('**/buyer/select-proposal');
    const mine = (await (await buyer.page.request.get('/api/v3/proposals')).json()) as { data: { id: string }[] };
    const id = mine.data[0]!.id;
    await uploadFile(buyer.page, id, 'income_tax_buyer1', {
      name: 'IRPF 2025.pdf',
      mimeType: 'application/pdf',
      buffer: makePdf(),
    });
    await buyer.context.close();
    const { page, context } = await browser.newPage(DESKTOP);
    await signIn(page, 'operador@demo.com.br', 'operator');
    const problems: string[] = [];
    for (const tab of ['resumo', 'dados', 'documentos', 'financiamento', 'historico', 'notas']) {
      await page.goto(`/backoffice/proposals/${id}?aba=${tab}`);
      await page.locator('.bo-tabs [aria-current="page"]').waitFor();
      if (tab === 'documentos') {
        await page.getByText('Dados para conferir').waitFor();
        await page.keyboard.press('r');
        await page.getByLabel(/Motivo da recusa/).waitFor();
      }
      problems.push(...(await axe(page, `proposal ?aba=${tab}`)));
    }
    // "Minha fila" with its rows, and the background jobs, at this width too.
    await page.goto('/backoffice/fila');
    await page.getByRole('radio', { name: 'Todos' }).check();
    await page
      .getByText(/aguardando há \d+ dias?/)
      .first()
      .waitFor();
    problems.push(...(await axe(page, 'queue')));
    await page.goto('/backoffice/jobs');
    await page.getByRole('table', { name: 'Tarefas por fila' }).waitFor();
    problems.push(...(await axe(page, 'jobs')));
    await context.close();
    expect(problems).toEqual([]);
  }, 120_000);
});

describe('keyboard only', () => {
  const browser = useBrowser();

  it('logs in and fills a form field by field with Tab, Space and Enter', async () => {
    const { page, context } = await browser.newPage(PHONE);
    await page.goto('/buyer/login');
    // The first field has focus; Tab moves through the form; Enter submits.
    await page.getByLabel('E-mail ou CPF').waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('campo-username');
    await page.keyboard.type('comprador@demo.com.br');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Demo@2026!');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/buyer/select-proposal');

    // Reach the first proposal's "Continuar" by keyboard.
    const target = page.getByRole('button', { name: /^Continuar a proposta/ }).first();
    for (let i = 0; i < 40 && !(await target.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/buyer/home');

    await page.goto('/buyer/investment');
    await page.getByLabel('Agência da conta de débito das parcelas (4 dígitos)', { exact: true }).waitFor();
    await page.getByLabel('Agência da conta de débito das parcelas (4 dígitos)', { exact: true }).focus();
    // Three digits: the agency is the field left wrong for the submit below.
    await page.keyboard.type('123');
    await page.keyboard.press('Tab');
    await page.keyboard.type('98765-4');
    await page.keyboard.press('Tab');
    // A switch toggles with Space.
    const debit = page.getByRole('switch', { name: 'Autorizo o débito das parcelas nesta conta' });
    expect(await debit.evaluate((el) => el === document.activeElement)).toBe(true);
    const before = await debit.getAttribute('aria-checked');
    await page.keyboard.press('Space');
    expect(await debit.getAttribute('aria-checked')).not.toBe(before);
    // Submitting with errors moves focus to the first invalid field and announces the error.
    await page.getByRole('button', { name: 'Salvar e continuar' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Verifique os campos destacados.').waitFor();
    const focusedLabel = await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.id ?? '');
    expect(focusedLabel).toMatch(/^campo-.*agency/);
    expect(await page.locator('[role="alert"]').count()).toBeGreaterThan(0);
    await context.close();
  });
});
