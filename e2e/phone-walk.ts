import { expect } from 'vitest';
import type { APIRequestContext, Page } from 'playwright-core';
import { completeCpf } from '@portal/domain/cpf';
import type { ProgressView } from '@portal/domain/next-step';
import { makePdf, pathOf, select } from './fixtures';

/**
 * The screens a new buyer and a new seller meet on the phone walk (e2e/phone-walk.spec.ts), each
 * filled with valid data, and the counts every screen of the proposal shows.
 */

export type Person = { name: string; cpf: string; email: string };

let seq = 0;
/** A person no other spec knows (unique CPF and e-mail). */
export function freshPerson(name: string): Person {
  seq++;
  const cpf = completeCpf(String(610_000_000 + seq * 7_919 + Math.floor(Math.random() * 5000)));
  return { name, cpf, email: `e2e-caminhada-${seq}-${cpf}@exemplo.com` };
}

/** A new one-buyer financing proposal, created by the back office as an operator does. */
export async function createProposal(op: APIRequestContext, buyer: Person) {
  const res = await op.post('/api/v3/backoffice/proposals', {
    data: {
      type: 'financing',
      buyers: [buyer],
      property: { type: 'residential', kind: 'apartment', zipCode: '30140-071', uf: 'MG', city: 'Belo Horizonte' },
      financingOrCgiData: {
        amortizationSystem: 'SAC',
        amount: '420.000,00',
        feeType: 'tr',
        installments: '360',
        insuranceCompanyName: 'itau',
        product: 'SFH — Imóvel residencial com FGTS',
      },
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).data as { id: string; code: string };
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const answer = (page: Page, group: string, option: string) =>
  page.getByRole('radiogroup', { name: group }).getByText(option, { exact: true }).click();

/** "Salvar e continuar" of a form: the form's own "next". */
const saveAndGo = (page: Page) => page.getByRole('button', { name: 'Salvar e continuar' }).click();

/** The one "next" of a screen that is not a form: its "Continuar" button. */
export const continueButton = (page: Page) => page.getByRole('button', { name: 'Continuar', exact: true });

/** Each buyer screen the walk meets, by path: what a buyer types there, then the screen's "next". */
export function buyerScreens(seller: Person): Record<string, (page: Page) => Promise<void>> {
  return {
    '/buyer/data': async (page) => {
      await field(page, 'Celular com DDD').fill('31987654321');
      await field(page, 'Data de nascimento').fill('22071990');
      await select(page, 'Estado civil', 'Solteiro(a)');
      await field(page, 'Profissão').fill('Analista de sistemas');
      await field(page, 'Renda mensal bruta (R$)').fill('1450000');
      await saveAndGo(page);
    },
    '/buyer/address': async (page) => {
      await field(page, 'CEP').fill('30140071');
      await page.getByText(/Preencha o endereço manualmente/).waitFor();
      await field(page, 'Logradouro (rua, avenida…)').fill('Rua da Bahia');
      await field(page, 'Número').fill('1148');
      await field(page, 'Bairro').fill('Centro');
      await field(page, 'Cidade').fill('Belo Horizonte');
      await select(page, 'UF', 'MG');
      await saveAndGo(page);
    },
    '/buyer/document-registration': async (page) => {
      await select(page, 'Tipo de documento', 'RG — Carteira de identidade');
      await field(page, 'Número do documento').fill('MG-12.345.678');
      await field(page, 'Órgão emissor').fill('SSP');
      await select(page, 'UF de emissão', 'MG');
      await field(page, 'Data de expedição').fill('10052012');
      await page.getByText('Feminino', { exact: true }).click();
      // Typed once, on the general data: the document's copy comes prefilled.
      expect(await field(page, 'Data de nascimento (como no documento)').inputValue()).toBe('22/07/1990');
      await select(page, 'UF de nascimento', 'MG');
      await field(page, 'Cidade de nascimento').fill('Belo Horizonte');
      await field(page, 'Nome da mãe (filiação 1)').fill('Marta Silva Andrade');
      await field(page, 'Nome do pai (filiação 2)').fill('José Andrade');
      await saveAndGo(page);
    },
    '/buyer/investment': async (page) => {
      await field(page, 'Agência da conta de débito das parcelas (4 dígitos)').fill('0912');
      await field(page, 'Conta corrente de débito das parcelas, com dígito').fill('45781-3');
      await page.getByRole('switch', { name: 'Autorizo o débito das parcelas nesta conta' }).click();
      await saveAndGo(page);
    },
    '/buyer/seller-form': async (page) => {
      await field(page, 'Nome do vendedor').fill(seller.name);
      await field(page, 'E-mail do vendedor').fill(seller.email);
      await field(page, 'Celular do vendedor com DDD').fill('31991234567');
      await saveAndGo(page);
    },
    '/buyer/fgts/questions': async (page) => {
      await answer(page, 'Você vai usar o FGTS nesta compra?', 'Não');
      await saveAndGo(page);
      // The answer's outcome shows first; then the screen's "next".
      await page.getByRole('button', { name: 'Alterar respostas' }).waitFor();
      await continueButton(page).click();
    },
    '/buyer/insurance': healthDeclaration,
    '/buyer/documents/upload': uploadEverything,
  };
}

/** The health declaration: start, consent, 16 answers, review and confirmation; then "next". */
async function healthDeclaration(page: Page) {
  await page.getByRole('button', { name: 'Começar a declaração' }).click();
  await page.getByRole('button', { name: 'Começar', exact: true }).click();
  await page.waitForURL('**/buyer/seguradora/empresa');
  await page
    .getByRole('region', { name: 'Consentimento para o tratamento dos seus dados de saúde' })
    .getByRole('checkbox')
    .check();
  await page.getByRole('button', { name: 'Autorizar e começar' }).click();
  for (let n = 1; n <= 16; n++) {
    await page.getByText(`Pergunta ${n} de 16`).waitFor();
    await page.getByRole('radiogroup').first().getByText('Não', { exact: true }).click();
    await page
      .locator('.question')
      .getByRole('button', { name: /^(Próxima|Concluir|Salvar)$/ })
      .click();
  }
  await page.getByRole('button', { name: 'Revisar respostas' }).click();
  await page.getByRole('checkbox', { name: 'Li e confirmo a declaração acima' }).check();
  await page.getByRole('button', { name: 'Confirmar declaração' }).click();
  await page.waitForURL('**/buyer/insurance');
  await page.getByText('Concluída').first().waitFor();
  await continueButton(page).click();
}

/** Sends a PDF to every item the screen asks of this person, then follows the screen's "next". */
export async function uploadEverything(page: Page) {
  const inputs = page.getByLabel(/^Escolher arquivos para /);
  await inputs.first().waitFor({ state: 'attached' });
  const labels = await inputs.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
  expect(labels.length).toBeGreaterThan(0);
  for (const label of labels) {
    const title = label.replace('Escolher arquivos para ', '');
    await page.getByLabel(label, { exact: true }).setInputFiles({
      name: 'documento.pdf',
      mimeType: 'application/pdf',
      buffer: makePdf(),
    });
    await page.getByRole('list', { name: `Arquivos de ${title}` }).waitFor();
  }
  await continueButton(page).click();
}

/** Each seller screen the walk meets, by the path under /seller/proposals/:id/. */
export function sellerScreens(seller: Person): Record<string, (page: Page) => Promise<void>> {
  return {
    'general-data': async (page) => {
      await field(page, 'CPF').fill(seller.cpf);
      await field(page, 'Telefone com DDD').fill('31991234567');
      await select(page, 'Estado civil', 'Solteiro(a)');
      await saveAndGo(page);
    },
    address: async (page) => {
      await field(page, 'CEP').fill('30130110');
      await page.getByText(/Preencha o endereço manualmente/).waitFor();
      await field(page, 'Logradouro (rua, avenida…)').fill('Avenida Afonso Pena');
      await field(page, 'Número').fill('1500');
      await field(page, 'Bairro').fill('Centro');
      await field(page, 'Cidade').fill('Belo Horizonte');
      await select(page, 'UF', 'MG');
      await saveAndGo(page);
    },
    property: async (page) => {
      await field(page, 'CEP').fill('30140071');
      await field(page, 'Logradouro (rua, avenida…)').fill('Rua da Bahia');
      await field(page, 'Número').fill('2000');
      await field(page, 'Bairro').fill('Lourdes');
      await field(page, 'Cidade').fill('Belo Horizonte');
      await select(page, 'UF', 'MG');
      await field(page, 'Área privativa').fill('74,5');
      await answer(page, 'Hoje o imóvel está', 'Desocupado');
      await saveAndGo(page);
    },
    'property/registry': async (page) => {
      await field(page, 'Cartório de Registro de Imóveis').fill('4º Ofício de Registro de Imóveis');
      await field(page, 'Cidade do cartório').fill('Belo Horizonte');
      await select(page, 'UF do cartório', 'MG');
      await field(page, 'Número da matrícula').fill('98.765');
      await field(page, 'Inscrição municipal (número do IPTU)').fill('007.123.456.0011');
      await saveAndGo(page);
    },
    'property/financing-data': async (page) => {
      await answer(page, 'O imóvel ainda está financiado (alienado ou hipotecado a um banco)?', 'Não');
      await saveAndGo(page);
    },
    'property/questions': async (page) => {
      for (const q of [
        'Há penhora, hipoteca (além do financiamento), usufruto ou outro ônus na matrícula?',
        'Há ação judicial que envolva o imóvel ou os vendedores?',
        'Há IPTU em atraso?',
        'Há construção ou reforma que não está averbada na matrícula?',
        'O imóvel fica em condomínio?',
        'Você comprou este imóvel usando o FGTS?',
      ])
        await answer(page, q, 'Não');
      await saveAndGo(page);
    },
    'property/questions/info': async (page) => {
      await field(page, 'Valor anual do IPTU (R$)').fill('180000');
      await saveAndGo(page);
    },
    'property/marital/questions': async (page) => {
      await answer(page, 'O imóvel foi comprado durante um casamento ou união estável (atual ou anterior)?', 'Não');
      await answer(page, 'O cônjuge ou companheiro(a) vai assinar a venda com você?', 'Não se aplica');
      await answer(
        page,
        'Há divórcio, separação, dissolução de união ou inventário em andamento que envolva o imóvel?',
        'Não',
      );
      await saveAndGo(page);
    },
    'property/contact': async (page) => {
      await answer(page, 'Quem vai abrir o imóvel para a vistoria do avaliador?', 'Eu mesmo(a)');
      await field(page, 'Telefone para agendar a vistoria').fill('31991234567');
      await answer(page, 'Melhor período para a visita', 'Manhã');
      await saveAndGo(page);
    },
    'amounts-receivable': async (page) => {
      await select(page, 'Banco', '341 — Itaú Unibanco');
      await answer(page, 'Tipo de conta', 'Conta corrente');
      await field(page, 'Agência').fill('0912');
      await field(page, 'Conta com dígito').fill('45873-2');
      await field(page, 'Nome do titular da conta').fill(seller.name);
      await field(page, 'CPF ou CNPJ do titular').fill(seller.cpf);
      await saveAndGo(page);
    },
    documents: async (page) => {
      await page.getByRole('link', { name: 'Enviar documentos' }).click();
      await page.waitForURL('**/upload');
      await uploadEverything(page);
      await page.waitForURL('**/documents');
    },
    // The last step, on the documents screen too: its main button.
    complete: async (page) => {
      await page.getByRole('button', { name: 'Concluir minha parte' }).click();
      await page.waitForURL('**/completed');
    },
  };
}

/** The derived count, as the back office reads it (the same API its proposal page renders). */
export async function progressOf(op: APIRequestContext, proposalId: string): Promise<ProgressView> {
  const res = await op.get(`/api/v3/proposals/${proposalId}/progress`);
  expect(res.status()).toBe(200);
  return (await res.json()).data as ProgressView;
}

export const countText = (p: { done: number; total: number }) =>
  `${p.done} de ${p.total} ${p.total === 1 ? 'etapa' : 'etapas'}`;

/** The count and the percentage of a progress bar (the label's "X de N" and the bar's value). */
async function barOf(scope: ReturnType<Page['locator']>) {
  const count = (await scope.locator('.filling__count').innerText()).trim();
  const percent = Number(await scope.getByRole('progressbar').getAttribute('aria-valuenow'));
  return { count, percent };
}

/**
 * The buyer's screens that show how far the proposal is, in a page of the buyer's own: the card of
 * the proposal list and the home's progress bar reach `expected` (each refreshes its count when it
 * opens), and the home shows no other "X de N etapas" than the buyers' own part.
 */
export async function expectBuyerViews(page: Page, code: string, expected: { count: string; percent: number }) {
  // From the home, the top bar's "Início" opens the list, as a person would.
  if (pathOf(page) === '/buyer/home') await page.getByRole('banner').getByRole('button', { name: 'Início' }).click();
  else await page.goto('/buyer/select-proposal');
  await page.waitForURL('**/buyer/select-proposal');
  const card = page.locator('.proposal-card', { hasText: `Proposta ${code}` });
  await expect.poll(() => barOf(card), { timeout: 15_000 }).toEqual(expected);
  await page.getByRole('button', { name: `Continuar a proposta ${code}` }).click();
  await page.waitForURL('**/buyer/home');
  const home = page.locator('.home-next');
  await expect.poll(() => barOf(home), { timeout: 15_000 }).toEqual(expected);
  // The proposal's count once; beside it only the buyers' own part ("Sua parte").
  const counts = await page
    .locator('main')
    .getByText(/\d+ de \d+ etapas/)
    .allInnerTexts();
  expect(counts.filter((c) => !c.startsWith('Sua parte')).map((c) => c.match(/\d+ de \d+ etapas/)![0])).toEqual([
    expected.count,
  ]);
}

/** The back office's proposal page and list, rendered, as an operator sees them. */
export async function backofficeViews(page: Page, proposalId: string, code: string) {
  await page.goto(`/backoffice/proposals/${proposalId}`);
  const count = page.locator('.progress-count');
  await count.locator('.filling__count').waitFor();
  const text = (await count.innerText()).trim();
  await page.goto(`/backoffice?q=${encodeURIComponent(code)}`);
  const row = page.getByRole('row', { name: new RegExp(code) });
  await row.waitFor();
  const listed = (await row.getByRole('cell', { name: /^\d+%$/ }).innerText()).trim();
  return { text, listed };
}
