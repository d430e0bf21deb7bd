import { describe, expect, it } from 'vitest';
import { request, type Page } from 'playwright-core';
import { completeCpf, formatCpf } from '../packages/domain/src/cpf';
import {
  baseURL,
  chooseProposal,
  DEMO_PASSWORD,
  loginAs,
  opened,
  pathOf,
  readOutbox,
  screenshot,
  serverSession,
  signIn,
  useBrowser,
  waitForMailLink,
} from './fixtures';

/**
 * Password changes use accounts no other test of this file logs in with (compradora, outro), and
 * every test puts the demo password back, so the tests do not depend on their order.
 */
const browser = useBrowser();

const PASSWORD_RULE = 'A senha deve ter pelo menos 8 caracteres, com letras e números';
const INVALID_LINK = 'Este link de troca de senha é inválido ou expirou. Peça um novo.';
/** compradora's CPF, as apps/api/src/seed/demo.ts builds it. */
const COMPRADORA_CPF = completeCpf('153789246');

/** Puts the demo password back through the API (cleanup, also when a test failed half-way). */
async function restoreDemoPassword(email: string, current: string) {
  if (current === DEMO_PASSWORD) return;
  const api = await request.newContext({ baseURL: baseURL() });
  try {
    const login = await api.post('/api/v3/auth/login', { data: { username: email, password: current, type: 'buyer' } });
    if (login.ok())
      await api.post('/api/v3/auth/change-password', { data: { current, pass: DEMO_PASSWORD, repeat: DEMO_PASSWORD } });
  } finally {
    await api.dispose();
  }
}

/** The announced error of a form field (role="alert"), by its text. */
const fieldError = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

async function fillNewPassword(page: Page, pass: string, repeat = pass, current?: string) {
  if (current !== undefined) await page.getByLabel('Senha atual', { exact: true }).fill(current);
  await page.getByLabel('Nova senha', { exact: true }).fill(pass);
  await page.getByLabel('Repita a nova senha', { exact: true }).fill(repeat);
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
}

async function requestLink(page: Page, email: string, cpfDigits: string) {
  await page.goto('/buyer/recover');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('CPF', { exact: true }).pressSequentially(cpfDigits);
  expect(await page.getByLabel('CPF', { exact: true }).inputValue()).toBe(formatCpf(cpfDigits));
  await page.getByRole('button', { name: 'Enviar link' }).click();
  await page.getByRole('heading', { name: 'Verifique seu e-mail' }).waitFor();
  await page
    .getByText('Se os dados conferirem com um cadastro, enviaremos um e-mail com o link para criar uma nova senha.')
    .waitFor();
}

describe('recover (/buyer/recover)', () => {
  it('checks the e-mail and the CPF before sending', async () => {
    const { page, context } = await browser.newPage();
    await page.goto('/buyer/recover');
    await page.getByRole('heading', { name: 'Recuperar senha' }).waitFor();
    // Public page with only a home button (docs/product/routes-and-guards.md).
    await page.getByRole('banner').getByRole('button', { name: 'Início', exact: true }).waitFor();
    expect(await page.getByRole('banner').getByRole('button', { name: 'Sair', exact: true }).count()).toBe(0);
    await screenshot(page, 'recover');

    await page.getByRole('button', { name: 'Enviar link' }).click();
    await fieldError(page, 'Obrigatório').nth(1).waitFor();
    await page.getByLabel('E-mail', { exact: true }).fill('comprador@');
    await page.getByLabel('CPF', { exact: true }).fill('11111111111');
    await page.getByRole('button', { name: 'Enviar link' }).click();
    await fieldError(page, 'Insira um e-mail válido').waitFor();
    await fieldError(page, 'Insira um CPF válido').waitFor();
    expect(pathOf(page)).toBe('/buyer/recover');
    await context.close();
  });

  it('confirms the request for comprador and e-mails a change-password link', async () => {
    const { page, context } = await browser.newPage();
    await requestLink(page, 'comprador@demo.com.br', '52998224725');
    const link = await waitForMailLink('comprador@demo.com.br', '/buyer/change-password?token=');
    expect(link.startsWith(`${baseURL()}/buyer/change-password?token=`)).toBe(true);
    await page.getByRole('link', { name: 'Voltar para o login' }).click();
    await page.waitForURL('**/buyer/login');
    await context.close();
  });
});

