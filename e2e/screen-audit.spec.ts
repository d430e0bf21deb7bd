import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE, screenshot, useBrowser } from './fixtures';
import { PUBLIC_URLS, walkRoleScreens } from './route-walk';
import { auditScreen, type ScreenFinding } from './screen-audit';

/** Waits until the screen is drawn: its main landmark, no request in flight, no skeleton left. */
async function settled(page: Page) {
  await page.locator('main, [role="main"]').first().waitFor();
  await page.waitForLoadState('networkidle');
  await page
    .locator('.ant-skeleton')
    .first()
    .waitFor({ state: 'detached', timeout: 5_000 })
    .catch(() => undefined);
}

/** The journey's screens pictured during the walk (test-results/screens/audit-*.png). */
const JOURNEY_SHOTS: Record<string, string> = {
  '/buyer/investment': 'audit-investment-phone',
  '/buyer/documents/fgts': 'audit-fgts-forms-phone',
  '/buyer/seguradora/revisao': 'audit-health-review-phone',
  '/seller/proposals': 'audit-seller-home-phone',
  '/auth/convite': 'audit-invitation-invalid-phone',
};

const report = (findings: ScreenFinding[]) =>
  findings.map((f) => `${f.url} [${f.kind}] ${f.detail}`).filter((line, i, all) => all.indexOf(line) === i);

/**
 * Every screen of the route table, at 390 px, for each role: no English word or internal id on
 * screen, no interactive target under 44×44 px, no horizontal scroll. One browser; one logged-in
 * context per role, reused for all of its screens.
 */
// The four walks run side by side, as the accessibility sweep's do (docs/decisions/047-ci-time.md).
describe.concurrent('every screen on a phone: Portuguese only, thumb-sized targets, no sideways scroll', () => {
  const browser = useBrowser();

  it('public screens', async (test) => {
    const { page, context } = await browser.newPage(PHONE, test);
    const findings: ScreenFinding[] = [];
    for (const url of PUBLIC_URLS) {
      await page.goto(url);
      await settled(page);
      findings.push(...(await auditScreen(page, url)));
      const shot = JOURNEY_SHOTS[new URL(page.url()).pathname];
      if (shot) await screenshot(page, shot);
    }
    await context.close();
    expect(report(findings)).toEqual([]);
  }, 120_000);

  for (const role of ['buyer', 'seller', 'operator'] as const) {
    it(`every ${role} screen`, async (test) => {
      const { page, context } = await browser.newPage(PHONE, test);
      const findings: ScreenFinding[] = [];
      const count = await walkRoleScreens(
        page,
        role,
        async (_url, path) => {
          await settled(page);
          findings.push(...(await auditScreen(page, path)));
          // The screens of the three people's journey, kept as pictures to look at.
          const shot = JOURNEY_SHOTS[new URL(page.url()).pathname.replace(/\/proposals\/[^/]+/, '/proposals/:id')];
          if (shot) await screenshot(page, shot);
        },
        { skip: ['seller.select-proposal'] },
      );
      await context.close();
      expect(count).toBeGreaterThan(0);
      expect(report(findings)).toEqual([]);
    }, 300_000);
  }
});
