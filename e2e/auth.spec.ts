import { describe, expect, it } from 'vitest';
import { loginAs, useBrowser } from './fixtures';

describe('buyer login', () => {
  const browser = useBrowser();

  it('logs a buyer in with the CPF and lands on the proposal list', async () => {
    const { page, context } = await browser.newPage();
    await loginAs(page, '52998224725');
    await page.waitForURL('**/buyer/select-proposal');
    await page.getByRole('heading', { name: 'Minhas propostas' }).waitFor();
    await page.getByText('Proposta PF-2026-004817').waitFor();
    await context.close();
  });
});
