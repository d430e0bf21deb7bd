import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { activateInvited, chooseProposal, PHONE, select, signIn, useBrowser } from './fixtures';
import { createProposal, freshPerson } from './phone-walk';

const PASSWORD = 'Retorno2026';
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/**
 * Feedback that must not get in the way (docs/decisions/022-one-look-on-phones.md): toasts below
 * the top bar, the form's error banner gone once the errors are fixed, and a skeleton — never a
 * blank page — while a screen or its data loads. On a fresh proposal of a fresh buyer, at 390 px.
 */
describe('feedback on a phone', () => {
  const browser = useBrowser();

  async function freshBuyerHome() {
    const op = await browser.newPage();
    await signIn(op.page, 'operador@demo.com.br', 'operator');
    const buyer = freshPerson('Renata Lopes Cardoso');
    const proposal = await createProposal(op.page.request, buyer);
    await op.context.close();
    await activateInvited(buyer.email, PASSWORD);
    const { page, context } = await browser.newPage(PHONE);
    await signIn(page, buyer.email, 'buyer', PASSWORD);
    await chooseProposal(page, proposal.code);
    return { page, context };
  }

  it('the error banner goes once the fields are fixed; the toast sits below the top bar, off the back button', async () => {
    const { page, context } = await freshBuyerHome();
    await page.getByRole('region', { name: 'Próximo passo' }).getByRole('button', { name: 'Dados gerais' }).click();
    await page.waitForURL('**/buyer/data?buyer=1');
    const banner = page.getByRole('alert').filter({ hasText: 'Verifique os campos destacados.' });
    await page.getByRole('button', { name: 'Salvar e continuar' }).click();
    await banner.waitFor();

    // Fixing every highlighted field takes the banner away, before any new submit.
    await field(page, 'Celular com DDD').fill('11987654321');
    await field(page, 'Data de nascimento').fill('14031986');
    await select(page, 'Estado civil', 'Solteiro(a)');
    await field(page, 'Profissão').fill('Arquiteta');
    expect(await banner.count()).toBe(1);
    await field(page, 'Renda mensal bruta (R$)').fill('1200000');
    await banner.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Salvar e continuar' }).click();
    await page.waitForURL('**/buyer/address?buyer=1');
    const toast = page.locator('.ant-message-notice').filter({ hasText: /salv/i });
    await toast.waitFor();
    // The toast slides in from above while the next screen draws its top bar: measure once both rest.
    await expect
      .poll(async () => {
        const bar = await page.getByRole('banner').boundingBox();
        const box = await toast.boundingBox();
        return bar && box ? box.y - (bar.y + bar.height) : Number.NEGATIVE_INFINITY;
      })
      .toBeGreaterThanOrEqual(0);
    // The back button can still be pressed while the toast shows: nothing lies over its centre.
    const back = page.getByRole('banner').getByRole('button', { name: 'Voltar', exact: true });
    const hit = await back.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
    });
    expect(hit).toBe(true);
    await context.close();
  });

  it('a skeleton, not a blank page, while the next screen and its data load', async () => {
    const { page, context } = await freshBuyerHome();
    await page.getByRole('heading', { name: 'Próximo passo' }).waitFor();

    // The next screen's code is held back: the page shows the loading skeleton meanwhile.
    let releaseCode!: () => void;
    const codeHeld = new Promise<void>((r) => (releaseCode = r));
    await page.route('**/assets/*.js', async (route) => {
      await codeHeld;
      await route.continue();
    });
    await page.getByRole('link', { name: 'Privacidade e meus dados' }).click();
    await page.getByRole('status').filter({ hasText: 'Carregando…' }).waitFor();
    expect(await page.locator('.page-loading__skeleton .ant-skeleton').count()).toBeGreaterThan(0);
    releaseCode();
    await page
      .getByRole('heading', { name: /Privacidade/ })
      .first()
      .waitFor();
    await page.unroute('**/assets/*.js');

    // The home opened afresh with its data held back: a skeleton holds its place until it arrives.
    let releaseData!: () => void;
    const dataHeld = new Promise<void>((r) => (releaseData = r));
    await page.route('**/api/v3/proposals/*/progress', async (route) => {
      await dataHeld;
      await route.continue();
    });
    await page.goto('/buyer/home');
    await page.locator('main .ant-skeleton').first().waitFor();
    expect(await page.getByRole('heading', { name: 'Próximo passo' }).count()).toBe(0);
    releaseData();
    await page.getByRole('heading', { name: 'Próximo passo' }).waitFor();
    expect(await page.locator('.home-next .ant-skeleton').count()).toBe(0);
    await context.close();
  });
});
