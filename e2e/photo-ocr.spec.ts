import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createWorker, OEM } from 'tesseract.js';
import { readJpegFacts } from '@portal/domain/jpeg-metadata';
import { chooseProposal, PHONE, signIn, useBrowser } from './fixtures';
import { storedFile } from './checks';

const INCOME_TAX = 'Declaração de Imposto de Renda — comprador principal';
const CPF = '529.982.247-25';

/**
 * OCR runs in Node from files installed by npm only: the Portuguese model of
 * @tesseract.js-data/por, the worker script of tesseract.js and the WebAssembly core of
 * tesseract.js-core. No cache is written or read, so nothing is ever fetched.
 */
const require = createRequire(import.meta.url);
const OCR_FILES = {
  langPath: join(dirname(require.resolve('@tesseract.js-data/por/package.json')), '4.0.0_best_int'),
  workerPath: join(dirname(require.resolve('tesseract.js/package.json')), 'src/worker-script/node/index.js'),
  corePath: dirname(require.resolve('tesseract.js-core/package.json')),
  cacheMethod: 'none',
  gzip: true,
};

/**
 * A 12 MP phone photo (4000 × 3000) of the top of an A4 page that fills the frame's width: 210 mm
 * over 4 000 px puts 10-point text at about 67 px. Uneven light across the paper and sensor noise
 * make it a photograph rather than a clean scan; saved at a camera's JPEG quality.
 */
async function photographedPage(page: Page): Promise<Buffer> {
  const b64 = await page.evaluate(() => {
    const c = document.createElement('canvas');
    c.width = 4000;
    c.height = 3000;
    const g = c.getContext('2d')!;
    const light = g.createLinearGradient(0, 0, 4000, 3000);
    light.addColorStop(0, '#f4f1ea');
    light.addColorStop(1, '#c9c4b8');
    g.fillStyle = light;
    g.fillRect(0, 0, 4000, 3000);
    g.fillStyle = '#1a1a1a';
    g.font = '67px serif';
    [
      'REPÚBLICA FEDERATIVA DO BRASIL',
      'DECLARAÇÃO DE IMPOSTO DE RENDA PESSOA FÍSICA',
      'Nome: Maria da Silva Pereira',
      'CPF 529.982.247-25',
      'Endereço: Rua das Flores, 120 — São Paulo, SP',
    ].forEach((line, i) => g.fillText(line, 320, 500 + i * 110));
    const img = g.getImageData(0, 0, 4000, 3000);
    let seed = 7;
    const d = img.data;
    for (let i = 0; i < d.length; i += 4) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const n = (seed % 17) - 8;
      d[i] = d[i]! + n;
      d[i + 1] = d[i + 1]! + n;
      d[i + 2] = d[i + 2]! + n;
    }
    g.putImageData(img, 0, 0);
    return c.toDataURL('image/jpeg', 0.92).split(',')[1]!;
  });
  return Buffer.from(b64, 'base64');
}

async function readText(jpeg: Buffer, langPath = OCR_FILES.langPath): Promise<string> {
  // A model that cannot be read leaves createWorker pending for ever; its error reaches only the
  // errorHandler (without one, tesseract.js throws it uncaught), so that handler ends the wait.
  let failed!: (error: unknown) => void;
  const failure = new Promise<never>((_, reject) => (failed = reject));
  failure.catch(() => {});
  const worker = await Promise.race([
    createWorker('por', OEM.LSTM_ONLY, { ...OCR_FILES, langPath, errorHandler: (error) => failed(error) }),
    failure,
  ]);
  try {
    return (await worker.recognize(jpeg)).data.text;
  } finally {
    await worker.terminate();
  }
}

describe('a shrunk photo stays legible', () => {
  const browser = useBrowser();

  it('OCR has no model to fall back on: without the npm files it fails instead of downloading one', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'ocr-no-model-'));
    // The error names the local file it looked for: no URL was tried.
    await expect(readText(Buffer.alloc(0), empty)).rejects.toMatch(/ENOENT.*ocr-no-model-.*por\.traineddata\.gz/);
  }, 30_000);

  it('a 12 MP photo of a page, shrunk on a 390 px phone and stored, still reads the CPF', async () => {
    const { page } = await browser.newPage(PHONE);
    await signIn(page, 'comprador@demo.com.br');
    const proposalId = await chooseProposal(page, 'PF-2026-004817');
    await page.goto('/buyer/documents/upload');
    await page.getByRole('heading', { name: 'Envio de documentos' }).waitFor();

    const photo = await photographedPage(page);
    expect(readJpegFacts(photo)).toMatchObject({ width: 4000, height: 3000 });
    await page.getByLabel(`Tirar foto para ${INCOME_TAX}`).setInputFiles({
      name: 'declaracao.jpeg',
      mimeType: 'image/jpeg',
      buffer: photo,
    });
    await page
      .getByRole('region', { name: INCOME_TAX })
      .getByRole('link', { name: 'declaracao.jpg' })
      .waitFor({ timeout: 30_000 });

    const stored = await storedFile(page, proposalId, 'declaracao.jpg');
    expect(stored.length).toBeLessThanOrEqual(600 * 1024);
    expect(readJpegFacts(stored)).toMatchObject({ width: 2000, height: 1500 });

    const text = await readText(stored);
    const cpfLine = text.split('\n').find((line) => /CPF/i.test(line)) ?? '';
    expect(cpfLine.replace(/\D/g, '')).toBe(CPF.replace(/\D/g, ''));
    expect(text).toMatch(/Maria da Silva/);
  }, 120_000);
});
