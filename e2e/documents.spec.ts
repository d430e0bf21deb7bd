import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatBrDate, todayIso } from '@portal/domain/dates';
import {
  chooseProposal,
  DESKTOP,
  makeJpeg,
  makePdf,
  opened,
  PHONE,
  screenshot,
  signIn,
  useBrowser,
  waitForMailLink,
} from './fixtures';

const INCOME_TAX = 'Declaração de Imposto de Renda — comprador principal';
const PROOF_OF_ADDRESS = 'Comprovante de residência — comprador principal';

const item = (page: Page, title: string) => page.getByRole('region', { name: title });
/** Today's date in Brasília moved by some days, as DD/MM/AAAA. */
const dayFromToday = (days: number) => {
  const [y, m, d] = todayIso().split('-').map(Number) as [number, number, number];
  return formatBrDate(new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10));
};

describe('documents: upload, review, re-upload', () => {
  const browser = useBrowser();

  it('a buyer uploads a PDF and a JPEG with progress, an operator rejects one with a reason, the buyer sees it and sends a new file', async () => {
    const { page, context } = await browser.newPage(PHONE);
    await signIn(page, 'comprador@demo.com.br');
    const proposalId = await chooseProposal(page, 'PF-2026-004817');
    // Reached from the buyer's home.
    await page.getByRole('link', { name: 'Envio de documentos' }).first().click();
    await page.waitForURL('**/buyer/documents/upload');
    await page.getByRole('heading', { name: 'Envio de documentos' }).waitFor();
    await item(page, INCOME_TAX).getByText('Pendente').waitFor();

    // A slow upload link (256 KB/s) so the progress bar can be seen moving.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 256 * 1024,
    });
    await page
      .getByLabel(`Escolher arquivos para ${INCOME_TAX}`)
      .setInputFiles({ name: 'IRPF 2025.pdf', mimeType: 'application/pdf', buffer: makePdf(600_000) });
    const bar = page.getByRole('progressbar', { name: 'Envio de IRPF 2025.pdf' });
    await bar.waitFor();
    const seen = Number(await bar.getAttribute('aria-valuenow'));
    expect(seen).toBeLessThan(100);
    await screenshot(page, 'documents-uploading');
    await item(page, INCOME_TAX).getByRole('link', { name: 'IRPF 2025.pdf' }).waitFor({ timeout: 20_000 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await item(page, INCOME_TAX).getByText('Enviado — em análise').waitFor();

    // A document that ages counts its validity from its issue date: a date to come is refused
    // before anything travels; a bill issued 30 days ago is valid 60 more days.
    const proof = item(page, PROOF_OF_ADDRESS);
    await proof.getByText('Validade: 90 dias a partir da data de emissão do documento.').waitFor();
    const issued = proof.getByLabel('Data de emissão do documento (opcional)');
    const bill = { name: 'conta-luz.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg(page, 'Conta de luz') };
    await issued.fill(dayFromToday(2).replace(/\D/g, ''));
    await page.getByLabel(`Escolher arquivos para ${PROOF_OF_ADDRESS}`).setInputFiles(bill);
    await proof.getByRole('alert').filter({ hasText: 'A data de emissão não pode estar no futuro.' }).waitFor();
    expect(await proof.getByRole('link', { name: 'conta-luz.jpg' }).count()).toBe(0);
    await issued.fill(dayFromToday(-30).replace(/\D/g, ''));
    await page.getByLabel(`Escolher arquivos para ${PROOF_OF_ADDRESS}`).setInputFiles(bill);
    await proof.getByRole('link', { name: 'conta-luz.jpg' }).waitFor();
    await proof.getByText('Enviado — em análise').waitFor();
    await proof
      .getByText(`Válido até ${dayFromToday(60)} (90 dias a partir da emissão, em ${dayFromToday(-30)}).`)
      .waitFor();

    // A wrong file is refused in the browser, with the server's rule and message.
    await page.getByLabel(`Escolher arquivos para ${INCOME_TAX}`).setInputFiles({
      name: 'programa.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff', 'latin1'),
    });
    await item(page, INCOME_TAX)
      .getByRole('alert')
      .filter({ hasText: 'Tipo de arquivo não aceito. Envie PDF, JPG, PNG ou HEIC.' })
      .waitFor();

    // Reload keeps them (they are on the server).
    await page.reload();
    await item(page, INCOME_TAX).getByRole('link', { name: 'IRPF 2025.pdf' }).waitFor();
    await item(page, PROOF_OF_ADDRESS).getByRole('link', { name: 'conta-luz.jpg' }).waitFor();
    await expect(item(page, PROOF_OF_ADDRESS).getByText('Enviado — em análise').isVisible()).resolves.toBe(true);
    // The thumbnail of the photo comes through the authorized download route.
    const thumbLoaded = await item(page, PROOF_OF_ADDRESS)
      .locator('img.doc-file__thumb')
      .evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth));
    expect(thumbLoaded).toBe(320);
    await screenshot(page, 'documents-buyer');

    // The operator previews both files in the page and rejects the photo with a reason.
    const op = await browser.newPage(DESKTOP);
    await signIn(op.page, 'operador@demo.com.br', 'operator');
    await op.page.goto(`/backoffice/proposals/${proposalId}/documents`);
    await op.page.getByRole('heading', { name: 'Documentos da proposta' }).waitFor();
    const pdfPreview = op.page.waitForResponse((r) => r.url().includes('/content?inline=1'));
    await op.page.getByRole('button', { name: 'Visualizar IRPF 2025.pdf' }).click();
    const pdfResponse = await pdfPreview;
    expect(pdfResponse.status()).toBe(200);
    expect(pdfResponse.headers()['content-type']).toBe('application/pdf');
    await op.page.locator('iframe[title="Pré-visualização de IRPF 2025.pdf"]').waitFor();
    await op.page.getByRole('button', { name: 'Visualizar conta-luz.jpg' }).click();
    const preview = op.page.getByRole('img', { name: 'Pré-visualização de conta-luz.jpg' });
    await preview.waitFor();
    expect(await preview.evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth))).toBe(320);
    await screenshot(op.page, 'documents-review');

    await op.page.getByRole('button', { name: 'Recusar conta-luz.jpg' }).click();
    const dialog = op.page.getByRole('dialog', { name: 'Recusar documento' });
    await opened(dialog);
    await dialog.getByRole('button', { name: 'Recusar' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Obrigatório' }).waitFor();
    await dialog.getByLabel(/Motivo da recusa/).fill('A conta está em nome de outra pessoa.');
    await dialog.getByRole('button', { name: 'Recusar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await item(op.page, PROOF_OF_ADDRESS).getByText('Recusado — envie um novo arquivo').waitFor();
    await op.page.getByRole('cell', { name: 'A conta está em nome de outra pessoa.' }).waitFor();
    await op.context.close();

    // The buyer is told by e-mail, sees the reason, and sends a new file.
    await waitForMailLink('comprador@demo.com.br', '/buyer/documents/upload');
    await page.reload();
    const rejected = item(page, PROOF_OF_ADDRESS);
    await rejected.getByText('Recusado: A conta está em nome de outra pessoa.').waitFor();
    await rejected.getByText('Envie um novo arquivo', { exact: true }).waitFor();
    await screenshot(page, 'documents-rejected');
    await page
      .getByLabel(`Escolher arquivos para ${PROOF_OF_ADDRESS}`)
      .setInputFiles({ name: 'conta-agua.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg(page, 'Conta de água') });
    await rejected.getByRole('link', { name: 'conta-agua.jpg' }).waitFor();
    await rejected.getByText('Enviado — em análise').waitFor();
    await page.reload();
    await item(page, PROOF_OF_ADDRESS).getByRole('link', { name: 'conta-agua.jpg' }).waitFor();
    await expect(item(page, PROOF_OF_ADDRESS).getByText('Enviado — em análise').isVisible()).resolves.toBe(true);
    await context.close();
  });
});
