import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  chooseProposal,
  DESKTOP,
  localStorageOf,
  opened,
  pathOf,
  screenshot,
  serverSession,
  signIn,
  useBrowser,
} from './fixtures';

const browser = useBrowser();

/** A navigation bar button by its accessible name ('Início', 'Sair', 'Voltar', 'Ajuda'). */
const navButton = (page: Page, name: string) => page.getByRole('banner').getByRole('button', { name, exact: true });

/** Where a navigation bar button starts, from the left edge. */
async function leftEdge(page: Page, name: string) {
  const box = await navButton(page, name).boundingBox();
  if (!box) throw new Error(`${name} is not visible`);
  return box.x;
}

/** From the proposal list, 'Continuar' on a card: the buyer home of that proposal. */
async function continueWith(page: Page, code: string) {
  await chooseProposal(page, code);
  // The list's card names the proposal too, and stays until React draws the home after the address
  // changed: the list must be gone before the home's "Proposta …" proves the home is there.
  await page.getByRole('heading', { name: 'Minhas propostas' }).waitFor({ state: 'detached' });
  await page.getByText(`Proposta ${code}`).first().waitFor();
}

async function openLogoutDialog(page: Page) {
  await navButton(page, 'Sair').click();
  const dialog = page.getByRole('dialog', { name: 'Confirmar' });
  await dialog.getByText('Tem certeza de que deseja sair?').waitFor();
  return opened(dialog);
}

