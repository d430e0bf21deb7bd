import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ROUTES, roleForPath } from '../packages/domain/src/routes';
import { DEMO_PASSWORD, PHONE, signIn, useBrowser } from './fixtures';
import { auditScreen, type ScreenFinding } from './screen-audit';

/** The route ids that have a screen (apps/web/src/app/screen-loaders.ts). */
function builtRouteIds(): Set<string> {
  const text = readFileSync(fileURLToPath(new URL('../apps/web/src/app/screen-loaders.ts', import.meta.url)), 'utf8');
  return new Set([...text.matchAll(/^\s*'?([\w.-]+)'?:\s*(?:lazy|\()/gm)].map((m) => m[1]!));
}

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

const report = (findings: ScreenFinding[]) =>
  findings.map((f) => `${f.url} [${f.kind}] ${f.detail}`).filter((line, i, all) => all.indexOf(line) === i);

/**
 * Every screen of the route table, at 390 px, for each role: no English word or internal id on
 * screen, no interactive target under 44×44 px, no horizontal scroll. One browser; one logged-in
 * context per role, reused for all of its screens.
 */
describe('every screen on a phone: Portuguese only, thumb-sized targets, no sideways scroll', () => {
  const browser = useBrowser();
  const built = builtRouteIds();

  it('public screens', async () => {
    const { page, context } = await browser.newPage(PHONE);
    const findings: ScreenFinding[] = [];
    for (const url of [
      '/buyer/login',
      '/auth/login',
      '/auth/seller/login',
      '/auth/operator/login',
      '/buyer/recover',
      '/buyer/change-password',
      '/error',
      '/nao-existe',
    ]) {
      await page.goto(url);
      await settled(page);
      findings.push(...(await auditScreen(page, url)));
    }
    await context.close();
    expect(report(findings)).toEqual([]);
  }, 120_000);

  for (const role of ['buyer', 'seller', 'operator'] as const) {
    it(`every ${role} screen`, async () => {
      const { page, context } = await browser.newPage(PHONE);
      const login = {
        buyer: 'comprador@demo.com.br',
        seller: 'vendedor@demo.com.br',
        operator: 'operador@demo.com.br',
      }[role];
      if (role === 'operator') {
        await page.goto('/auth/operator/login');
        await page.getByLabel('E-mail ou CPF').fill(login);
        await page.getByLabel('Senha', { exact: true }).fill(DEMO_PASSWORD);
        await page.getByRole('button', { name: 'Entrar' }).click();
        await page.waitForURL('**/backoffice**');
      } else {
        await signIn(page, login, role);
      }
      const proposals = (await (await page.request.get('/api/v3/proposals')).json()).data as {
        id: string;
        code: string;
      }[];
      const proposal = proposals.find((p) => p.code === 'PF-2026-004817') ?? proposals[0]!;
      if (role === 'buyer') await page.evaluate((id) => localStorage.setItem('portal:proposal', id), proposal.id);

      const routes = ROUTES.filter(
        (r) =>
          r.access === 'private' &&
          built.has(r.id) &&
          roleForPath(r.path) === role &&
          r.id !== 'seller.select-proposal',
      );
      const findings: ScreenFinding[] = [];
      for (const route of routes) {
        const url =
          route.path.replace(':proposalId', proposal.id).replace(':question', '1') +
          (route.path.startsWith('/buyer/') ? '?buyer=1' : '');
        await page.goto(url);
        await settled(page);
        findings.push(...(await auditScreen(page, route.path)));
      }
      await context.close();
      expect(routes.length).toBeGreaterThan(0);
      expect(report(findings)).toEqual([]);
    }, 300_000);
  }
});
