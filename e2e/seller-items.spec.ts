import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chooseProposal, DESKTOP, PHONE, screenshot, signIn, useBrowser } from './fixtures';

const browser = useBrowser();

const STATE_LABELS: Record<string, string> = {
  pending: 'Pendente',
  sent: 'Enviado — em análise',
  accepted: 'Aceito',
  rejected: 'Recusado — envie um novo arquivo',
  expired: 'Vencido — envie uma cópia nova',
};

async function openUploads(page: Page): Promise<string> {
  await signIn(page, 'comprador@demo.com.br');
  const proposalId = await chooseProposal(page, 'PF-2026-004817');
  await page.getByRole('link', { name: 'Envio de documentos' }).first().click();
  await page.waitForURL('**/buyer/documents/upload');
  await page.getByRole('heading', { name: 'Envio de documentos' }).waitFor();
  return proposalId;
}

describe("the buyer follows the seller's documents", () => {
  for (const [label, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`shows the IPTU, the matrícula and the seller form read-only, each with its state (${label})`, async () => {
      const { page, context } = await browser.newPage(viewport);
      const proposalId = await openUploads(page);
      const section = page.locator('section', { has: page.getByRole('heading', { name: 'Documentos do vendedor' }) });
      await section.waitFor();
      // The states the server knows now (other specs may have sent some of them).
      const res = await page.request.get(`/api/v3/proposals/${proposalId}/documents`);
      const followed = ((await res.json()) as { data: { sellerItems: { title: string; state: string }[] } }).data
        .sellerItems;
      expect(followed.map((i) => i.title).sort()).toEqual([
        'Ficha cadastral do vendedor',
        'IPTU do ano corrente',
        'Matrícula atualizada do imóvel',
      ]);
      for (const item of followed) {
        const row = section.getByRole('listitem').filter({ hasText: item.title });
        await row.getByText(STATE_LABELS[item.state]!, { exact: true }).waitFor();
      }
      await section.getByText(/O vendedor envia estes documentos do imóvel/).waitFor();
      // Read-only: nothing to pick, drop or delete there.
      expect(await section.locator('input[type="file"], button').count()).toBe(0);
      // The summary at the top says how many are in and leads to the list.
      const accepted = followed.filter((i) => i.state === 'accepted').length;
      await page.getByText(`Documentos do vendedor: ${accepted} de 3 aceitos`).waitFor();
      await screenshot(page, `buyer-upload-seller-items-${label}`);
      await page.getByRole('link', { name: 'Documentos do vendedor' }).click();
      await page.waitForURL('**/buyer/documents/upload#documentos-do-vendedor');
      await screenshot(page, `buyer-upload-seller-items-${label}-section`, { fullPage: false });
      await context.close();
    });
  }
});