describe('navigation bar', () => {
  it('shows home on the left and logout on the right of the proposal list, with the logo and help', async () => {
    const { page, context } = await browser.newPage();
    await signIn(page, 'comprador@demo.com.br');
    await navButton(page, 'Início').waitFor();
    await navButton(page, 'Sair').waitFor();
    await navButton(page, 'Ajuda').waitFor();
    expect(await leftEdge(page, 'Início')).toBeLessThan(await leftEdge(page, 'Ajuda'));
    expect(await leftEdge(page, 'Ajuda')).toBeLessThan(await leftEdge(page, 'Sair'));
    expect(await navButton(page, 'Voltar').count()).toBe(0);
    const logo = page.getByRole('banner').getByRole('link', { name: 'Portal de Propostas — início' });
    expect(await logo.getAttribute('href')).toBe('/');
    await context.close();
  });

  it("draws with the build's antd styles only: the list, a proposal's home and the logout dialog add no <style>", async () => {
    // antd's theme token and each component's CSS variables come with the build's stylesheet and
    // style cache (docs/decisions/065-antd-token-at-build-time.md): nothing is computed or added here.
    const { page, context } = await browser.newPage();
    await signIn(page, 'comprador@demo.com.br');
    await continueWith(page, 'PF-2026-004817');
    await openLogoutDialog(page);
    // (The dialog's scroll lock, `html body { overflow-y: hidden }`, is a <style> of its own.)
    const added = await page.evaluate(() =>
      Array.from(document.querySelectorAll('style'), (s) => s.textContent ?? '')
        .filter((text) => text.includes('--ant-'))
        .map((text) => text.slice(0, 60)),
    );
    expect(added).toEqual([]);
    // The stylesheet's variables are in force: the primary button's lime.
    const yes = page.getByRole('dialog', { name: 'Confirmar' }).getByRole('button', { name: 'SIM' });
    expect(await yes.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe('rgb(180, 240, 58)');
    await context.close();
  });

  it('fetches the buyer home ahead from the proposal list without running it; Continuar reads it from the cache', async () => {
    // docs/decisions/066-prefetch-without-running.md
    const { page, context } = await browser.newPage();
    await signIn(page, 'comprador@demo.com.br');
    const home = () =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .filter((e) => /\/buyer-home-page-[\w-]+\.js$/.test(e.name))
          .map((e) => ({
            by: (e as PerformanceResourceTiming).initiatorType,
            bytes: (e as PerformanceResourceTiming).transferSize,
          })),
      );
    // Fetched by a <link rel="prefetch">, and only that: no module loader asked for it.
    await expect.poll(home).toEqual([{ by: 'link', bytes: expect.any(Number) }]);
    expect((await home())[0]?.bytes).toBeGreaterThan(0);
    await continueWith(page, 'PF-2026-004817');
    // The module loader's request for it was answered from the cache: nothing crossed the network.
    expect((await home()).slice(1)).toEqual([{ by: 'script', bytes: 0 }]);
    await context.close();
  });

  it('opens a proposal with Continuar and comes back to the list with the home button', async () => {
    const { page, context } = await browser.newPage();
    await signIn(page, 'comprador@demo.com.br');
    await continueWith(page, 'PF-2026-004817');
    await page.getByRole('heading', { name: 'Olá, Carlos' }).waitFor();
    await page.getByText('Carlos Eduardo Souza (principal) — você').waitFor();
    await navButton(page, 'Início').waitFor();
    await navButton(page, 'Sair').waitFor();
    await screenshot(page, 'buyer-home');

    await navButton(page, 'Início').click();
    await page.waitForURL('**/buyer/select-proposal');
    await page.getByRole('heading', { name: 'Minhas propostas' }).waitFor();

    // The choice is remembered: /buyer/home opens the proposal chosen last.
    await continueWith(page, 'CGI-2026-001293');
    await page.reload();
    await page.getByText('Proposta CGI-2026-001293').first().waitFor();
    expect(pathOf(page)).toBe('/buyer/home');
    await context.close();
  });

  it('goes back in history with the back button', async () => {
    const { page, context } = await browser.newPage();
    await signIn(page, 'comprador@demo.com.br');
    await continueWith(page, 'PF-2026-004817');
    await page.getByRole('link', { name: 'Alterar minha senha' }).click();
    await page.waitForURL('**/buyer/change-password');
    await page.getByRole('heading', { name: 'Alterar senha' }).waitFor();
    // change-password: back on the left, home on the right (docs/product/routes-and-guards.md).
    expect(await leftEdge(page, 'Voltar')).toBeLessThan(await leftEdge(page, 'Início'));
    await screenshot(page, 'change-password-logged-in');

    await navButton(page, 'Voltar').click();
    await page.waitForURL('**/buyer/home');
    await page.getByText('Proposta PF-2026-004817').first().waitFor();
    await context.close();
  });

  it('sends the logo and the help button to /, which is the proposal list for a buyer', async () => {
    const { page, context } = await browser.newPage();
    await signIn(page, 'comprador@demo.com.br');
    await continueWith(page, 'PF-2026-004817');
    await page.getByRole('banner').getByRole('link', { name: 'Portal de Propostas — início' }).click();
    await page.waitForURL('**/buyer/select-proposal');
    await page.getByRole('heading', { name: 'Minhas propostas' }).waitFor();

    await continueWith(page, 'PF-2026-004817');
    await navButton(page, 'Ajuda').click();
    await page.waitForURL('**/buyer/select-proposal');
    await page.getByRole('heading', { name: 'Minhas propostas' }).waitFor();
    await context.close();
  });

  it('shows the seller list with only a logout button', async () => {
    const { page, context } = await browser.newPage();
    await signIn(page, 'vendedor@demo.com.br', 'seller');
    await navButton(page, 'Sair').waitFor();
    expect(await navButton(page, 'Início').count()).toBe(0);
    expect(await navButton(page, 'Voltar').count()).toBe(0);
    await context.close();
  });

  it('shows the button names next to the icons on a desktop', async () => {
    const { page, context } = await browser.newPage(DESKTOP);
    await signIn(page, 'comprador@demo.com.br');
    await page.getByRole('banner').getByText('Início', { exact: true }).waitFor();
    await page.getByRole('banner').getByText('Sair', { exact: true }).waitFor();
    await page.getByRole('banner').getByText('Portal de Propostas', { exact: true }).waitFor();
    await continueWith(page, 'PF-2026-004817');
    await context.close();
  });
});

