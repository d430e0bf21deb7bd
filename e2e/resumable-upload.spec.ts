import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Page } from 'playwright-core';
import { baseURL, chooseProposal, PHONE, screenshot, signIn, useBrowser } from './fixtures';
import { startCuttingProxy, type CuttingProxy } from './cutting-proxy';
import { noisyPhoto, recordTusRequests } from './tus-uploads';

const INCOME_TAX = 'Declaração de Imposto de Renda — comprador principal';
const PROOF_OF_ADDRESS = 'Comprovante de residência — comprador principal';

/** A PDF of about `size` bytes (a comment pads it): no shrinking, the same bytes on every pick. */
function paddedPdf(size: number): Buffer {
  const head =
    '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n';
  const tail = 'trailer << /Root 1 0 R >>\n%%EOF\n';
  const pad = `%${'x'.repeat(78)}\n`.repeat(Math.ceil(size / 80));
  return Buffer.from(head + pad + tail, 'latin1');
}

async function storedFiles(page: Page, proposalId: string, name: string) {
  const list = (await (await page.request.get(`/api/v3/proposals/${proposalId}/documents`)).json()) as {
    data: { items: { files: { id: string; name: string; size: number }[] }[] };
  };
  return list.data.items.flatMap((i) => i.files).filter((f) => f.name === name);
}

describe('resumable uploads on a connection that drops', () => {
  const browser = useBrowser();
  let proxy: CuttingProxy;
  beforeAll(async () => {
    proxy = await startCuttingProxy(new URL(baseURL()));
  });
  afterAll(async () => proxy?.close());

  it('a phone photo cut off at half finishes from the offset the server kept', async () => {
    const { page } = await browser.newPage(PHONE, { onTestFailed }, { baseURL: proxy.url });
    const sentRequests = await recordTusRequests(page);
    await signIn(page, 'comprador@demo.com.br');
    const proposalId = await chooseProposal(page, 'PF-2026-004817');
    await page.goto('/buyer/documents/upload');
    await page.getByRole('heading', { name: 'Envio de documentos' }).waitFor();
    const photo = await noisyPhoto(page);

    // Half the photo reaches the server, then the link is gone for 2 s.
    const cut = proxy.armCut('PATCH /api/v3/uploads/', 0.5, 2_000);
    const item = page.getByRole('region', { name: INCOME_TAX });
    await page.getByLabel(`Tirar foto para ${INCOME_TAX}`).setInputFiles({
      name: 'recibo.jpeg',
      mimeType: 'image/jpeg',
      buffer: photo,
    });
    const { forwardedBeforeCut, bodyLength } = await cut;
    expect(bodyLength).toBeGreaterThan(100_000);
    // While the link is down the row says it is resuming, not failed, and keeps what was sent.
    await item.getByText('Retomando…').waitFor({ timeout: 15_000 });
    // The row, not its "Retomando…": that line goes as soon as bytes move again, and a step still
    // looking for it then would wait for a line that is gone.
    await item.scrollIntoViewIfNeeded();
    await screenshot(page, 'resumable-upload-resuming-phone', { fullPage: false });
    await item.getByRole('link', { name: 'recibo.jpg' }).waitFor({ timeout: 60_000 });

    const requests = (await sentRequests()).filter((r) => r.method === 'PATCH');
    // The first PATCH carried the whole photo from 0; the one after the cut started where the server stopped.
    expect(requests[0]).toMatchObject({ offset: 0, bytes: bodyLength });
    const resumed = requests.at(-1)!;
    expect(resumed.offset).toBeGreaterThan(0);
    expect(resumed.offset! + resumed.bytes).toBe(bodyLength);
    // What crossed the link after the cut (a HEAD, the rest of the photo, headers) is less than the photo.
    expect(proxy.forwarded - forwardedBeforeCut).toBeLessThan(bodyLength);
    const stored = await storedFiles(page, proposalId, 'recibo.jpg');
    expect(stored).toHaveLength(1);
    expect(stored[0]!.size).toBe(bodyLength);
  }, 180_000);

  it('a reload in the middle of an upload finishes the same upload when the same file is picked again', async () => {
    const { page } = await browser.newPage(PHONE, { onTestFailed }, { baseURL: proxy.url });
    const sentRequests = await recordTusRequests(page);
    await signIn(page, 'comprador@demo.com.br');
    const proposalId = await chooseProposal(page, 'PF-2026-004817');
    await page.goto('/buyer/documents/upload');
    await page.getByRole('heading', { name: 'Envio de documentos' }).waitFor();
    const pdf = paddedPdf(600_000);
    const pick = () =>
      page.getByLabel(`Escolher arquivos para ${PROOF_OF_ADDRESS}`).setInputFiles({
        name: 'comprovante.pdf',
        mimeType: 'application/pdf',
        buffer: pdf,
      });

    // A slow link: about 40 kB/s from the phone. Once the server has part of the file, reload.
    proxy.throttle(40_000);
    await pick();
    const uploadUrl = await page.waitForFunction(() => {
      const key = Object.keys(localStorage).find((k) => k.startsWith('tus::portal-upload:'));
      return key ? (JSON.parse(localStorage.getItem(key)!) as { uploadUrl?: string }).uploadUrl : undefined;
    });
    const url = String(await uploadUrl.jsonValue());
    const headStatuses: number[] = [];
    const headOffset = async () => {
      const res = await page.request.fetch(url, { method: 'HEAD', headers: { 'tus-resumable': '1.0.0' } });
      headStatuses.push(res.status());
      return Number(res.headers()['upload-offset']);
    };
    onTestFailed(() => console.error(`HEAD answers: ${headStatuses.join(' ')}`));
    await expect.poll(headOffset, { timeout: 20_000 }).toBeGreaterThan(100_000);
    // The link dies and the person reloads: what the phone had queued for the old request never
    // arrives (otherwise a loopback socket's buffer could deliver the whole rest after the reload).
    proxy.dropConnections();
    await page.reload();
    await page.getByRole('heading', { name: 'Envio de documentos' }).waitFor();
    // The server lets go of the cut request first (its lock on the upload): until then HEAD waits or is refused.
    await expect.poll(headOffset, { timeout: 20_000 }).toBeGreaterThan(0);
    const before = await headOffset();
    expect(before).toBeLessThan(pdf.length);

    proxy.throttle(0);
    await pick();
    const region = page.getByRole('region', { name: PROOF_OF_ADDRESS });
    await region.getByRole('link', { name: 'comprovante.pdf' }).waitFor({ timeout: 60_000 });
    // After the reload: no new upload, only the rest of the same one.
    const after = await sentRequests();
    expect(after.filter((r) => r.method === 'POST')).toEqual([]);
    const patches = after.filter((r) => r.method === 'PATCH');
    expect(patches[0]!.offset).toBeGreaterThanOrEqual(before);
    expect(patches[0]!.bytes).toBeLessThan(pdf.length);
    expect(await storedFiles(page, proposalId, 'comprovante.pdf')).toHaveLength(1);
  }, 180_000);
});
