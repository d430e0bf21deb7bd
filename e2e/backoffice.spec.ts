import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import type { Page } from 'playwright-core';
import {
  DESKTOP,
  joinByInvitation,
  makeJpeg,
  makePdf,
  opened,
  PHONE,
  saveAndContinue,
  screenshot,
  select,
  signIn,
  useBrowser,
} from './fixtures';

const BUYER = { name: 'Beatriz Moreira Andrade', cpf: '390.533.447-05', email: 'beatriz.andrade@exemplo.com.br' };
const INCOME_TAX = 'Declaração de Imposto de Renda — comprador principal';
const PROOF_OF_ADDRESS = 'Comprovante de residência — comprador principal';

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const item = (page: Page, title: string) => page.getByRole('region', { name: title });

function unzip(file: string): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const out = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) =>
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        }),
      );
      zip.on('end', () => resolve(out));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** Moves the status with the side panel's form: pick, give the reason, confirm, see the tag change. */
async function moveStatus(page: Page, to: string, reason: string) {
  const form = page.getByRole('form', { name: 'Mudar situação' });
  await select(form, 'Nova situação', to);
  await form.getByLabel('Motivo').fill(reason);
  await form.getByRole('button', { name: 'Confirmar' }).click();
  await page.getByRole('region', { name: 'Resumo' }).getByText(to, { exact: true }).waitFor();
  // The form empties itself in the save's own callback, a render apart from the refetched tag: a next
  // move picked before that render would be wiped out by it (and "Confirmar" stay disabled).
  await expect.poll(() => form.getByRole('combobox', { name: 'Nova situação' }).inputValue()).toBe('');
}

