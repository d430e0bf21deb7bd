import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  DEMO_PASSWORD,
  DESKTOP,
  localStorageOf,
  loginAs,
  pathOf,
  screenshot,
  serverSession,
  useBrowser,
} from './fixtures';

const browser = useBrowser();

/** The card of one proposal on a list, found by its code. */
const card = (page: Page, code: string) =>
  page.locator('.proposal-card').filter({ has: page.getByText(`Proposta ${code}`) });

/**
 * The card shows how far the filling went: a progress bar named "Preenchimento" whose value is the
 * proposal's filling status as the API gives it.
 */
async function expectProgress(page: Page, code: string) {
  const res = await page.request.get('/api/v3/proposals');
  const proposals = ((await res.json()) as { data: { code: string; fillingStatus: number }[] }).data;
  const proposal = proposals.find((p) => p.code === code);
  expect(proposal, `the API lists ${code}`).toBeDefined();
  const bar = card(page, code).getByRole('progressbar', { name: 'Preenchimento' });
  expect(await bar.getAttribute('aria-valuenow')).toBe(String(proposal!.fillingStatus));
}

describe('buyer login', () => {
  it('logs a buyer in with the CPF and lands on the proposal list with the proposal cards', async () => {
    const { page, context } = await browser.newPage();
    await loginAs(page, '52998224725');
    await page.waitForURL('**/buyer/select-proposal');
    await page.getByRole('heading', { name: 'Minhas propostas' }).waitFor();
    await page.getByText('Proposta PF-2026-004817').waitFor();

    // comprador is the buyer on three proposals.
    expect(await page.locator('.proposal-card').count()).toBe(3);
    const first = card(page, 'PF-2026-004817');
    await first.getByText('Financiamento imobiliário').waitFor();
    await first.getByText('Em preenchimento').waitFor();
    await first.getByText('Apartamento em São Paulo/SP').waitFor();
    await first.getByText('R$ 520.000,00').waitFor();
    await expectProgress(page, 'PF-2026-004817');
    await first.getByRole('button', { name: 'Continuar a proposta PF-2026-004817' }).waitFor();

    const cgi = card(page, 'CGI-2026-001293');
    await cgi.getByText('Crédito com garantia de imóvel (CGI)').waitFor();
    await cgi.getByText('Em análise').waitFor();
    await cgi.getByText('Casa em Campinas/SP').waitFor();
    await cgi.getByText('R$ 300.000,00').waitFor();
    await expectProgress(page, 'CGI-2026-001293');
    await card(page, 'PF-2026-005102').getByText('Apartamento em Belo Horizonte/MG').waitFor();

    // The login left the local-storage marker the second guard reads, and the server knows the session.
    expect(JSON.parse((await localStorageOf(page))['portal:login'] ?? '{}')).toMatchObject({ role: 'buyer' });
    expect((await serverSession(page)).data?.user).toMatchObject({ email: 'comprador@demo.com.br', role: 'buyer' });
    await screenshot(page, 'select-proposal');
    await context.close();
  });

  it('logs a buyer in with the e-mail', async () => {
    const { page, context } = await browser.newPage();
    await page.goto('/buyer/login');
    await page.getByRole('heading', { name: 'Entrar' }).waitFor();
    await page.getByText('Área do comprador').waitFor();
    await page.getByLabel('E-mail ou CPF').fill('comprador@demo.com.br');
    await page.getByLabel('Senha', { exact: true }).fill(DEMO_PASSWORD);
    await screenshot(page, 'login');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL('**/buyer/select-proposal');
    await page.getByText('Proposta PF-2026-004817').waitFor();
    expect(await page.locator('.proposal-card').count()).toBe(3);
    await context.close();
  });

  it('masks digits typed in "E-mail ou CPF" as a CPF and leaves an e-mail as typed', async () => {
    const { page, context } = await browser.newPage();
    await page.goto('/buyer/login');
    const username = page.getByLabel('E-mail ou CPF');
    await username.pressSequentially('52998224725');
    expect(await username.inputValue()).toBe('529.982.247-25');
    await username.fill('');
    await username.pressSequentially('comprador@demo.com.br');
    expect(await username.inputValue()).toBe('comprador@demo.com.br');
    await context.close();
  });

  it('refuses a wrong password with a message and stays on the login page', async () => {
    const { page, context } = await browser.newPage();
    await loginAs(page, 'comprador@demo.com.br', 'buyer', 'Errada@2026');
    await page.getByText('E-mail/CPF ou senha inválidos.').waitFor();
    expect(pathOf(page)).toBe('/buyer/login');
    expect(await localStorageOf(page)).toEqual({});
    expect((await serverSession(page)).data).toBeNull();
    // What was typed stays, so the person can correct the password.
    expect(await page.getByLabel('E-mail ou CPF').inputValue()).toBe('comprador@demo.com.br');
    await context.close();
  });

  it('asks for both fields when they are empty', async () => {
    const { page, context } = await browser.newPage();
    await page.goto('/buyer/login');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByText('Obrigatório').nth(1).waitFor();
    expect(await page.getByText('Obrigatório').count()).toBe(2);
    expect(await page.getByLabel('E-mail ou CPF').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('Senha', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(pathOf(page)).toBe('/buyer/login');
    await context.close();
  });
});

describe('seller login', () => {
  it('logs the seller in at /auth/seller/login and lists the two proposals they sell', async () => {
    const { page, context } = await browser.newPage();
    await page.goto('/auth/seller/login');
    await page.getByText('Área do vendedor').waitFor();
    await loginAs(page, 'vendedor@demo.com.br', 'seller');
    await page.waitForURL('**/seller/proposals');
    await page.getByRole('heading', { name: 'Propostas', exact: true }).waitFor();
    await page.getByText('Proposta PF-2026-004817').waitFor();
    await page.getByText('Proposta CGI-2026-001293').waitFor();
    expect(await page.locator('.proposal-card').count()).toBe(2);
    await card(page, 'PF-2026-004817').getByText('Apartamento em São Paulo/SP').waitFor();
    await card(page, 'PF-2026-004817').getByText('Carlos Eduardo Souza e Mariana Alves Souza').waitFor();
    // The third proposal of comprador has no seller yet: not theirs to see.
    expect(await page.getByText('Proposta PF-2026-005102').count()).toBe(0);
    await screenshot(page, 'seller-proposals');
    await context.close();
  });
});

describe('login with the role picker (/auth/login)', () => {
  it('lets a seller pick "Vendedor" and enter', async () => {
    const { page, context } = await browser.newPage();
    await page.goto('/auth/login');
    await page.getByText('Escolha seu perfil e entre com seus dados.').waitFor();
    const picker = page.getByRole('radiogroup', { name: 'Perfil' });
    expect(await picker.getByRole('radio', { name: 'Comprador' }).isChecked()).toBe(true);
    await picker.getByText('Vendedor').click();
    expect(await picker.getByRole('radio', { name: 'Vendedor' }).isChecked()).toBe(true);
    await page.getByLabel('E-mail ou CPF').fill('vendedor@demo.com.br');
    await page.getByLabel('Senha', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL('**/seller/proposals');
    await page.getByText('Proposta CGI-2026-001293').waitFor();
    await context.close();
  });

  it('keeps the roles apart: seller credentials with "Comprador" picked are refused (desktop)', async () => {
    const { page, context } = await browser.newPage(DESKTOP);
    await page.goto('/auth/login');
    await page.getByLabel('E-mail ou CPF').fill('vendedor@demo.com.br');
    await page.getByLabel('Senha', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByText('E-mail/CPF ou senha inválidos.').waitFor();
    expect(pathOf(page)).toBe('/auth/login');

    // The buyer, with the default "Comprador", gets in from the same page.
    await page.getByLabel('E-mail ou CPF').fill('comprador@demo.com.br');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL('**/buyer/select-proposal');
    await page.getByText('Proposta PF-2026-004817').waitFor();
    await context.close();
  });
});
