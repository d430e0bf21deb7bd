import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import {
  answer,
  chooseProposal,
  FGTS_QUESTIONS as Q,
  PHONE,
  saveAndContinue,
  screenshot,
  select,
  signIn,
  useBrowser,
  stepIndicator,
} from './fixtures';

const field = (scope: Page | Locator, label: string) => scope.getByLabel(label, { exact: true });
const toggle = (scope: Page | Locator, label: string) => scope.getByRole('switch', { name: label }).click();

describe('FGTS', () => {
  const browser = useBrowser();

  // A whole journey through the screens (about 30 s alone): with three spec files side by side on two
  // cores it needs more than the default minute, as the other journeys here have.
  it('walks the whole FGTS path: eligibility gate, every step, resume, review, the PDF to sign', async () => {
    const { page, context } = await browser.newPage(PHONE);
    await signIn(page, 'comprador@demo.com.br');
    await chooseProposal(page, 'PF-2026-004817');
    const proposalId = (await page.evaluate(() => localStorage.getItem('portal:proposal')))!;
    const api = async (path: string) =>
      (await (await page.request.get(`/api/v3/proposals/${proposalId}${path}`)).json()).data;

    // Eligibility: an ineligible answer says why at once, and after sending the path stops.
    await page.getByRole('link', { name: 'FGTS', exact: true }).click();
    await page.waitForURL('**/buyer/fgts/questions');
    await stepIndicator(page, 'FGTS — Perguntas').waitFor();
    await answer(page, Q.uses, 'Sim');
    await answer(page, Q.years, 'Sim');
    await answer(page, Q.city, 'Sim');
    await answer(page, Q.home, 'Sim');
    await page.getByText('Pelas suas respostas, o FGTS não pode ser usado nesta compra').waitFor();
    await page.getByText(/Quem já é dono\(a\) ou está comprando outro imóvel residencial/).waitFor();
    await answer(page, Q.sfh, 'Não');
    await answer(page, Q.recent, 'Não');
    await saveAndContinue(page, '/buyer/fgts/questions?buyer=1');
    await page.getByRole('button', { name: 'Alterar respostas' }).waitFor();
    await page.getByText('Suas respostas ficam guardadas.', { exact: false }).waitFor();
    expect(await stepIndicator(page, 'FGTS — Endereço').count()).toBe(0);
    await screenshot(page, 'fgts-ineligible-phone');
    expect(await api('/fgts?buyer=0')).toMatchObject({ eligibility: { status: 'ineligible' }, next: null });
    // The FGTS forms refuse to open and send back to the reason.
    await page.goto('/buyer/fgts/address?buyer=1');
    await page.waitForURL('**/buyer/fgts/questions?buyer=1');
    await page.getByRole('button', { name: 'Alterar respostas' }).click();
    await page.waitForURL('**/buyer/fgts/questions?buyer=1&edit=1');
    await answer(page, Q.home, 'Não');
    await expect
      .poll(() => page.getByText('Pelas suas respostas, o FGTS não pode ser usado nesta compra').count())
      .toBe(0);
    await saveAndContinue(page, '/buyer/fgts/address?buyer=1');

    // Address of the property (CEP, city and state come from the proposal), occupation, where the buyer lives.
    await stepIndicator(page, 'FGTS — Endereço').waitFor();
    expect(await field(page, 'CEP do imóvel').inputValue()).toBe('04538-132');
    expect(await field(page, 'Cidade').inputValue()).toBe('São Paulo');
    await field(page, 'Logradouro (rua, avenida…)').fill('Rua Tabapuã');
    await toggle(page, 'O endereço não tem número');
    expect(await field(page, 'Número').count()).toBe(0);
    await field(page, 'Complemento').fill('Apto 31');
    await field(page, 'Bairro').fill('Itaim Bibi');
    await select(page, 'Sua ocupação atual', 'Empregado(a) com carteira assinada');
    await field(page, 'Empresa, órgão ou atividade onde trabalha').fill('Construtora Horizonte Ltda.');
    await select(page, 'UF onde trabalha', 'SP');
    await field(page, 'Cidade onde trabalha').fill('São Paulo');
    await toggle(page, 'O imóvel fica no município (ou região metropolitana) onde trabalho');
    await select(page, 'UF onde mora', 'SP');
    await field(page, 'Cidade onde mora').fill('São Paulo');
    await toggle(page, 'O imóvel fica no município (ou região metropolitana) onde moro');
    await toggle(page, 'Moro nesse município há mais de 1 ano');
    // Own housing is the condition of FGTS: without it, the form says so.
    await page.getByRole('button', { name: 'Salvar e continuar' }).click();
    await page.getByText('O FGTS só pode ser usado na compra de imóvel para a sua própria moradia').waitFor();
    await toggle(page, 'O imóvel será a minha moradia');
    await screenshot(page, 'fgts-address-phone');
    await saveAndContinue(page, '/buyer/fgts/civil-status?buyer=1');

    // Civil status starts from the buyer's general data (married, partial communion).
    await stepIndicator(page, 'FGTS — Estado civil').waitFor();
    // The select's box shows the choice (its native list holds the same text as an option).
    await page
      .locator('.ant-select', { has: page.getByRole('combobox', { name: 'Estado civil' }) })
      .getByTitle('Casado(a)')
      .waitFor();
    expect(await field(page, 'Data do casamento ou do início da união').inputValue()).toBe('20/09/2014');
    await field(page, 'Nome do cônjuge ou companheiro(a)').fill('Mariana Alves Souza');
    await field(page, 'CPF do cônjuge ou companheiro(a)').fill('15378924600');
    await toggle(page, 'O cônjuge ou companheiro(a) também vai usar o FGTS nesta compra');
    await saveAndContinue(page, '/buyer/fgts/tax?buyer=1');

    // Leaving and coming back resumes at the first unfinished step.
    await page.goto('/buyer/home');
    await page.goto('/buyer/fgts/questions');
    await page.waitForURL('**/buyer/fgts/tax?buyer=1');

    await stepIndicator(page, 'FGTS — Imposto de renda').waitFor();
    await answer(page, 'Você declarou Imposto de Renda (IRPF) no último exercício?', 'Sim');
    await field(page, 'Exercício da declaração (ano)').fill(String(new Date().getFullYear() - 1));
    await field(page, 'Número do recibo de entrega').fill('123456789012');
    await saveAndContinue(page, '/buyer/fgts/authorization?buyer=1');

    // Authorization: PIS, a list of accounts (add and remove rows), the company block.
    await stepIndicator(page, 'FGTS — Autorização').waitFor();
    await field(page, 'PIS/PASEP').fill('12056412545');
    expect(await field(page, 'PIS/PASEP').inputValue()).toBe('120.56412.54-5');
    const row = (n: number) => page.getByRole('group', { name: `Conta ${n}` });
    await field(row(1), 'Empregador').fill('Construtora Horizonte Ltda.');
    await field(row(1), 'Número da conta vinculada').fill('00012345678');
    await field(row(1), 'Valor a usar (R$)').fill('2500000');
    await page.getByRole('button', { name: 'Adicionar conta' }).click();
    await page.getByRole('button', { name: 'Adicionar conta' }).click();
    await field(row(3), 'Empregador').fill('Conta a remover');
    await page.getByRole('button', { name: 'Remover conta 3' }).click();
    expect(await row(3).count()).toBe(0);
    await field(row(2), 'Empregador').fill('Engenharia Paulista S.A.');
    await field(row(2), 'Número da conta vinculada').fill('99887766');
    // Without an amount (and without "whole balance"), the row's field says what is missing.
    await page.getByRole('button', { name: 'Salvar e continuar' }).click();
    await row(2).getByText('Informe o valor a usar desta conta, ou marque o uso do saldo total').waitFor();
    await field(row(2), 'Valor a usar (R$)').fill('150050');
    await toggle(page, 'Informar a empresa onde trabalho atualmente');
    const company = page.getByRole('group', { name: 'Empresa empregadora atual' });
    await field(company, 'Razão social').fill('Construtora Horizonte Ltda.');
    await field(company, 'CNPJ').fill('11222333000181');
    expect(await field(company, 'CNPJ').inputValue()).toBe('11.222.333/0001-81');
    await field(company, 'Logradouro').fill('Avenida Paulista');
    await field(company, 'Número').fill('1000');
    await field(company, 'Bairro').fill('Bela Vista');
    await field(company, 'Cidade').fill('São Paulo');
    await select(company, 'UF', 'SP');
    // The list and the block are saved as a draft and come back after a reload.
    await page.getByText(/Rascunho salvo às/).waitFor();
    await page.reload();
    await stepIndicator(page, 'FGTS — Autorização').waitFor();
    expect(await field(row(2), 'Empregador').inputValue()).toBe('Engenharia Paulista S.A.');
    expect(await field(row(2), 'Valor a usar (R$)').inputValue()).toBe('1.500,50');
    expect(await field(company, 'CNPJ').inputValue()).toBe('11.222.333/0001-81');
    await screenshot(page, 'fgts-authorization-phone');
    const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual(
      [],
    );
    await saveAndContinue(page, '/buyer/fgts/review?buyer=1');

    // Review: everything, then the confirmation.
    await page.getByRole('heading', { name: 'FGTS — Revisão' }).waitFor();
    await page.getByText('120.56412.54-5').waitFor();
    await page
      .getByText(
        /Engenharia Paulista S\.A\. · Número da conta vinculada: •••76-6 · Valor a usar \(R\$\): R\$ 1\.500,50/,
      )
      .waitFor();
    await page.getByText('Rua Tabapuã').waitFor();
    await screenshot(page, 'fgts-review-phone');
    await page.getByRole('checkbox', { name: 'Confirmo que as informações do FGTS estão corretas' }).check();
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await page.waitForURL('**/buyer/documents/fgts');

    // The stored result, through the API.
    expect((await api('/sections/fgts_authorization?buyer=0')).values).toEqual({
      pis_pasep: '12056412545',
      accounts: [
        { employee: 'Construtora Horizonte Ltda.', account: '00012345678', amount: 2_500_000 },
        { employee: 'Engenharia Paulista S.A.', account: '99887766', amount: 150_050 },
      ],
      full_amount: false,
      has_company: true,
      company: {
        name: 'Construtora Horizonte Ltda.',
        cnpj: '11222333000181',
        street: 'Avenida Paulista',
        number: '1000',
        district: 'Bela Vista',
        city: 'São Paulo',
        state: 'SP',
      },
    });
    expect((await api('/sections/fgts_address?buyer=0')).values).toMatchObject({
      street: 'Rua Tabapuã',
      nonumber: true,
      complement: 'Apto 31',
      cep: '04538132',
      intent_housing: true,
    });
    expect(await api('/fgts?buyer=0')).toMatchObject({
      eligibility: { status: 'eligible' },
      next: null,
      confirmed: true,
    });

    // The form as a PDF: downloaded as an attachment, with the buyer's name, CPF, PIS and accounts.
    const card = page.locator('.ant-card', { hasText: 'Carlos Eduardo Souza' });
    await card.getByRole('link', { name: /Baixar formulário do FGTS/ }).waitFor();
    expect(await card.getByRole('link', { name: /Enviar a via assinada/ }).getAttribute('href')).toBe(
      '/buyer/documents/upload#fgts_form_0',
    );
    // The second buyer has an account: she fills her own FGTS.
    await page
      .locator('.ant-card', { hasText: 'Mariana Alves Souza' })
      .getByText('Mariana preenche o FGTS no próprio acesso', { exact: false })
      .waitFor();
    await screenshot(page, 'fgts-documents-phone');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('link', { name: /Baixar formulário do FGTS/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('formulario-fgts-PF-2026-004817-comprador-1.pdf');
    const pdf = readFileSync((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8');
    for (const expected of [
      'Carlos Eduardo Souza',
      '529.982.247-25',
      '120.56412.54-5',
      'Construtora Horizonte Ltda.',
      '00012345678',
      'R$ 25.000,00',
      'Engenharia Paulista S.A.',
      '99887766',
      'R$ 1.500,50',
    ]) {
      expect(text).toContain(expected);
    }

    // The link to the signed copy's upload.
    await card.getByRole('link', { name: /Enviar a via assinada/ }).click();
    await page.waitForURL('**/buyer/documents/upload#fgts_form_0');
    await context.close();
  }, 180_000);
});
