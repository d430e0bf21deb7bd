import { describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { PDFDocument, PDFName, PDFRawStream, type PDFDict } from '@cantoo/pdf-lib';
import { chooseProposal, makePdf, opened, screenshot, signIn, TOUCH_PHONE, useBrowser } from './fixtures';
import { seriousViolations } from './checks';

const INCOME_TAX = 'Declaração de Imposto de Renda — comprador principal';
const PROOF_OF_ADDRESS = 'Comprovante de residência — comprador principal';
const PDF_NAME = 'declaracao-de-imposto-de-renda-3-paginas.pdf';

/** A photo of a page drawn by the browser: its size and a big letter tell the pages apart. */
async function pagePhoto(page: Page, width: number, height: number, letter: string) {
  const b64 = await page.evaluate(
    ([w, h, text]) => {
      const c = document.createElement('canvas');
      c.width = w;
      c.height = h;
      const g = c.getContext('2d')!;
      g.fillStyle = '#f4f1ea';
      g.fillRect(0, 0, w, h);
      g.fillStyle = '#1d2b53';
      g.font = `${Math.round(h / 3)}px sans-serif`;
      g.fillText(text, w / 3, h / 2);
      g.font = '40px sans-serif';
      g.fillText(`Página ${text} — Maria da Silva`, 40, h - 80);
      return c.toDataURL('image/jpeg', 0.9).split(',')[1]!;
    },
    [width, height, letter] as const,
  );
  return { name: `pagina-${letter}.jpg`, mimeType: 'image/jpeg', buffer: Buffer.from(b64, 'base64') };
}

async function storedFiles(page: Page, proposalId: string) {
  const list = (await (await page.request.get(`/api/v3/proposals/${proposalId}/documents`)).json()) as {
    data: { items: { files: { id: string; name: string; mime: string }[] }[] };
  };
  return list.data.items.flatMap((i) => i.files);
}

/** Each page's size (points) and the pixel size of the picture it draws, in page order. */
async function pdfPages(bytes: Buffer) {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((p) => {
    const xobjects = p.node.Resources()!.lookup(PDFName.of('XObject')) as PDFDict;
    const image = xobjects.lookup(xobjects.keys()[0]!) as PDFRawStream;
    const px = (key: string) => Number(image.dict.lookup(PDFName.of(key))!.toString());
    return { landscape: p.getWidth() > p.getHeight(), picture: [px('Width'), px('Height')] };
  });
}

/** The serious and critical WCAG 2.1 AA problems axe finds on the screen as it stands. */
const axeProblems = async (page: Page) =>
  (await seriousViolations(page)).map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

/** The screen's way on: "Continuar" to the next step, or "Voltar ao início". */

const wayOn = (page: Page) =>
  page
    .getByRole('button', { name: 'Voltar ao início' })
    .or(page.getByRole('button', { name: 'Continuar' }))
    .first();

/** A new upload (tus creation); its bytes then travel in PATCH requests to the upload's own URL. */
const isUpload = (r: Request) => r.method() === 'POST' && /\/api\/v3\/uploads\/?(\?|$)/.test(r.url());

describe('several pages as one PDF; files that wait for the connection', () => {
  const browser = useBrowser();

  it('three photographed pages: thumbnails, reorder by touch and keyboard, remove, add back, sent as ONE 3-page PDF in that order', async () => {
    const { page } = await browser.newPage(TOUCH_PHONE);
    await signIn(page, 'comprador@demo.com.br');
    const proposalId = await chooseProposal(page, 'PF-2026-004817');
    await page.goto('/buyer/documents/upload');
    await page.getByRole('heading', { name: 'Envio de documentos' }).waitFor();
    const uploads: string[] = [];
    const workers: string[] = [];
    page.on('request', (r) => isUpload(r) && uploads.push(r.url()));
    page.on('request', (r) => /pages-pdf\.worker/.test(r.url()) && workers.push(r.url()));

    const item = page.getByRole('region', { name: INCOME_TAX });
    // A touch screen shows both ways to take a picture next to the file picker.
    for (const name of ['Escolher arquivos', 'Tirar foto', 'Adicionar página'])
      await item.getByRole('button', { name, exact: true }).waitFor({ state: 'visible' });
    expect(await page.getByLabel(`Adicionar página a ${INCOME_TAX}`).getAttribute('capture')).toBe('environment');

    const a = await pagePhoto(page, 1200, 1600, 'A');
    const b = await pagePhoto(page, 1000, 1400, 'B');
    const c = await pagePhoto(page, 1600, 1200, 'C');
    // The PDF library (in the worker's script) is no part of the screen: fetched with the first page.
    expect(workers).toHaveLength(0);
    await page.getByLabel(`Adicionar página a ${INCOME_TAX}`).setInputFiles([a, b, c]);
    const tray = page.getByRole('region', { name: `Páginas de ${INCOME_TAX}` });
    const thumbs = tray.getByRole('img', { name: /^Página \d$/ });
    const order = () =>
      thumbs.evaluateAll((imgs) =>
        imgs.map((i) => `${(i as HTMLImageElement).naturalWidth}x${(i as HTMLImageElement).naturalHeight}`),
      );
    // Each page shows "Preparando a foto…" until its own shrink ends, and they may end in any
    // order: wait for all three thumbnails, in the order chosen.
    await expect.poll(order).toEqual(['1200x1600', '1000x1400', '1600x1200']);
    await expect.poll(() => workers.length).toBe(1);
    await expect(tray.getByText('3 páginas para enviar como um só PDF, nesta ordem').isVisible()).resolves.toBe(true);

    // Thumb-sized controls.
    for (const name of ['Mover a página 2 para cima', 'Mover a página 2 para baixo', 'Remover a página 2']) {
      const box = (await tray.getByRole('button', { name }).boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(44);
      expect(box.height).toBeGreaterThanOrEqual(44);
    }

    // C up by touch: A C B; the focus stays on C's button, and the keyboard moves it up again: C A B.
    await tray.getByRole('button', { name: 'Mover a página 3 para cima' }).tap();
    await expect.poll(order).toEqual(['1200x1600', '1600x1200', '1000x1400']);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Mover a página 2 para cima');
    await page.keyboard.press('Enter');
    await expect.poll(order).toEqual(['1600x1200', '1200x1600', '1000x1400']);
    // At the top there is no "up": the focus is on its "down".
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Mover a página 1 para baixo');
    expect(await tray.getByRole('button', { name: 'Mover a página 1 para cima' }).isDisabled()).toBe(true);

    // Remove A (page 2), then photograph it again: it comes last. C B A.
    await tray.getByRole('button', { name: 'Remover a página 2' }).tap();
    await expect.poll(order).toEqual(['1600x1200', '1000x1400']);
    await page.getByLabel(`Adicionar página a ${INCOME_TAX}`).setInputFiles([a]);
    await expect.poll(order).toEqual(['1600x1200', '1000x1400', '1200x1600']);
    await tray.scrollIntoViewIfNeeded();
    await screenshot(page, 'document-pages-tray', { fullPage: false });
    expect(await axeProblems(page)).toEqual([]);

    // Pages not yet sent would be lost: leaving asks first, and staying keeps them.
    await wayOn(page).tap();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Sair sem enviar?' });
    await dialog.getByText('3 páginas não enviadas. Se sair agora, não serão enviadas.').waitFor();
    await opened(dialog);
    await dialog.getByRole('button', { name: 'Ficar e enviar' }).tap();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/buyer/documents/upload');
    await expect.poll(order).toEqual(['1600x1200', '1000x1400', '1200x1600']);

    expect(uploads).toHaveLength(0);

    await tray.getByRole('button', { name: 'Enviar 3 páginas' }).tap();
    await item.getByRole('link', { name: PDF_NAME }).waitFor({ timeout: 30_000 });
    await tray.waitFor({ state: 'detached' });
    expect(uploads).toHaveLength(1);

    const stored = (await storedFiles(page, proposalId)).filter((f) => f.name === PDF_NAME);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.mime).toBe('application/pdf');
    const res = await page.request.get(`/api/v3/proposals/${proposalId}/documents/files/${stored[0]!.id}/content`);
    expect(res.status()).toBe(200);
    expect(await pdfPages(await res.body())).toEqual([
      { landscape: true, picture: [1600, 1200] },
      { landscape: false, picture: [1000, 1400] },
      { landscape: false, picture: [1200, 1600] },
    ]);
  }, 180_000);

  it('a file chosen offline waits as "Aguardando conexão", leaving asks first, and it goes once online; a lost answer is not sent twice', async () => {
    const { page, context } = await browser.newPage(TOUCH_PHONE);
    await signIn(page, 'comprador@demo.com.br');
    const proposalId = await chooseProposal(page, 'PF-2026-004817');
    await page.goto('/buyer/documents/upload');
    await page.getByRole('heading', { name: 'Envio de documentos' }).waitFor();
    const uploads: string[] = [];
    page.on('request', (r) => isUpload(r) && uploads.push(r.url()));
    const item = page.getByRole('region', { name: PROOF_OF_ADDRESS });

    await context.setOffline(true);
    await page
      .getByLabel(`Escolher arquivos para ${PROOF_OF_ADDRESS}`)
      .setInputFiles({ name: 'conta-luz.pdf', mimeType: 'application/pdf', buffer: makePdf(300_000) });
    const row = item.locator('li[data-phase]').filter({ hasText: 'conta-luz.pdf' });
    await row.getByRole('status').filter({ hasText: 'Aguardando conexão' }).waitFor();
    await row.getByText(/^0 B de \d+(,\d)? KB$/).waitFor();
    const notice = page.getByRole('alert').filter({ hasText: 'Aguardando conexão: 1 arquivo será enviado' });
    await notice.scrollIntoViewIfNeeded();
    await screenshot(page, 'document-pages-offline-notice', { fullPage: false });
    await row.scrollIntoViewIfNeeded();
    await screenshot(page, 'document-pages-offline-queue', { fullPage: false });
    expect(await axeProblems(page)).toEqual([]);

    // The app's own way out asks first; "Ficar e enviar" stays.
    await wayOn(page).tap();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Sair sem enviar?' });
    await dialog.getByText('1 arquivo aguardando conexão. Se sair agora, não será enviado.').waitFor();
    await opened(dialog);
    await dialog.getByRole('button', { name: 'Ficar e enviar' }).tap();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/buyer/documents/upload');

    await context.setOffline(false);
    await item.getByRole('link', { name: 'conta-luz.pdf' }).waitFor({ timeout: 30_000 });
    await row.waitFor({ state: 'detached' });
    await notice.waitFor({ state: 'detached' });
    expect((await storedFiles(page, proposalId)).filter((f) => f.name === 'conta-luz.pdf')).toHaveLength(1);

    // The server stores the next file but the answer to its last bytes is lost on the way back: the
    // upload continues from the server's offset and finds it complete — no second upload, one file.
    let answered = false;
    await page.route(/\/api\/v3\/uploads\/[^/?]+/, async (route) => {
      if (answered || route.request().method() !== 'PATCH') return route.fallback();
      answered = true;
      await route.fetch();
      await route.abort('connectionreset');
    });
    const before = uploads.length;
    await page
      .getByLabel(`Escolher arquivos para ${PROOF_OF_ADDRESS}`)
      .setInputFiles({ name: 'conta-agua.pdf', mimeType: 'application/pdf', buffer: makePdf(2_000) });
    const again = item.locator('li[data-phase]').filter({ hasText: 'conta-agua.pdf' });
    await item.getByRole('link', { name: 'conta-agua.pdf' }).waitFor({ timeout: 30_000 });
    await again.waitFor({ state: 'detached' });
    expect(answered).toBe(true);
    expect(uploads.length - before).toBe(1);
    expect((await storedFiles(page, proposalId)).filter((f) => f.name === 'conta-agua.pdf')).toHaveLength(1);

    // Nothing waits any more: leaving does not ask.
    await wayOn(page).tap();
    await page.waitForURL((url) => url.pathname !== '/buyer/documents/upload');
  }, 180_000);
});
