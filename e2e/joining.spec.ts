import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  DESKTOP,
  INVITATION_LINK,
  pathOf,
  PHONE,
  readOutbox,
  screenshot,
  serverSession,
  signIn,
  useBrowser,
  waitForMailLink,
} from './fixtures';
import { createProposal, freshPerson } from './phone-walk';
import { auditScreen } from './screen-audit';

/**
 * Joining (docs/decisions/043-joining.md), on a phone, with people the portal has never seen: the
 * operator opens a proposal for a new buyer, who follows the e-mailed link, is welcomed by name with
 * the proposal named, creates her password once and is in her proposal without a second login; the
 * seller she invites does the same and lands on the seller's home.
 */
const browser = useBrowser();
const PASSWORD = 'Chegada2026';

/** The screen audit's findings (English words, internal ids, targets under 44 × 44 px, sideways scroll). */
const audit = async (page: Page) => (await auditScreen(page, pathOf(page))).map((f) => `${f.kind}: ${f.detail}`);

/** The e-mails to an address, by kind (invite, password_changed, …), oldest first. */
const mailKinds = (email: string) =>
  readOutbox()
    .filter((m) => m.raw.includes(`To: ${email}`))
    .map((m) => /Z-([a-z_]+)-/.exec(m.file)?.[1] ?? m.file);

describe('joining by the e-mailed invitation', () => {
  it('a new buyer and the seller she invites each join from the e-mail, straight in, with no alarm e-mail', async () => {
    const op = await browser.newPage(DESKTOP);
    await signIn(op.page, 'operador@demo.com.br', 'operator');
    const buyer = freshPerson('Marina Costa Albuquerque');
    const proposal = await createProposal(op.page.request, buyer);

    // The buyer opens the link of the e-mail on her phone.
    const link = await waitForMailLink(buyer.email, INVITATION_LINK);
    const { page } = await browser.newPage(PHONE);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Bem-vindo(a), Marina!' }).waitFor();
    const main = page.locator('main');
    const welcome = await main.innerText();
    expect(welcome).toContain(`na proposta ${proposal.code}`);
    expect(welcome).toContain('Financiamento imobiliário');
    expect(welcome).toContain('Belo Horizonte/MG');
    expect(welcome).toContain('Juliana Costa (Equipe do portal) convidou você');
    expect(welcome).toContain(buyer.email);
    expect(welcome).toContain('pelo menos 8 caracteres, com letras e números');
    expect(await page.getByText('Alterar senha').count()).toBe(0);
    expect(await audit(page)).toEqual([]);
    await screenshot(page, 'joining-landing-phone');

    // The eye shows what was typed (a 44 × 44 px target, checked above).
    const pass = page.getByLabel('Senha', { exact: true });
    await pass.fill(PASSWORD);
    await page.getByRole('button', { name: 'Mostrar senha' }).first().click();
    expect(await pass.getAttribute('type')).toBe('text');
    await page.getByLabel('Repita a senha', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Criar senha e entrar' }).click();

    // Straight into her proposal, signed in: no login form on the way.
    await page.waitForURL('**/buyer/home');
    await page.getByRole('heading', { name: 'Olá, Marina' }).waitFor();
    await page.getByText(`Proposta ${proposal.code}`).first().waitFor();
    expect((await serverSession(page)).data?.user).toMatchObject({ email: buyer.email, role: 'buyer' });
    expect(mailKinds(buyer.email)).toEqual(['invite']);

    // The link is spent: opened again, it says so and offers the login.
    const again = (await browser.newPage(PHONE)).page;
    await again.goto(link);
    await again.getByText('Este convite já foi usado para criar a senha.').waitFor();
    await again.getByRole('button', { name: 'Ir para o login' }).click();
    await again.waitForURL('**/buyer/login');

    // She invites the seller from her seller form.
    const seller = freshPerson('Rogério Lima Batista');
    const invited = await page.request.put(`/api/v3/proposals/${proposal.id}/sections/seller`, {
      data: { sellerName: seller.name, sellerEmail: seller.email, sellerPhone: '(31) 99876-5432' },
    });
    expect(invited.status()).toBe(200);

    const sellerLink = await waitForMailLink(seller.email, INVITATION_LINK);
    const sp = (await browser.newPage(PHONE)).page;
    await sp.goto(sellerLink);
    await sp.getByRole('heading', { name: 'Bem-vindo(a), Rogério!' }).waitFor();
    const sellerWelcome = await sp.locator('main').innerText();
    expect(sellerWelcome).toContain(
      'Marina Costa Albuquerque convidou você para participar como vendedor(a) do imóvel',
    );
    expect(sellerWelcome).toContain(proposal.code);
    await screenshot(sp, 'joining-landing-seller-phone');
    await sp.getByLabel('Senha', { exact: true }).fill(PASSWORD);
    await sp.getByLabel('Repita a senha', { exact: true }).fill(PASSWORD);
    await sp.getByRole('button', { name: 'Criar senha e entrar' }).click();
    await sp.waitForURL('**/seller/proposals');
    expect(pathOf(sp)).toBe('/seller/proposals');
    await sp.getByText(`Proposta ${proposal.code}`).waitFor();
    await sp.getByText('Marina Costa Albuquerque').first().waitFor();
    expect((await serverSession(sp)).data?.user).toMatchObject({ email: seller.email, role: 'seller' });
    expect(mailKinds(seller.email)).toEqual(['invite']);
  }, 120_000);

  it('a link that is not an invitation says so in Portuguese and offers the login', async () => {
    const { page } = await browser.newPage(PHONE);
    await page.goto(`${INVITATION_LINK}${'x'.repeat(43)}`);
    await page.getByText('Este link de convite não é válido.').waitFor();
    await page.getByRole('button', { name: 'Ir para o login' }).waitFor();
    expect(await audit(page)).toEqual([]);
  });
});
