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

/** The serious and critical WCAG 2.1 AA violations axe finds on the screen as it stands. */
export async function seriousViolations(page: Page) {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ resultTypes: ['violations'] })
    .setLegacyMode()
    .analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
