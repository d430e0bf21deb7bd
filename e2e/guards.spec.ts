import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { localStorageOf, pathOf, serverSession, signIn, useBrowser } from './fixtures';

const browser = useBrowser();

const PERMISSION_DENIED = 'Você não tem permissão para acessar esta página';

/** Opens a path and waits until the app has settled on the expected one. */
async function open(page: Page, path: string, expected: string) {
  await page.goto(path);
  await page.waitForURL(`**${expected}`);
}

async function onBuyerLogin(page: Page) {
  await page.waitForURL('**/buyer/login');
  await page.getByText('Área do comprador').waitFor();
  await page.getByRole('button', { name: 'Entrar' }).waitFor();
}

describe('without a session (docs/product/routes-and-guards.md)', () => {
  it('sends a private page to the login of its area', async () => {
    const { page, context } = await browser.newPage();
    await open(page, '/buyer/home', '/buyer/login');
    await page.getByText('Área do comprador').waitFor();
    await open(page, '/buyer/select-proposal', '/buyer/login');
    await open(page, '/seller/proposals', '/auth/seller/login');
    await page.getByText('Área do vendedor').waitFor();
    await open(page, '/seller/proposals/qualquer/general-data', '/auth/seller/login');
    expect(await localStorageOf(page)).toEqual({});
    await context.close();
  });

  it('sends / to the buyer login', async () => {
    const { page, context } = await browser.newPage();
    await page.goto('/');
    await onBuyerLogin(page);
    await context.close();
  });

  it('lets anyone open /buyer/change-password, which offers to log in or ask for a link', async () => {
    const { page, context } = await browser.newPage();
    await page.goto('/buyer/change-password');
    await page.getByRole('heading', { name: 'Alterar senha' }).waitFor();
    await page.getByText('Para alterar a senha, entre na sua conta ou peça um link de recuperação.').waitFor();
    expect(pathOf(page)).toBe('/buyer/change-password');
    await page.getByRole('link', { name: 'Esqueci minha senha' }).click();
    await page.waitForURL('**/buyer/recover');
    await page.getByRole('heading', { name: 'Recuperar senha' }).waitFor();
    await context.close();
  });
});

describe('with a buyer session', () => {
  it('sends / and the public pages on to the proposal list', async () => {
    const { page, context } = await browser.newPage();
    await signIn(page, 'comprador@demo.com.br');
    await open(page, '/', '/buyer/select-proposal');
    await page.getByText('Proposta PF-2026-004817').waitFor();
    await open(page, '/buyer/login', '/buyer/select-proposal');
    await page.getByRole('heading', { name: 'Minhas propostas' }).waitFor();
    await open(page, '/buyer/recover', '/buyer/select-proposal');
    await open(page, '/auth/login', '/buyer/select-proposal');
    await context.close();
  });

  it('shows the permission error on a seller page, and the buyer stays logged in', async () => {
    const { page, context } = await browser.newPage();
    await signIn(page, '52998224725');
    await open(page, '/seller/proposals', '/error');
    await page.getByRole('heading', { name: 'Desculpe, encontramos um problema.' }).waitFor();
    await page.getByText(PERMISSION_DENIED).waitFor();
    expect(await page.getByText('Proposta CGI-2026-001293').count()).toBe(0);
    expect((await serverSession(page)).data?.user.role).toBe('buyer');

    await page.getByRole('button', { name: 'VOLTAR', exact: true }).click();
    await page.waitForURL('**/buyer/select-proposal');
    await page.getByText('Proposta PF-2026-004817').waitFor();
    await context.close();
  });

  it('opens /buyer/change-password with the form to change the password', async () => {
    const { page, context } = await browser.newPage();
    await signIn(page, 'comprador@demo.com.br');
    await page.goto('/buyer/change-password');
    await page.getByRole('heading', { name: 'Alterar senha' }).waitFor();
    await page.getByLabel('Nova senha', { exact: true }).waitFor();
    await page.getByLabel('Repita a nova senha', { exact: true }).waitFor();
    expect(pathOf(page)).toBe('/buyer/change-password');
    await context.close();
  });
});

describe('with a seller session', () => {
  it('sends / and the seller login on to /seller/proposals', async () => {
    const { page, context } = await browser.newPage();
    await signIn(page, 'vendedor@demo.com.br', 'seller');
    await open(page, '/', '/seller/proposals');
    await page.getByText('Proposta CGI-2026-001293').waitFor();
    // The second guard's seller target, /seller/select-proposal, is the seller's list.
    await open(page, '/auth/seller/login', '/seller/proposals');
    await page.getByText('Proposta CGI-2026-001293').waitFor();
    await context.close();
  });

  it('shows the permission error on a buyer page', async () => {
    const { page, context } = await browser.newPage();
    await signIn(page, 'vendedor@demo.com.br', 'seller');
    await open(page, '/buyer/home', '/error');
    await page.getByText(PERMISSION_DENIED).waitFor();
    await page.getByRole('heading', { name: 'Desculpe, encontramos um problema.' }).waitFor();
    await open(page, '/buyer/select-proposal', '/error');
    await page.getByText(PERMISSION_DENIED).waitFor();
    await context.close();
  });
});

describe('marker without a server session', () => {
  it('ends a private page on the login when the cookies are gone, and drops the marker', async () => {
    const { page, context } = await browser.newPage();
    await signIn(page, 'comprador@demo.com.br');
    expect(Object.keys(await localStorageOf(page))).toContain('portal:login');
    await context.clearCookies();

    await page.goto('/buyer/home');
    await onBuyerLogin(page);
    expect(Object.keys(await localStorageOf(page))).not.toContain('portal:login');
    // The login works from there.
    await signIn(page, 'comprador@demo.com.br');
    await context.close();
  });

  it('ends the seller list on the seller login when the server session is gone', async () => {
    const { page, context } = await browser.newPage();
    await signIn(page, 'vendedor@demo.com.br', 'seller');
    await context.clearCookies();
    await page.goto('/seller/proposals');
    await page.waitForURL('**/auth/seller/login');
    await page.getByText('Área do vendedor').waitFor();
    expect(Object.keys(await localStorageOf(page))).not.toContain('portal:login');
    await context.close();
  });

  it('does not loop when a stale marker sends the login page on', async () => {
    const { page, context } = await browser.newPage();
    await page.goto('/buyer/login');
    await page.evaluate(() => localStorage.setItem('portal:login', JSON.stringify({ role: 'buyer' })));
    // The marker sends the public login to the list; the server has no session, so back to the login.
    await page.goto('/buyer/login');
    await onBuyerLogin(page);
    expect(Object.keys(await localStorageOf(page))).not.toContain('portal:login');
    await page.goto('/buyer/select-proposal');
    await onBuyerLogin(page);
    await context.close();
  });
});
