import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { completeCpf, formatCpf } from '@portal/domain/cpf';
import {
  chooseProposal,
  joinByInvitation,
  DEMO_PASSWORD,
  DESKTOP,
  pathOf,
  PHONE,
  saveAndContinue,
  screenshot,
  select,
  signIn,
  useBrowser,
} from './fixtures';

const SELLER_EMAIL = 'helena.prado@exemplo.com.br';
const SELLER_PASSWORD = 'Vendedora2026';
const SELLER_CPF = formatCpf(completeCpf('461237985'));
const SPOUSE_CPF = formatCpf(completeCpf('118229337'));

/** What the seller owes (documents issue): the property's registry, its IPTU and the seller's form. */
const SELLER_ITEMS = ['Matrícula atualizada do imóvel', 'IPTU do ano corrente', 'Ficha cadastral do vendedor'];

/** A JPEG header and filler: enough for the server's type check (by magic bytes). */
const jpegLike = () =>
  Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]),
    Buffer.alloc(2048, 7),
    Buffer.from([0xff, 0xd9]),
  ]);

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** Picks an answer of a radio group by the group's label. */
const answer = (page: Page, group: string, option: string) =>
  page.getByRole('radiogroup', { name: group }).getByText(option, { exact: true }).click();

describe('seller portal', () => {
  const browser = useBrowser();

  // A walk through every seller screen, the uploads and the buyer's view: more than the default minute.
  it('invited by the buyer, the seller fills every screen, completes, and the buyer sees it', async () => {
    // The buyer of PF-2026-003390 (no seller yet) invites the seller from the seller form.
    const buyer = await browser.newPage(DESKTOP);
    await signIn(buyer.page, 'outro@demo.com.br');
    await chooseProposal(buyer.page, 'PF-2026-003390');
    await buyer.page.getByText('Parte do vendedor').waitFor();
    await buyer.page.getByText('Vendedor não convidado').waitFor();
    await buyer.page.goto('/buyer/seller-form');
    await field(buyer.page, 'Nome do vendedor').fill('Helena Prado');
    await field(buyer.page, 'E-mail do vendedor').fill(SELLER_EMAIL);
    await field(buyer.page, 'Celular do vendedor com DDD').fill('41991234567');
    await buyer.page.getByRole('button', { name: 'Salvar e continuar' }).click();
    await buyer.page.waitForURL((url) => !url.pathname.endsWith('/buyer/seller-form'));
    await buyer.page.goto('/buyer/home');
    // Invited, not started yet: the buyer home says so (the count itself is the proposal's).
    await buyer.page.getByText('O vendedor foi convidado e ainda não começou.').waitFor();

    // The seller follows the e-mailed link, creates a password and is in, on the seller's home.
    const { page, context } = await browser.newPage(PHONE);
    await joinByInvitation(page, SELLER_EMAIL, SELLER_PASSWORD);
    await page.waitForURL('**/seller/proposals');

    // Only the proposal they were invited to, with the buyer's name and none of the buyer's data.
    // The heading shows before the list arrives: wait for the card, then count.
    await page.getByText('Proposta PF-2026-003390').waitFor();
    expect(await page.locator('.proposal-card').count()).toBe(1);
    await page.getByText('Ana Paula Ribeiro').waitFor();
    await page.getByText('Sua parte: 0 de 12 etapas concluídas').waitFor();
    const text = await page.locator('main').innerText();
    for (const secret of ['outro@demo.com.br', '284.615.937', '28461593', 'Médica', '22.000'])
      expect(text).not.toContain(secret);
    await screenshot(page, 'seller-proposals-phone');

    // The bare proposal route opens the first step.
    await page.getByRole('button', { name: 'Preencher: proposta PF-2026-003390' }).click();
    await page.waitForURL('**/general-data');
    const proposalId = pathOf(page).split('/')[3]!;
    await page.getByText('Etapa 1 de 12').waitFor();
    expect(await field(page, 'Nome completo ou razão social').inputValue()).toBe('Helena Prado');
    expect(await field(page, 'E-mail').inputValue()).toBe(SELLER_EMAIL);

    // General data: a bad CPF is refused with its message; then a married person with the spouse.
    await field(page, 'CPF').fill('46123798500');
    await field(page, 'Telefone com DDD').fill('41991234567');
    await select(page, 'Estado civil', 'Casado(a)');
    await page.getByRole('button', { name: 'Salvar e continuar' }).click();
    await page.getByText('Insira um CPF válido').waitFor();
    await field(page, 'CPF').fill(SELLER_CPF.replace(/\D/g, ''));
    expect(await field(page, 'CPF').inputValue()).toBe(SELLER_CPF);
    await select(page, 'Regime de bens', 'Comunhão parcial de bens');
    await field(page, 'Nome do cônjuge ou companheiro(a)').fill('Marcos Prado');
    await field(page, 'CPF do cônjuge ou companheiro(a)').fill(SPOUSE_CPF);
    await screenshot(page, 'seller-general-data-phone');
    await saveAndContinue(page, '/address');

    // Address: no CEP service here, so the form says so and takes it by hand.
    await page.getByText('Etapa 2 de 12').waitFor();
    await field(page, 'CEP').fill('80420090');
    await page.getByText(/Preencha o endereço manualmente/).waitFor();
    await field(page, 'Logradouro (rua, avenida…)').fill('Rua Comendador Araújo');
    await field(page, 'Número').fill('731');
    await field(page, 'Bairro').fill('Batel');
    await field(page, 'Cidade').fill('Curitiba');
    await select(page, 'UF', 'PR');
    await saveAndContinue(page, '/property');

    await field(page, 'CEP').fill('80240210');
    await field(page, 'Logradouro (rua, avenida…)').fill('Rua Bento Viana');
    await field(page, 'Número').fill('1200');
    await field(page, 'Bairro').fill('Água Verde');
    await field(page, 'Cidade').fill('Curitiba');
    await select(page, 'UF', 'PR');
    await field(page, 'Área privativa').fill('182,5');
    await answer(page, 'Hoje o imóvel está', 'Desocupado');
    await saveAndContinue(page, '/property/registry');

    await field(page, 'Cartório de Registro de Imóveis').fill('6º Registro de Imóveis de Curitiba');
    await field(page, 'Cidade do cartório').fill('Curitiba');
    await select(page, 'UF do cartório', 'PR');
    await field(page, 'Número da matrícula').fill('54.321');
    await field(page, 'Inscrição municipal (número do IPTU)').fill('31.1.012.0345.001-2');
    await saveAndContinue(page, '/property/financing-data');

    await answer(page, 'O imóvel ainda está financiado (alienado ou hipotecado a um banco)?', 'Sim');
    await select(page, 'Banco do financiamento', '104 — Caixa Econômica Federal');
    await field(page, 'Saldo devedor aproximado (R$)').fill('8500000');
    await saveAndContinue(page, '/property/questions');

    for (const q of [
      'Há penhora, hipoteca (além do financiamento), usufruto ou outro ônus na matrícula?',
      'Há ação judicial que envolva o imóvel ou os vendedores?',
      'Há IPTU em atraso?',
    ])
      await answer(page, q, 'Não');
    await answer(page, 'Há construção ou reforma que não está averbada na matrícula?', 'Sim');
    await answer(page, 'O imóvel fica em condomínio?', 'Não');
    expect(await page.getByRole('radiogroup', { name: 'Há taxas de condomínio em atraso?' }).count()).toBe(0);
    await answer(page, 'Você comprou este imóvel usando o FGTS?', 'Não');
    await saveAndContinue(page, '/property/questions/info');

    // The "yes" answer must be explained: the screen says which, and the server insists.
    await page.getByText(/Explique abaixo: Há construção ou reforma/).waitFor();
    await field(page, 'Valor anual do IPTU (R$)').fill('312000');
    await page.getByRole('button', { name: 'Salvar e continuar' }).click();
    await page.getByText('Explique as respostas "Sim" da etapa anterior').waitFor();
    await field(page, 'Explique as respostas "Sim"').fill(
      'Edícula nos fundos construída em 2018, com alvará, ainda não averbada.',
    );
    await saveAndContinue(page, '/property/marital/questions');

    // Married in partial communion: the spouse must sign (checked against the general data on the server).
    await answer(page, 'O imóvel foi comprado durante um casamento ou união estável (atual ou anterior)?', 'Sim');
    await answer(page, 'O cônjuge ou companheiro(a) vai assinar a venda com você?', 'Não');
    await answer(
      page,
      'Há divórcio, separação, dissolução de união ou inventário em andamento que envolva o imóvel?',
      'Não',
    );
    await page.getByRole('button', { name: 'Salvar e continuar' }).click();
    await page.getByText(/o cônjuge precisa assinar a venda/).waitFor();
    await answer(page, 'O cônjuge ou companheiro(a) vai assinar a venda com você?', 'Sim');
    await saveAndContinue(page, '/property/contact');

    await answer(page, 'Quem vai abrir o imóvel para a vistoria do avaliador?', 'Outra pessoa');
    await field(page, 'Nome de quem vai receber o avaliador').fill('Sérgio Almeida');
    await field(page, 'Quem é essa pessoa').fill('Corretor');
    await field(page, 'Telefone para agendar a vistoria').fill('41998765432');
    await answer(page, 'Melhor período para a visita', 'Manhã');
    await saveAndContinue(page, '/amounts-receivable');

    // The account must be the seller's own; the payoff of the financing is asked for.
    await page.getByText('O imóvel ainda está financiado').waitFor();
    await select(page, 'Banco', '341 — Itaú Unibanco');
    await answer(page, 'Tipo de conta', 'Conta corrente');
    await field(page, 'Agência').fill('0912');
    await field(page, 'Conta com dígito').fill('45873-2');
    await field(page, 'Nome do titular da conta').fill('Marcos Prado');
    await field(page, 'CPF ou CNPJ do titular').fill(SPOUSE_CPF.replace(/\D/g, ''));
    expect(await field(page, 'CPF ou CNPJ do titular').inputValue()).toBe(SPOUSE_CPF);
    await page.getByRole('button', { name: 'Salvar e continuar' }).click();
    await page.getByText('A conta deve estar em seu nome: use o mesmo CPF/CNPJ dos dados gerais').waitFor();
    await page.getByText('O imóvel ainda está financiado: parte do valor quita esse saldo devedor').waitFor();
    await field(page, 'Nome do titular da conta').fill('Helena Prado');
    await field(page, 'CPF ou CNPJ do titular').fill(SELLER_CPF);
    await page.getByRole('switch', { name: 'Parte do valor vai quitar o financiamento atual do imóvel' }).click();
    await field(page, 'Valor a quitar (R$)').fill('8500000');
    await screenshot(page, 'seller-amounts-receivable-phone');
    await saveAndContinue(page, '/documents');

    // Documents (the last step), then the seller completes their part.
    await page.getByText('Etapa 11 de 12').waitFor();
    await page.getByText('Matrícula atualizada do imóvel').waitFor();
    await page.getByText('Tudo preenchido').waitFor();
    expect(await page.getByRole('link', { name: 'Enviar documentos' }).getAttribute('href')).toBe(
      `/seller/proposals/${proposalId}/upload`,
    );
    await screenshot(page, 'seller-documents-phone');

    // Upload (the documents issue's screen): one photo per item the seller owes.
    await page.getByRole('link', { name: 'Enviar documentos' }).click();
    await page.waitForURL('**/upload');
    for (const title of SELLER_ITEMS) {
      await page
        .getByLabel(`Escolher arquivos para ${title}`)
        .setInputFiles({ name: `${title}.jpg`, mimeType: 'image/jpeg', buffer: jpegLike() });
      await page.getByRole('list', { name: `Arquivos de ${title}` }).waitFor();
    }
    await page.goBack();
    await page.waitForURL('**/documents');
    await page
      .getByText('Enviado — em análise')
      .nth(SELLER_ITEMS.length - 1)
      .waitFor();
    await page.getByRole('button', { name: 'Concluir minha parte' }).click();
    await page.waitForURL('**/completed');
    await page.getByText('Sua parte está concluída').waitFor();
    await page.getByText('Situação da proposta').waitFor();
    await page.getByText('Em preenchimento', { exact: true }).first().waitFor();
    await page.getByRole('heading', { name: 'Histórico' }).waitFor();
    await screenshot(page, 'seller-completed-phone');

    // Stored canonical values, read back as the seller.
    const amounts = (
      await (await page.request.get(`/api/v3/proposals/${proposalId}/sections/seller-amounts-receivable`)).json()
    ).data.values;
    expect(amounts).toMatchObject({
      bank: '341',
      holder_document: SELLER_CPF.replace(/\D/g, ''),
      payoff: true,
      payoff_amount: 8_500_000,
    });
    // A buyer's form stays hidden from the seller.
    expect((await page.request.get(`/api/v3/proposals/${proposalId}/sections/data?buyer=0`)).status()).toBe(404);
    await context.close();

    // The buyer's home shows the seller's part done.
    await buyer.page.goto('/buyer/home');
    await buyer.page.getByText('O vendedor concluiu a parte dele', { exact: false }).waitFor();
    await buyer.page.locator('.seller-part-status').getByText('Concluída').waitFor();
    await screenshot(buyer.page, 'buyer-home-seller-done-desktop');
    await buyer.context.close();

    // The back office moves the proposal on to the appraisal: the seller sees where it stands.
    const op = await browser.newPage(DESKTOP);
    const opLogin = await op.page.request.post('/api/v3/auth/login', {
      data: { username: 'operador@demo.com.br', password: DEMO_PASSWORD, type: 'operator' },
    });
    expect(opLogin.status()).toBe(200);
    for (const stage of ['credit_analysis', 'appraisal']) {
      const res = await op.page.request.post(`/api/v3/backoffice/proposals/${proposalId}/stage`, {
        data: { stage, reason: 'Crédito dos compradores aprovado' },
      });
      expect(res.status()).toBe(200);
    }
    await op.context.close();

    // On a desktop, the seller's list shows the part done and the history; another seller cannot open this proposal.
    const desk = await browser.newPage(DESKTOP);
    await signIn(desk.page, SELLER_EMAIL, 'seller', SELLER_PASSWORD);
    await desk.page.getByText('Sua parte concluída').waitFor();
    await desk.page.getByText('Andamento da proposta').click();
    await desk.page.getByText('Situação da proposta').waitFor();
    await desk.page
      .getByText('Um avaliador do banco vai agendar a vistoria do imóvel com o contato que você informou.')
      .waitFor();
    await desk.page.getByText('Etapa: Análise de crédito → Avaliação do imóvel').waitFor();
    await screenshot(desk.page, 'seller-proposals-done-desktop');
    await desk.page.goto(`/seller/proposals/${proposalId}/property`);
    await desk.page.getByText('Etapa 3 de 12').waitFor();
    await screenshot(desk.page, 'seller-property-desktop');
    await desk.context.close();

    const other = await browser.newPage(PHONE);
    await signIn(other.page, 'vendedor@demo.com.br', 'seller');
    await other.page.goto(`/seller/proposals/${proposalId}/general-data`);
    await other.page.waitForURL('**/seller/proposals');
    // The list arrives after the heading: with this seller's own proposal on it, a missing one is missing.
    await other.page.getByText('Proposta PF-2026-004817').waitFor();
    expect(await other.page.getByText('Proposta PF-2026-003390').count()).toBe(0);
    await other.context.close();
  }, 120_000);
});
