import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, loginAs, makeJpeg, makePdf, screenshot, signIn, useBrowser } from './fixtures';
import { uploadFile } from './checks';

/** The operator's workspace at 1 280 px: the team's notes and the side-by-side review with the keyboard alone. */

const CODE = 'PF-2026-004817';

/** The demo proposal's id, as its main buyer's API lists it. */
async function proposalIdOf(page: Page): Promise<string> {
  const list = (await (await page.request.get('/api/v3/proposals')).json()) as { data: { id: string; code: string }[] };
  return list.data.find((p) => p.code === CODE)!.id;
}

const position = (page: Page) => page.locator('.bo-review__position');

describe('operator workspace: notes and side-by-side review', () => {
  const browser = useBrowser();

  it('a note survives a reload; the tab is in the address (reload and back keep it)', async () => {
    const { page, context } = await browser.newPage(DESKTOP);
    await signIn(page, 'operador@demo.com.br', 'operator');
    const id = await (async () => {
      const res = await page.request.get(`/api/v3/backoffice/proposals?q=${CODE}`);
      return ((await res.json()) as { data: { id: string }[] }).data[0]!.id;
    })();
    await page.goto(`/backoffice/proposals/${id}`);
    await page.getByRole('link', { name: 'Notas', exact: true }).click();
    await page.waitForURL(/aba=notas/);
    await page.getByLabel('Nova nota').fill('Renda informal — pedir extratos de 6 meses');
    await page.getByRole('button', { name: 'Salvar nota' }).click();
    const notes = page.getByRole('list', { name: 'Notas da equipe' });
    await notes.getByText('Renda informal — pedir extratos de 6 meses').waitFor();
    await page.reload();
    await notes.getByText('Renda informal — pedir extratos de 6 meses').waitFor();
    // An edit keeps the earlier text as a version.
    await page.getByRole('button', { name: 'Editar esta nota' }).click();
    await page.getByLabel('Editar nota').fill('Renda informal — extratos pedidos por telefone');
    await page.getByRole('button', { name: 'Salvar nova versão' }).click();
    await notes.getByText('Renda informal — extratos pedidos por telefone').waitFor();
    await notes.getByText('Versões anteriores (1)').click();
    await notes.getByText('Renda informal — pedir extratos de 6 meses').waitFor();
    await screenshot(page, 'operator-proposal-notes-desktop');
    // Another tab, then back: the notes again.
    await page.getByRole('link', { name: 'Histórico', exact: true }).click();
    await page.getByRole('heading', { name: 'Histórico' }).waitFor();
    await page.goBack();
    await page.waitForURL(/aba=notas/);
    await notes.getByText('Renda informal — extratos pedidos por telefone').waitFor();
    await context.close();
  });

  it("reviews a proposal's documents one after another with the keyboard alone (J, K, A, R + reason), beside the data", async () => {
    // The main buyer sends three files.
    const buyer = await browser.newPage(DESKTOP);
    await loginAs(buyer.page, 'comprador@demo.com.br');
    await buyer.page.waitForURL('**/buyer/select-proposal');
    const id = await proposalIdOf(buyer.page);
    const jpeg = await makeJpeg(buyer.page, 'Conta de luz');
    for (const [item, name, mimeType, buffer] of [
      ['income_tax_buyer1', 'IRPF 2025.pdf', 'application/pdf', makePdf()],
      ['income_tax_buyer1', 'IRPF recibo.pdf', 'application/pdf', makePdf(2000)],
      ['proof_of_address_buyer1', 'conta-luz.jpg', 'image/jpeg', jpeg],
    ] as const) {
      await uploadFile(buyer.page, id, item, { name, mimeType, buffer });
    }
    await buyer.context.close();

    const { page, context } = await browser.newPage(DESKTOP);
    await signIn(page, 'operador@demo.com.br', 'operator');
    await page.goto(`/backoffice/proposals/${id}?aba=documentos`);
    await position(page).getByText('Documento 1 de 3 · 3 a revisar').waitFor();
    const data = page.getByRole('region', { name: 'Dados para conferir' });
    await data.getByText('529.982.247-25').waitFor();
    await screenshot(page, 'operator-review-side-by-side-desktop', { fullPage: false });
    // The PDF's zoom and page turn reach the browser's viewer through the frame's #page and #zoom.
    const tools = page.getByRole('group', { name: 'Visualização de IRPF 2025.pdf' });
    const frame = page.locator('iframe[title="Pré-visualização de IRPF 2025.pdf"]');
    expect(await frame.getAttribute('src')).toMatch(/#page=1&zoom=100$/);
    await tools.getByRole('button', { name: 'Aumentar zoom' }).click();
    await tools.getByText('125%').waitFor();
    await tools.getByRole('button', { name: 'Próxima página' }).click();
    await tools.getByText('Página 2').waitFor();
    expect(await frame.getAttribute('src')).toMatch(/#page=2&zoom=125$/);
    await tools.getByRole('button', { name: 'Página anterior' }).click();
    await tools.getByRole('button', { name: 'Diminuir zoom' }).click();
    expect(await frame.getAttribute('src')).toMatch(/#page=1&zoom=100$/);
    // From here on, the keyboard alone.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

    await page.keyboard.press('j');
    await position(page).getByText('Documento 2 de 3').waitFor();
    await page.keyboard.press('k');
    await position(page).getByText('Documento 1 de 3').waitFor();
    // A accepts and moves on to the next file that waits.
    await page.keyboard.press('a');
    await page.getByRole('status').getByText('IRPF 2025.pdf: aceito.').waitFor();
    await position(page).getByText('Documento 2 de 3 · 2 a revisar').waitFor();
    // R puts the cursor in the reason; the letters typed there are text, not shortcuts; Enter confirms.
    await page.keyboard.press('r');
    const reason = page.getByLabel(/Motivo da recusa/);
    await reason.waitFor();
    expect(await reason.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('Recibo sem a página de rendimentos');
    await position(page).getByText('Documento 2 de 3').waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('status').getByText('IRPF recibo.pdf: recusado.').waitFor();
    await position(page).getByText('Documento 3 de 3 · 1 a revisar').waitFor();
    // The proof of address beside the declared address, the picture itself on screen.
    await data.getByText('Endereço declarado').waitFor();
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('img[alt="Pré-visualização de conta-luz.jpg"]');
      return img !== null && img.complete && img.naturalWidth > 0;
    });
    await screenshot(page, 'operator-review-address-desktop', { fullPage: false });
    // A picture zooms by its width in a scrolling box.
    const picture = page.locator('img[alt="Pré-visualização de conta-luz.jpg"]');
    await page
      .getByRole('group', { name: 'Visualização de conta-luz.jpg' })
      .getByRole('button', { name: 'Aumentar zoom' })
      .click();
    await expect.poll(() => picture.evaluate((img) => img.style.width)).toBe('125%');
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('a');
    await position(page).getByText('0 a revisar').waitFor();

    const docs = (await (await page.request.get(`/api/v3/proposals/${id}/documents`)).json()) as {
      data: { items: { files: { name: string; status: string; reviewReason: string | null }[] }[] };
    };
    const files = docs.data.items.flatMap((i) => i.files).map((f) => [f.name, f.status, f.reviewReason]);
    expect(files.sort()).toEqual([
      ['IRPF 2025.pdf', 'accepted', null],
      ['IRPF recibo.pdf', 'rejected', 'Recibo sem a página de rendimentos'],
      ['conta-luz.jpg', 'accepted', null],
    ]);
    // The other tabs of the split page, as the operator sees them: none a 3 000 px scroll.
    const heights: Record<string, number> = {};
    for (const tab of ['resumo', 'dados', 'documentos', 'financiamento', 'historico', 'notas']) {
      await page.goto(`/backoffice/proposals/${id}?aba=${tab}`);
      await page.getByRole('link', { name: /Revisar documentos/ }).waitFor();
      await page.waitForLoadState('networkidle');
      heights[tab] = await page.evaluate(() => document.documentElement.scrollHeight);
      await screenshot(page, `operator-proposal-${tab}-desktop`, { fullPage: false });
    }
    expect(Object.entries(heights).filter(([, h]) => h >= 3000)).toEqual([]);
    await context.close();
  });
});
