import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { loginAs, pathOf, useBrowser } from './fixtures';

const browser = useBrowser();

/**
 * A client that sends the login name as `email` (the login entity lists it, docs/product/forms.md) instead of
 * `username`: the login screen's request is rewritten on its way out.
 */
async function sendLoginNameAs(page: Page, rewrite: (body: Record<string, unknown>) => Record<string, unknown>) {
  await page.route('**/api/v3/auth/login', async (route) => {
    const body = JSON.parse(route.request().postData() ?? '{}') as Record<string, unknown>;
    await route.continue({ postData: JSON.stringify(rewrite(body)) });
  });
}

describe('login with the `email` field', () => {
  it('a buyer whose client sends `email` (no username) logs in and lands on the proposal list', async () => {
    const { page, context } = await browser.newPage();
    await sendLoginNameAs(page, ({ username, ...rest }) => ({ ...rest, email: username }));
    await loginAs(page, '529.982.247-25');
    await page.waitForURL('**/buyer/select-proposal');
    await page.getByRole('heading', { name: 'Minhas propostas' }).waitFor();
    await context.close();
  });

  it('`username` and `email` naming different people: 400 in Portuguese, the buyer stays on the login', async () => {
    const { page, context } = await browser.newPage();
    await sendLoginNameAs(page, (body) => ({ ...body, email: 'compradora@demo.com.br' }));
    const answer = page.waitForResponse('**/api/v3/auth/login');
    await loginAs(page, 'comprador@demo.com.br');
    const res = await answer;
    expect(res.status()).toBe(400);
    expect(((await res.json()) as { error: { fields: Record<string, string> } }).error.fields.email).toBe(
      'Envie o e-mail ou CPF em um só campo: username e email estão diferentes',
    );
    await page.getByRole('alert').waitFor();
    expect(pathOf(page)).toBe('/buyer/login');
    await context.close();
  });
});