describe('change password through the e-mailed link', () => {
  it('sets a new password for compradora, which then logs in with it; the link works once', async () => {
    const NEW_PASSWORD = 'Compradora2026';
    let current = DEMO_PASSWORD;
    const { page, context } = await browser.newPage();
    try {
      await requestLink(page, 'compradora@demo.com.br', COMPRADORA_CPF);
      const link = await waitForMailLink('compradora@demo.com.br', '/buyer/change-password?token=');

      await page.goto(link);
      await page.getByRole('heading', { name: 'Criar nova senha' }).waitFor();
      await screenshot(page, 'change-password');

      await fillNewPassword(page, NEW_PASSWORD, 'Compradora2027');
      await fieldError(page, 'As senhas não conferem').waitFor();
      await fillNewPassword(page, 'abcdefgh');
      await fieldError(page, PASSWORD_RULE).waitFor();
      expect(pathOf(page)).toBe('/buyer/change-password');

      await fillNewPassword(page, NEW_PASSWORD);
      await page.waitForURL('**/buyer/login');
      current = NEW_PASSWORD;
      await page.getByText('Senha alterada com sucesso. Entre com a nova senha.').waitFor();

      // The old password no longer opens the account; the new one does.
      await loginAs(page, 'compradora@demo.com.br', 'buyer', DEMO_PASSWORD);
      await page.getByText('E-mail/CPF ou senha inválidos.').waitFor();
      await signIn(page, COMPRADORA_CPF, 'buyer', NEW_PASSWORD);
      await page.getByText('Proposta PF-2026-004817').waitFor();
      expect((await serverSession(page)).data?.user.email).toBe('compradora@demo.com.br');

      // The same link, used again (logged out, in a new context), is refused.
      const second = await browser.newPage();
      await second.page.goto(link);
      await second.page.getByRole('heading', { name: 'Criar nova senha' }).waitFor();
      await fillNewPassword(second.page, 'OutraSenha2026');
      await second.page.getByText(INVALID_LINK).waitFor();
      await second.page.getByRole('link', { name: 'Pedir novo link' }).waitFor();
      expect(pathOf(second.page)).toBe('/buyer/change-password');
      await second.context.close();
    } finally {
      await context.close();
      await restoreDemoPassword('compradora@demo.com.br', current);
    }
  });
});

describe('change password while logged in', () => {
  it('asks for the current password, lets outro change it, keeps the session, e-mails outro, and changes it back', async () => {
    const NEW_PASSWORD = 'OutroNova2026';
    let current = DEMO_PASSWORD;
    const { page, context } = await browser.newPage();
    try {
      await signIn(page, 'outro@demo.com.br');
      await chooseProposal(page, 'PF-2026-003390');
      await page.getByRole('link', { name: 'Alterar minha senha' }).click();
      await page.waitForURL('**/buyer/change-password');
      await page.getByRole('heading', { name: 'Alterar senha' }).waitFor();

      // A session alone does not change the password: the current one is required, and checked.
      await fillNewPassword(page, NEW_PASSWORD, `${NEW_PASSWORD}x`);
      await fieldError(page, 'As senhas não conferem').waitFor();
      await fieldError(page, 'Obrigatório').waitFor();
      await fillNewPassword(page, NEW_PASSWORD, NEW_PASSWORD, 'NaoEhEssa2026');
      await fieldError(page, 'Senha atual incorreta').waitFor();
      // The eye shows what was typed, from the keyboard too, and hides it again.
      const currentBox = page.getByLabel('Senha atual', { exact: true });
      const eye = page.getByRole('button', { name: 'Mostrar senha' }).first();
      await eye.focus();
      await page.keyboard.press('Enter');
      expect(await currentBox.getAttribute('type')).toBe('text');
      await page.getByRole('button', { name: 'Ocultar senha' }).click();
      expect(await currentBox.getAttribute('type')).toBe('password');
      await screenshot(page, 'change-password-wrong-current');
      expect(pathOf(page)).toBe('/buyer/change-password');

      await fillNewPassword(page, NEW_PASSWORD, NEW_PASSWORD, DEMO_PASSWORD);
      await page.waitForURL('**/buyer/select-proposal');
      current = NEW_PASSWORD;
      await page.getByText('Senha alterada com sucesso.').waitFor();
      // Still logged in: the session was renewed with the change.
      await page.getByText('Proposta PF-2026-003390').waitFor();
      expect((await serverSession(page)).data?.user.email).toBe('outro@demo.com.br');
      // The owner is told, with the way back if it was not them.
      expect(await waitForMailLink('outro@demo.com.br', '/buyer/recover')).toBe(`${baseURL()}/buyer/recover`);
      const notice = readOutbox()
        .filter((m) => m.raw.includes('To: outro@demo.com.br'))
        .at(-1)!;
      expect(notice.file).toContain('-password_changed-');

      await page.getByRole('banner').getByRole('button', { name: 'Sair', exact: true }).click();
      const confirm = await opened(page.getByRole('dialog', { name: 'Confirmar' }));
      await confirm.getByRole('button', { name: 'SIM', exact: true }).click();
      await page.waitForURL('**/buyer/login');
      await loginAs(page, 'outro@demo.com.br', 'buyer', DEMO_PASSWORD);
      await page.getByText('E-mail/CPF ou senha inválidos.').waitFor();
      await signIn(page, 'outro@demo.com.br', 'buyer', NEW_PASSWORD);

      // And back to the demo password, the same way.
      await page.goto('/buyer/change-password');
      await page.getByRole('heading', { name: 'Alterar senha' }).waitFor();
      await fillNewPassword(page, DEMO_PASSWORD, DEMO_PASSWORD, NEW_PASSWORD);
      await page.waitForURL('**/buyer/select-proposal');
      current = DEMO_PASSWORD;
      await page.getByText('Senha alterada com sucesso.').waitFor();

      const fresh = await browser.newPage();
      await signIn(fresh.page, 'outro@demo.com.br', 'buyer', DEMO_PASSWORD);
      await fresh.context.close();
    } finally {
      await context.close();
      await restoreDemoPassword('outro@demo.com.br', current);
    }
  });
});
