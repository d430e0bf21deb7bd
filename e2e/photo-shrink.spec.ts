import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { readJpegFacts } from '@portal/domain/jpeg-metadata';
import { exifGpsSegment, withSegment } from '@portal/domain/jpeg-metadata.fixture';
import { chooseProposal, PHONE, screenshot, signIn, useBrowser } from './fixtures';
import { storedFile, uploadFile } from './checks';

const INCOME_TAX = 'Declaração de Imposto de Renda — comprador principal';
const PROOF_OF_ADDRESS = 'Comprovante de residência — comprador principal';

/**
 * A 12 MP phone photo of a page (4000 × 3000) with a CPF in 10-point text at that scale and
 * sensor noise, saved at a camera's quality: several megabytes, as a phone writes them.
 */
async function phonePhoto(page: Page): Promise<Buffer> {
  const b64 = await page.evaluate(() => {
    const c = document.createElement('canvas');
    c.width = 4000;
    c.height = 3000;
    const g = c.getContext('2d')!;
    const img = g.createImageData(4000, 3000);
    let seed = 42;
    for (let i = 0; i < img.data.length; i += 4) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const v = 200 + (seed % 56);
      img.data[i] = v;
      img.data[i + 1] = v - 4;
      img.data[i + 2] = v - 12;
      img.data[i + 3] = 255;
    }
    g.putImageData(img, 0, 0);
    g.fillStyle = '#111';
    // An A4 page 4000 px wide: 10 points ≈ 67 px.
    g.font = '67px sans-serif';
    ['REPÚBLICA FEDERATIVA DO BRASIL', 'Nome: Maria da Silva', 'CPF 529.982.247-25'].forEach((line, i) =>
      g.fillText(line, 300, 600 + i * 120),
    );
    return c.toDataURL('image/jpeg', 0.92).split(',')[1]!;
  });
  return Buffer.from(b64, 'base64');
}

describe('photos shrink on the phone', () => {
  const browser = useBrowser();

  it('a 4000 × 3000 photo with GPS leaves the phone small and is stored without its location; a direct API upload too', async () => {
    const { page } = await browser.newPage(PHONE);
    await signIn(page, 'comprador@demo.com.br');
    const proposalId = await chooseProposal(page, 'PF-2026-004817');
    await page.goto('/buyer/documents/upload');
    await page.getByRole('heading', { name: 'Envio de documentos' }).waitFor();

    const photo = Buffer.from(withSegment(await phonePhoto(page), exifGpsSegment()));
    expect(photo.length).toBeGreaterThan(4 * 1024 * 1024);
    expect(readJpegFacts(photo)).toEqual({ width: 4000, height: 3000, exif: true, gps: true });

    // Hold the decoding until the "preparing" state has been seen (and pictured); note what is sent:
    // the name the tus creation declares (Upload-Metadata) and the bytes of each PATCH.
    await page.evaluate(() => {
      const sentFiles: [string, number][] = [];
      (window as unknown as { sentFiles: typeof sentFiles }).sentFiles = sentFiles;
      let declared = '';
      const setHeader = XMLHttpRequest.prototype.setRequestHeader;
      XMLHttpRequest.prototype.setRequestHeader = function (name: string, value: string) {
        const filename = /(?:^|,)filename ([^,]*)/.exec(value);
        if (name.toLowerCase() === 'upload-metadata' && filename)
          declared = new TextDecoder().decode(Uint8Array.from(atob(filename[1]!), (c) => c.charCodeAt(0)));
        return setHeader.call(this, name, value);
      };
      const send = XMLHttpRequest.prototype.send;
      XMLHttpRequest.prototype.send = function (body) {
        if (body instanceof Blob && body.size > 0) sentFiles.push([declared, body.size]);
        return send.call(this, body);
      };
      const original = window.createImageBitmap.bind(window);
      const w = window as unknown as { releasePhoto: () => void };
      const gate = new Promise<void>((resolve) => (w.releasePhoto = resolve));
      window.createImageBitmap = ((...args: Parameters<typeof createImageBitmap>) =>
        gate.then(() => original(...args))) as typeof createImageBitmap;
    });
    const item = page.getByRole('region', { name: INCOME_TAX });
    await page.getByLabel(`Tirar foto para ${INCOME_TAX}`).setInputFiles({
      name: 'identidade.jpeg',
      mimeType: 'image/jpeg',
      buffer: photo,
    });
    await item.getByRole('status').filter({ hasText: 'Preparando a foto…' }).waitFor();
    await item.scrollIntoViewIfNeeded();
    await screenshot(page, 'photo-preparing', { fullPage: false });
    await page.evaluate(() => (window as unknown as { releasePhoto: () => void }).releasePhoto());

    await item.getByRole('link', { name: 'identidade.jpg' }).waitFor({ timeout: 20_000 });
    // What travelled: the one file the page handed to XMLHttpRequest (one PATCH, nothing cut it).
    const sent = await page.evaluate(() => (window as unknown as { sentFiles: [string, number][] }).sentFiles);
    expect(sent).toHaveLength(1);
    expect(sent[0]![0]).toBe('identidade.jpg');
    expect(sent[0]![1]).toBeLessThan(800 * 1024);
    const stored = await storedFile(page, proposalId, 'identidade.jpg');
    expect(stored.length).toBeLessThanOrEqual(800 * 1024);
    const facts = readJpegFacts(stored)!;
    expect(Math.max(facts.width, facts.height)).toBeGreaterThanOrEqual(1200);
    expect(Math.max(facts.width, facts.height)).toBeLessThanOrEqual(2400);
    expect(facts).toEqual({ width: 2000, height: 1500, exif: false, gps: false });

    // A direct call to the API (tus, as an old page would) sends the photo as it is: stored without the location anyway.
    await uploadFile(page, proposalId, 'proof_of_address_buyer1', {
      name: 'direto.jpg',
      mimeType: 'image/jpeg',
      buffer: photo,
    });
    const raw = await storedFile(page, proposalId, 'direto.jpg');
    expect(raw.length).toBe(photo.length - exifGpsSegment().length);
    expect(readJpegFacts(raw)).toEqual({ width: 4000, height: 3000, exif: false, gps: false });
    await page.reload();
    await page.getByRole('region', { name: PROOF_OF_ADDRESS }).getByRole('link', { name: 'direto.jpg' }).waitFor();
  });
});