describe('back office: from a new proposal to the dossier for the bank', () => {
  const browser = useBrowser();

  it('creates a proposal, the invited buyer fills and uploads, documents are reviewed, the status reaches the bank and the dossier unzips', async () => {
    // 1. The operator creates the proposal (the form first shows what is missing, in Portuguese).
    const op = await browser.newPage(DESKTOP);
    await signIn(op.page, 'operador@demo.com.br', 'operator');
    await op.page.getByRole('heading', { name: 'Propostas', exact: true }).waitFor();
    await op.page.getByText('PF-2026-004817').first().waitFor();
    await screenshot(op.page, 'backoffice-list-desktop');
    await op.page.getByRole('button', { name: 'Nova proposta' }).click();
    await op.page.waitForURL('**/backoffice/proposals/new');
    await op.page.getByRole('button', { name: 'Criar proposta e convidar' }).click();
    // The zod resolver checks the form asynchronously: the messages are drawn a render after the click.
    const required = op.page.getByRole('alert').filter({ hasText: 'Obrigatório' });
    await required.nth(4).waitFor();
    expect(await required.count()).toBeGreaterThanOrEqual(5);
    await screenshot(op.page, 'backoffice-new-errors-desktop');

    await field(op.page, 'Nome completo').fill(BUYER.name);
    await field(op.page, 'CPF').fill(BUYER.cpf.replace(/\D/g, ''));
    expect(await field(op.page, 'CPF').inputValue()).toBe(BUYER.cpf);
    await field(op.page, 'E-mail').fill(BUYER.email);
    await select(op.page, 'Tipo do imóvel', 'Apartamento');
    await field(op.page, 'CEP').fill('01310100');
    await select(op.page, 'UF', 'SP');
    await field(op.page, 'Cidade').fill('São Paulo');
    await field(op.page, 'Valor financiado (R$)').fill('48000000');
    expect(await field(op.page, 'Valor financiado (R$)').inputValue()).toBe('480.000,00');
    await field(op.page, 'Prazo (meses)').fill('360');
    await select(op.page, 'Tipo de taxa', 'Taxa + TR');
    await select(op.page, 'Seguradora', 'Itaú Seguros');
    await field(op.page, 'Produto').fill('SFH — Imóvel residencial');
    await op.page.getByRole('button', { name: 'Criar proposta e convidar' }).click();
    const created = op.page.getByText(/^Proposta (PF-\d{4}-\d{6}) criada$/);
    await created.waitFor();
    const code = /PF-\d{4}-\d{6}/.exec((await created.textContent())!)![0];
    await op.page.getByRole('button', { name: 'Abrir a proposta' }).click();
    await op.page.waitForURL(/\/backoffice\/proposals\/[\w-]+$/);
    const proposalId = new URL(op.page.url()).pathname.split('/').pop()!;
    await op.page.getByRole('heading', { name: `Proposta ${code}` }).waitFor();
    await op.page.getByRole('link', { name: 'Histórico', exact: true }).click();
    await op.page.getByText('Proposta criada').waitFor();

    // 2. The buyer joins through the e-mailed link (straight into the proposal) and fills the general data.
    const buyer = await browser.newPage(PHONE);
    await joinByInvitation(buyer.page, BUYER.email, 'Beatriz2026');
    await buyer.page.waitForURL('**/buyer/home');
    await buyer.page.goto('/buyer/data?buyer=1');
    expect(await field(buyer.page, 'CPF').inputValue()).toBe(BUYER.cpf);
    await field(buyer.page, 'Celular com DDD').fill('11976543210');
    await field(buyer.page, 'Data de nascimento').fill('02081990');
    await select(buyer.page, 'Estado civil', 'Solteiro(a)');
    await field(buyer.page, 'Profissão').fill('Advogada');
    await field(buyer.page, 'Renda mensal bruta (R$)').fill('2200000');
    await saveAndContinue(buyer.page, '/buyer/address?buyer=1');

    // 3. The buyer uploads two documents.
    await buyer.page.goto('/buyer/documents/upload');
    await buyer.page
      .getByLabel(`Escolher arquivos para ${INCOME_TAX}`)
      .setInputFiles({ name: 'IRPF 2025.pdf', mimeType: 'application/pdf', buffer: makePdf() });
    await item(buyer.page, INCOME_TAX).getByText('Enviado — em análise').waitFor({ timeout: 20_000 });
    await buyer.page.getByLabel(`Escolher arquivos para ${PROOF_OF_ADDRESS}`).setInputFiles({
      name: 'conta-luz.jpg',
      mimeType: 'image/jpeg',
      buffer: await makeJpeg(buyer.page, 'Conta de luz'),
    });
    await item(buyer.page, PROOF_OF_ADDRESS).getByText('Enviado — em análise').waitFor({ timeout: 20_000 });

    // 4. The operator sees the data, section by section, and reviews the documents: rejects the photo.
    await op.page.reload();
    await op.page.getByRole('link', { name: 'Dados', exact: true }).click();
    const data = op.page.getByRole('article', { name: 'Dados gerais' });
    await data.getByText('Concluído').waitFor();
    await data.getByText('Advogada').waitFor();
    await data.getByText('R$ 22.000,00').waitFor();
    await op.page.getByText(/Revisar documentos \(2 a revisar, 0 aceitos\)/).waitFor();
    await screenshot(op.page, 'backoffice-proposal-desktop');
    await op.page.getByRole('link', { name: /Revisar documentos/ }).click();
    await op.page.getByRole('heading', { name: 'Documentos da proposta' }).waitFor();
    await op.page.getByRole('button', { name: 'Recusar conta-luz.jpg' }).click();
    const dialog = await opened(op.page.getByRole('dialog', { name: 'Recusar documento' }));
    await dialog.getByLabel(/Motivo da recusa/).fill('A conta está em nome de outra pessoa.');
    await dialog.getByRole('button', { name: 'Recusar' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // 5. The buyer re-uploads; the operator accepts both files.
    await buyer.page.reload();
    await item(buyer.page, PROOF_OF_ADDRESS).getByText('Recusado: A conta está em nome de outra pessoa.').waitFor();
    await buyer.page.getByLabel(`Escolher arquivos para ${PROOF_OF_ADDRESS}`).setInputFiles({
      name: 'conta-agua.jpg',
      mimeType: 'image/jpeg',
      buffer: await makeJpeg(buyer.page, 'Conta de água'),
    });
    await item(buyer.page, PROOF_OF_ADDRESS).getByText('Enviado — em análise').waitFor({ timeout: 20_000 });
    await op.page.reload();
    await op.page.getByRole('button', { name: 'Aceitar IRPF 2025.pdf' }).click();
    await item(op.page, INCOME_TAX).getByText('Aceito', { exact: true }).first().waitFor();
    await op.page.getByRole('button', { name: 'Aceitar conta-agua.jpg' }).click();
    await item(op.page, PROOF_OF_ADDRESS).getByText('Aceito', { exact: true }).first().waitFor();

    // 6. The operator moves the status along the machine's edges, each with a reason.
    await op.page.goto(`/backoffice/proposals/${proposalId}`);
    await op.page.getByText(/Revisar documentos \(0 a revisar, 2 aceitos\)/).waitFor();
    await moveStatus(op.page, 'Em análise', 'Cadastro e documentos recebidos.');
    await moveStatus(op.page, 'Enviada ao banco', 'Dossiê conferido e enviado ao banco.');
    await op.page.getByRole('link', { name: 'Histórico', exact: true }).click();
    await op.page
      .getByRole('region', { name: 'Histórico' })
      .getByText('Situação: Em análise → Enviada ao banco')
      .waitFor();

    // 7. The buyer sees the status in words and the history that concerns them.
    await buyer.page.goto('/buyer/home');
    const status = buyer.page.getByRole('region', { name: 'Situação da proposta' });
    await status.getByText('Enviada ao banco', { exact: true }).waitFor();
    await status.getByText('Dossiê conferido e enviado ao banco.').waitFor();
    await screenshot(buyer.page, 'backoffice-buyer-home-status-phone');
    await buyer.context.close();

    // 8. One click exports the dossier: a ZIP with the PDF summary and one PDF per checklist item
    //    (docs/product/documents.md, "Dossiê para o banco"): the PDF's page as sent, the photo on an A4 page.
    const download = op.page.waitForEvent('download');
    await op.page.getByRole('link', { name: 'Baixar dossiê para o banco (ZIP)' }).click();
    const file = await (await download).path();
    const files = await unzip(file);
    expect([...files.keys()].sort()).toEqual([
      `documentos/income_tax_buyer1.pdf`,
      `documentos/proof_of_address_buyer1.pdf`,
      `resumo-${code}.pdf`,
    ]);
    const dir = mkdtempSync(join(tmpdir(), 'dossie-'));
    const info = (entry: string) => {
      const path = join(dir, entry.replace('documentos/', ''));
      writeFileSync(path, files.get(entry)!);
      return execFileSync('pdfinfo', [path]).toString('utf8');
    };
    expect(info('documentos/income_tax_buyer1.pdf')).toMatch(/Pages:\s+1\n[\s\S]*Page size:\s+300 x 200 pts/);
    // The 320 × 200 photo at its own size on a landscape A4 page (the refused one is not there).
    expect(info('documentos/proof_of_address_buyer1.pdf')).toMatch(
      /Pages:\s+1\n[\s\S]*Page size:\s+841\.89 x 595\.28 pts/,
    );
    writeFileSync(join(dir, 'resumo.pdf'), files.get(`resumo-${code}.pdf`)!);
    execFileSync('pdftotext', ['-layout', join(dir, 'resumo.pdf'), join(dir, 'resumo.txt')]);
    const text = readFileSync(join(dir, 'resumo.txt'), 'utf8');
    expect(text).toContain(`Dossiê da proposta ${code}`);
    expect(text).toContain(`CPF ${BUYER.cpf}`);
    expect(text).toContain('Advogada');
    expect(text).toContain('documentos/proof_of_address_buyer1.pdf');
    await op.context.close();
  }, 180_000);

  it('is usable on a phone: list as cards, proposal view, audit log, outbox and operators', async () => {
    const { page, context } = await browser.newPage(PHONE);
    await signIn(page, 'operador@demo.com.br', 'operator');
    await page.getByLabel('Buscar por código, nome ou CPF').fill('529.982.247-25');
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    await page.waitForURL(/q=529/);
    await page.getByText('3 propostas').waitFor();
    // Cards, not a table, on a phone; nothing wider than the screen.
    expect(await page.locator('.bo-card').count()).toBe(3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'backoffice-list-phone');
    // A filter shows the option chosen within the change itself (the URL follows in a React
    // transition; the select must not jump back to "Todas" meanwhile), and the back button undoes it.
    const status = page.getByRole('combobox', { name: 'Situação' });
    /** Back on the search alone: no status in the address, the select empty, the 3 proposals again. */
    const unfiltered = async () => {
      await page.waitForURL((url) => !url.searchParams.has('status'));
      await page
        .locator('.native-select', { has: status })
        .locator('.ant-select-placeholder', { hasText: 'Todas' })
        .waitFor();
      await page.getByText('3 propostas').waitFor();
    };
    expect(
      await status.evaluate((select: HTMLSelectElement) => {
        select.value = Array.from(select.options).find((o) => o.text === 'Em análise')!.value;
        select.dispatchEvent(new Event('change', { bubbles: true }));
        return [
          select.selectedOptions[0]?.text,
          select.closest('.native-select')?.querySelector('.ant-select-content')?.textContent,
        ];
      }),
    ).toEqual(['Em análise', 'Em análise']);
    await page.waitForURL(/status=/);
    expect(new URL(page.url()).searchParams.get('q')).toContain('529');
    await page.goBack();
    await unfiltered();
    // Back pressed at once, before React has drawn the filtered list (the router went there and
    // back within one transition): the filter goes back too.
    expect(
      await status.evaluate(async (select: HTMLSelectElement) => {
        select.value = Array.from(select.options).find((o) => o.text === 'Em análise')!.value;
        select.dispatchEvent(new Event('change', { bubbles: true }));
        for (let i = 0; i < 100 && !location.search.includes('status='); i++) await Promise.resolve();
        const pushed = location.search.includes('status=');
        history.back();
        return pushed;
      }),
    ).toBe(true);
    await unfiltered();
    await page.getByRole('link', { name: 'CGI-2026-001293' }).click();
    await page.getByRole('heading', { name: 'Proposta CGI-2026-001293' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'backoffice-proposal-phone');
    for (const [path, heading] of [
      ['/backoffice/audit', 'Auditoria'],
      ['/backoffice/outbox', 'E-mails enviados'],
      ['/backoffice/operators', 'Operadores'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      // Cards (or the list's empty line) once the data is in.
      await page.locator('.bo-cards > li, .bo-operators > li').first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await screenshot(page, `backoffice-${path.split('/').pop()}-phone`);
    }
    // The audit log shows the read of the proposal just opened.
    await page.goto('/backoffice/audit?proposal=CGI-2026-001293&action=proposal.read');
    await page.locator('.bo-card').getByText('Abriu a proposta').first().waitFor();
    await context.close();
  });
});