describe('logout', () => {
  it('asks for confirmation; NÃO keeps the buyer logged in on the same page', async () => {
    const { page, context } = await browser.newPage();
    await signIn(page, 'comprador@demo.com.br');
    const dialog = await openLogoutDialog(page);
    await dialog.getByRole('button', { name: 'SIM', exact: true }).waitFor();
    await screenshot(page, 'logout-dialog', { fullPage: false });

    await dialog.getByRole('button', { name: 'NÃO', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(pathOf(page)).toBe('/buyer/select-proposal');
    await page.getByText('Proposta PF-2026-004817').waitFor();
    expect((await serverSession(page)).data?.user.email).toBe('comprador@demo.com.br');
    expect(Object.keys(await localStorageOf(page))).toContain('portal:login');

    // Still logged in: the list opens again after a reload.
    await page.reload();
    await page.getByText('Proposta PF-2026-004817').waitFor();
    expect(pathOf(page)).toBe('/buyer/select-proposal');
    await context.close();
  });

  it('SIM on a buyer page ends the session and lands on the buyer login', async () => {
    const { page, context } = await browser.newPage();
    await signIn(page, 'comprador@demo.com.br');
    await continueWith(page, 'PF-2026-004817');
    const dialog = await openLogoutDialog(page);
    await dialog.getByRole('button', { name: 'SIM', exact: true }).click();
    await page.waitForURL('**/buyer/login');
    await page.getByText('Área do comprador').waitFor();

    expect(await serverSession(page)).toEqual({ data: null });
    expect(await localStorageOf(page)).toEqual({});
    expect((await context.cookies()).filter((c) => c.name === 'access_token')).toEqual([]);
    // The private pages are closed again.
    await page.goto('/buyer/home');
    await page.waitForURL('**/buyer/login');
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    await context.close();
  });

  it('SIM on a seller page lands on the seller login', async () => {
    const { page, context } = await browser.newPage();
    await signIn(page, 'vendedor@demo.com.br', 'seller');
    const dialog = await openLogoutDialog(page);
    await dialog.getByRole('button', { name: 'SIM', exact: true }).click();
    await page.waitForURL('**/auth/seller/login');
    await page.getByText('Área do vendedor').waitFor();
    expect(await serverSession(page)).toEqual({ data: null });
    expect(await localStorageOf(page)).toEqual({});
    await context.close();
  });
});

describe('a 401 from the API (docs/product/api.md)', () => {
  it('clears local storage and sends the buyer to the login when the session ends on the server', async () => {
    const { page, context } = await browser.newPage();
    await signIn(page, 'comprador@demo.com.br');
    await continueWith(page, 'PF-2026-004817');
    // The buyer comes back to the home page later (a fresh load of the app)...
    await page.reload();
    await page.getByText('Proposta PF-2026-004817').first().waitFor();
    // The page's own requests are done first (the progress is fetched again when its second
    // reader mounts): otherwise one still on its way gets the 401 before the home button is pressed.
    await page.waitForLoadState('networkidle');
    // ...while the session has ended on the server.
    const logout = await page.request.post('/api/v3/auth/logout');
    expect(logout.status()).toBe(204);

    // The home button opens the list, whose request now answers 401.
    await navButton(page, 'Início').click();
    await page.waitForURL('**/buyer/login');
    await page.getByText('Área do comprador').waitFor();
    expect(await localStorageOf(page)).toEqual({});
    expect(await serverSession(page)).toEqual({ data: null });
    await context.close();
  });

  it('still ends on the login when a second 401 arrives while / is finding the way', async () => {
    const { page, context } = await browser.newPage();
    await signIn(page, 'comprador@demo.com.br');
    await continueWith(page, 'PF-2026-004817');
    await page.getByRole('link', { name: 'Alterar minha senha' }).click();
    await page.getByLabel('Nova senha', { exact: true }).waitFor();
    await page.reload();
    await page.getByLabel('Nova senha', { exact: true }).waitFor();

    // Order the two 401s without timers: the form's request is held until the first 401 has been
    // handled (its logout call answered), and any session request until the second 401 is in.
    const firstLogout = page.waitForResponse((r) => r.url().endsWith('/api/v3/auth/logout'));
    const secondUnauthorized = page.waitForResponse((r) => r.url().endsWith('/api/v3/auth/change-password'));
    await page.route('**/api/v3/auth/change-password', async (route) => {
      await firstLogout;
      await route.continue();
    });
    await page.route('**/api/v3/auth/session', async (route) => {
      await secondUnauthorized;
      await route.continue();
    });
    await page.request.post('/api/v3/auth/logout');
    // At a phone's speed (the CPU slowed 6x) the second 401 often sends the page back to / while
    // React is still drawing the way from / to the login; / must then send it on again (without
    // that, 4 of 10 runs here stayed on a blank /).
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });

    await page.getByLabel('Senha atual', { exact: true }).fill('Qualquer2025');
    await page.getByLabel('Nova senha', { exact: true }).fill('Qualquer2026');
    await page.getByLabel('Repita a nova senha', { exact: true }).fill('Qualquer2026');
    await page.getByRole('button', { name: 'Salvar nova senha' }).click();
    // First 401: the list behind the home button. Second: the password form, answered later.
    await navButton(page, 'Início').click();
    expect((await secondUnauthorized).status()).toBe(401);
    await page.waitForURL('**/buyer/login');
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    expect(await localStorageOf(page)).toEqual({});
    await context.close();
  });

  it('ends on the login after a reload once the cookie is gone', async () => {
    const { page, context } = await browser.newPage();
    await signIn(page, 'comprador@demo.com.br');
    await continueWith(page, 'PF-2026-004817');
    await context.clearCookies();
    await page.reload();
    await page.waitForURL('**/buyer/login');
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    expect(Object.keys(await localStorageOf(page))).not.toContain('portal:login');
    await context.close();
  });
});

