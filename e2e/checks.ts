import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The bytes the API stored for the proposal's file of this name (its "content" download). */
export async function storedFile(page: Page, proposalId: string, name: string): Promise<Buffer> {
  const list = (await (await page.request.get(`/api/v3/proposals/${proposalId}/documents`)).json()) as {
    data: { items: { files: { id: string; name: string }[] }[] };
  };
  const file = list.data.items.flatMap((i) => i.files).find((f) => f.name === name);
  if (!file) throw new Error(`${name} not stored`);
  const res = await page.request.get(`/api/v3/proposals/${proposalId}/documents/files/${file.id}/content`);
  expect(res.status()).toBe(200);
  return res.body();
}

const b64 = (value: string) => Buffer.from(value, 'utf8').toString('base64');

/**
 * Sends a file to a checklist item through the API the one way it takes one, tus 1.0 (creation,
 * then the whole file in one PATCH; docs/decisions/053-resumable-uploads.md), as the page's session.
 * Returns the stored document's id.
 */
export async function uploadFile(
  page: Page,
  proposalId: string,
  item: string,
  file: { name: string; mimeType: string; buffer: Buffer },
): Promise<string> {
  const metadata = [
    ['proposal', proposalId],
    ['item', item],
    ['filename', file.name],
    ['filetype', file.mimeType],
  ]
    .map(([k, v]) => `${k} ${b64(v!)}`)
    .join(',');
  const created = await page.request.post('/api/v3/uploads', {
    headers: { 'tus-resumable': '1.0.0', 'upload-length': String(file.buffer.length), 'upload-metadata': metadata },
  });
  expect(created.status(), await created.text()).toBe(201);
  const done = await page.request.patch(created.headers()['location']!, {
    headers: { 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    data: file.buffer,
  });
  expect(done.status(), await done.text()).toBe(204);
  const id = done.headers()['upload-document-file'];
  expect(id).toBeTruthy();
  return id!;
}

/** The serious and critical WCAG 2.1 AA violations axe finds on the screen as it stands. */
export async function seriousViolations(page: Page) {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ resultTypes: ['violations'] })
    .setLegacyMode()
    .analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
