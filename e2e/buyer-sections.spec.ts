import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  chooseProposal,
  joinByInvitation,
  DESKTOP,
  PHONE,
  saveAndContinue,
  screenshot,
  select,
  signIn,
  useBrowser,
  stepIndicator,
} from './fixtures';

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function sectionValues(page: Page, proposalId: string, key: string, buyer?: number) {
  const res = await page.request.get(
    `/api/v3/proposals/${proposalId}/sections/${key}${buyer === undefined ? '' : `?buyer=${buyer}`}`,
  );
  return (await res.json()).data as {
    status: string;
    values: Record<string, unknown> | null;
    draft: Record<string, unknown> | null;
  };
}

describe('buyer sections', () => {
  const browser = useBrowser();

  it('fills every screen of a one-buyer proposal, resumes a draft after reload and invites the seller', async () => {
    const { page, context } = await browser.newPage(PHONE);
    await signIn(page, 'comprador@demo.com.br');
    await chooseProposal(page, 'PF-2026-005102');
    const proposalId = await page.evaluate(() => localStorage.getItem('portal:proposal'))!;

    // Home shows the next step; it opens the general data of the buyer.
    await page.getByRole('button', { name: 'Dados gerais' }).click();
    await page.waitForURL('**/buyer/data?buyer=1');
    await stepIndicator(page, 'Dados gerais').waitFor();
    // Name, e-mail and CPF come from the proposal; the CPF is locked.
    expect(await field(page, 'Nome completo').inputValue()).toBe('Carlos Eduardo Souza');
    expect(await field(page, 'CPF').inputValue()).toBe('529.982.247-25');

    // Bad values: Portuguese messages, nothing submitted.
    await field(page, 'Celular com DDD').fill('0012');
    await field(page, 'Data de nascimento').fill('31022010');
    await page.getByRole('button', { name: 'Salvar e continuar' }).click();
    await page.getByText('Insira um telefone válido com DDD').waitFor();
    await page.getByText('Insira uma data válida (DD/MM/AAAA)').waitFor();
    expect(await page.getByText('Obrigatório').count()).toBeGreaterThanOrEqual(2);
    await screenshot(page, 'buyer-data-errors-phone');

    // Typing is masked; the draft is saved as typed and restored after a reload.
    await field(page, 'Celular com DDD').fill('11987654321');
    expect(await field(page, 'Celular com DDD').inputValue()).toBe('(11) 98765-4321');
    await field(page, 'Data de nascimento').fill('14031986');
    expect(await field(page, 'Data de nascimento').inputValue()).toBe('14/03/1986');
    await select(page, 'Estado civil', 'Solteiro(a)');
    await page.getByText(/Rascunho salvo às/).waitFor();
    await page.reload();
    await stepIndicator(page, 'Dados gerais').waitFor();
    expect(await field(page, 'Celular com DDD').inputValue()).toBe('(11) 98765-4321');
    expect(await field(page, 'Data de nascimento').inputValue()).toBe('14/03/1986');
    expect((await sectionValues(page, proposalId!, 'data', 0)).draft).toMatchObject({
      phone: '(11) 98765-4321',
      civil_status: 'single',
    });

    await field(page, 'Profissão').fill('Engenheiro civil');
    await field(page, 'Renda mensal bruta (R$)').fill('1850000');
    expect(await field(page, 'Renda mensal bruta (R$)').inputValue()).toBe('18.500,00');
    await saveAndContinue(page, '/buyer/address?buyer=1');

    // Address: the CEP service is not configured here, so the form says so and takes it by hand.
    await field(page, 'CEP').fill('30140071');
    await page.getByText(/Preencha o endereço manualmente/).waitFor();
    await field(page, 'Logradouro (rua, avenida…)').fill('Rua da Bahia');
    await field(page, 'Número').fill('1148');
    await field(page, 'Bairro').fill('Centro');
    await field(page, 'Cidade').fill('Belo Horizonte');
    await select(page, 'UF', 'MG');
    await saveAndContinue(page, '/buyer/document-registration?buyer=1');

    await select(page, 'Tipo de documento', 'RG — Carteira de identidade');
    await field(page, 'Número do documento').fill('32.456.789-1');
    await field(page, 'Órgão emissor').fill('SSP');
    await select(page, 'UF de emissão', 'SP');
    await field(page, 'Data de expedição').fill('05062015');
    await page.getByText('Masculino').click();
    await field(page, 'Data de nascimento (como no documento)').fill('14031986');
    await select(page, 'UF de nascimento', 'SP');
    await field(page, 'Cidade de nascimento').fill('Santos');
    await field(page, 'Nome da mãe (filiação 1)').fill('Helena Maria Souza');
    await field(page, 'Nome do pai (filiação 2)').fill('Antônio Carlos Souza');
    await saveAndContinue(page, '/buyer/investment');

    // One buyer: no share is asked (the whole financing is hers, stored as 100%).
    expect(await page.getByLabel('Participação do segundo comprador (%)').count()).toBe(0);
    expect(await page.getByLabel('Participação do comprador principal (%)').count()).toBe(0);
    await field(page, 'Agência da conta de débito das parcelas (4 dígitos)').fill('0912');
    await field(page, 'Conta corrente de débito das parcelas, com dígito').fill('45781-3');
    await page.getByRole('switch', { name: 'Autorizo o débito das parcelas nesta conta' }).click();
    await saveAndContinue(page, '/buyer/seller-form');

    await field(page, 'Nome do vendedor').fill('Fernanda Lopes');
    await field(page, 'E-mail do vendedor').fill('fernanda.lopes@exemplo.com.br');
    await field(page, 'Celular do vendedor com DDD').fill('31991234567');
    await screenshot(page, 'buyer-seller-form-phone');
    // The last form leads to the next pending step: the FGTS questions of this financing.
    await saveAndContinue(page, '/buyer/fgts/questions?buyer=1');
    await page.goto('/buyer/buyers');
    await page.getByRole('heading', { name: 'Compradores' }).waitFor();
    await page.getByText('Comprador principal: Carlos Eduardo Souza').waitFor();
    await screenshot(page, 'buyer-buyers-phone');
    const list = (await (await page.request.get(`/api/v3/proposals/${proposalId}/sections`)).json()).data.sections as {
      key: string;
      status: string;
    }[];
    const mine = list.filter((s) => ['data', 'address', 'document', 'investment', 'seller'].includes(s.key));
    expect(mine.map((s) => s.status)).toEqual(['done', 'done', 'done', 'done', 'done']);

    // What the API holds afterwards: canonical values.
    expect((await sectionValues(page, proposalId!, 'data', 0)).values).toMatchObject({
      phone: '11987654321',
      birth_date: '1986-03-14',
      income: 1850000,
      civil_status: 'single',
    });
    expect((await sectionValues(page, proposalId!, 'address', 0)).values).toMatchObject({
      cep: '30140071',
      state: 'MG',
    });
    expect((await sectionValues(page, proposalId!, 'investment')).values).toMatchObject({
      agency: '0912',
      first_buyer_percent: 100,
      authorize_debit: true,
    });
    await context.close();

    // The invitation e-mail's link lets the seller create a password and log in.
    const seller = await browser.newPage(PHONE);
    await joinByInvitation(seller.page, 'fernanda.lopes@exemplo.com.br', 'Vendedora2026');
    await seller.page.waitForURL('**/seller/proposals');
    await seller.page.getByText('Proposta PF-2026-005102').waitFor();
    await seller.context.close();
  });

  it("lets the second buyer fill their own data, reuse the main address, and not touch the main buyer's", async () => {
    const { page, context } = await browser.newPage(DESKTOP);
    await signIn(page, 'compradora@demo.com.br');
    await chooseProposal(page, 'PF-2026-004817');
    const proposalId = await page.evaluate(() => localStorage.getItem('portal:proposal'));
    await page.goto('/buyer/address?buyer=2');
    await stepIndicator(page, 'Endereço').waitFor();
    await page.getByRole('switch', { name: 'Mesmo endereço do comprador principal' }).click();
    expect(await page.getByLabel('CEP', { exact: true }).count()).toBe(0);
    await screenshot(page, 'buyer-address-second-desktop');
    // On to her next pending step: her general data, not sent yet (the first of her steps).
    await saveAndContinue(page, '/buyer/data?buyer=2');
    expect((await sectionValues(page, proposalId!, 'address', 1)).values).toMatchObject({
      same_main_buyer_address: true,
      cep: '04538132',
      city: 'São Paulo',
    });

    // The main buyer's data is not hers to edit: the form is read-only.
    const res = await page.request.put(`/api/v3/proposals/${proposalId}/sections/data/draft?buyer=0`, {
      data: { name: 'x' },
    });
    expect(res.status()).toBe(403);
    await context.close();
  });
});