describe('error screens', () => {
  it('/error shows the image, the heading, a back button and no home button; VOLTAR goes to /', async () => {
    const { page, context } = await browser.newPage();
    await page.goto('/error');
    await page.getByRole('heading', { name: 'Desculpe, encontramos um problema.' }).waitFor();
    await page.getByRole('main').getByRole('img').waitFor();
    await navButton(page, 'Voltar').waitFor();
    expect(await navButton(page, 'Início').count()).toBe(0);
    await screenshot(page, 'error');

    await page.getByRole('button', { name: 'VOLTAR', exact: true }).click();
    // / without a session is the buyer login.
    await page.waitForURL('**/buyer/login');
    await page.getByText('Área do comprador').waitFor();
    await context.close();
  });

  it('/error shows the message it is given, and its back button returns to the page before', async () => {
    const { page, context } = await browser.newPage();
    await page.goto('/buyer/recover');
    await page.getByRole('heading', { name: 'Recuperar senha' }).waitFor();
    await page.goto('/error?message=Falha%20ao%20carregar%20a%20proposta.');
    await page.getByText('Falha ao carregar a proposta.').waitFor();
    await navButton(page, 'Voltar').click();
    await page.waitForURL('**/buyer/recover');
    await page.getByRole('heading', { name: 'Recuperar senha' }).waitFor();
    await context.close();
  });

  it('an unknown address shows "Página não encontrada"', async () => {
    const { page, context } = await browser.newPage();
    await page.goto('/nao-existe');
    await page.getByRole('heading', { name: 'Página não encontrada' }).waitFor();
    await page.getByRole('main').getByRole('img').waitFor();
    await navButton(page, 'Voltar').waitFor();
    expect(pathOf(page)).toBe('/nao-existe');
    await screenshot(page, 'not-found');
    await page.getByRole('button', { name: 'IR PARA O INÍCIO' }).click();
    await page.waitForURL('**/buyer/login');
    await context.close();
  });
});
