import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chooseProposal, DESKTOP, screenshot, signIn, useBrowser, stepIndicator } from './fixtures';

const browser = useBrowser();

/**
 * The demo proposal is shared with other specs: the drafts this screen autosaves are answered here
 * without reaching the server, so what this test types never lands in their data.
 */
async function keepDraftsLocal(page: Page) {
  await page.route('**/api/v3/proposals/*/sections/*/draft**', (route) =>
    route.fulfill({ status: 200, json: { data: { draftUpdatedAt: new Date().toISOString() } } }),
  );
}

/** The messages under the form's fields, by field label. */
async function fieldMessages(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const out: Record<string, string> = {};
    for (const item of Array.from(document.querySelectorAll('.ant-form-item'))) {
      const label = item.querySelector('label')?.textContent?.trim();
      const error = item.querySelector('.ant-form-item-explain-error')?.textContent?.trim();
      if (label && error) out[label] = error;
    }
    return out;
  });
}

describe('every error at the first submit', () => {
  it('/buyer/data with an attorney: "Obrigatório" on the empty fields and the invalid attorney CPF at once', async () => {
    const { page, context } = await browser.newPage(DESKTOP);
    await keepDraftsLocal(page);
    await signIn(page, 'comprador@demo.com.br');
    await chooseProposal(page, 'PF-2026-005102');
    // Opened by its address: other specs may have filled this proposal, whatever the home suggests next.
    await page.goto('/buyer/data?buyer=1');
    await stepIndicator(page, 'Dados gerais').waitFor();

    await page.getByLabel('Nome completo', { exact: true }).fill('');
    const represented = page.getByRole('switch', { name: 'Será representado(a) por procurador?' });
    if ((await represented.getAttribute('aria-checked')) !== 'true') await represented.click();
    await page.getByText('Pessoa física', { exact: true }).click();
    await page.getByLabel('Nome do procurador', { exact: true }).fill('');
    await page.getByLabel('E-mail do procurador', { exact: true }).fill('');
    await page.getByLabel('CPF ou CNPJ do procurador', { exact: true }).fill('11111111112');
    await page.getByRole('button', { name: 'Salvar e continuar' }).click();

    await page.getByText('Insira um CPF válido').waitFor();
    const messages = await fieldMessages(page);
    expect(messages).toMatchObject({
      'Nome completo': 'Obrigatório',
      'Nome do procurador': 'Obrigatório',
      'E-mail do procurador': 'Obrigatório',
      'CPF ou CNPJ do procurador': 'Insira um CPF válido',
    });
    expect(new URL(page.url()).pathname).toBe('/buyer/data');
    await screenshot(page, 'buyer-data-all-errors');

    // The focus is on the first field in error; fixing a field takes its message away at once,
    // and the others keep theirs.
    const name = page.getByLabel('Nome completo', { exact: true });
    expect(await name.evaluate((el) => el === document.activeElement)).toBe(true);
    await name.fill('Carlos Eduardo Souza');
    await expect.poll(async () => (await fieldMessages(page))['Nome completo']).toBeUndefined();
    expect(await fieldMessages(page)).toMatchObject({
      'Nome do procurador': 'Obrigatório',
      'E-mail do procurador': 'Obrigatório',
      'CPF ou CNPJ do procurador': 'Insira um CPF válido',
    });
    // A field emptied again after the submit gets its message back as it changes.
    await name.fill('');
    await expect.poll(async () => (await fieldMessages(page))['Nome completo']).toBe('Obrigatório');
    await context.close();
  });
});
