import { describe, expect, it } from 'vitest';
import { chooseProposal, pathOf, signIn, useBrowser } from './fixtures';

const browser = useBrowser();

/** /buyer/fgts/utils has no screen: it opens the one where the buyer's FGTS stands. */
describe('/buyer/fgts/utils', () => {
  it('opens the screen the FGTS state names, for the utility route and anything under it', async () => {
    const { page, context } = await browser.newPage();
    await signIn(page, 'comprador@demo.com.br');
    const proposalId = await chooseProposal(page, 'PF-2026-004817');
    const res = await page.request.get(`/api/v3/proposals/${proposalId}/fgts?buyer=0`);
    const { resumePath } = ((await res.json()) as { data: { resumePath: string } }).data;
    expect(resumePath).toMatch(/^\/buyer\/(fgts|documents)\//);
    for (const path of ['/buyer/fgts/utils', '/buyer/fgts/utils/estado']) {
      await page.goto(path);
      await page.waitForURL((url) => `${url.pathname}${url.search}` === resumePath);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.getByText('Página não encontrada').count()).toBe(0);
    }
    await context.close();
  });

  it('on a CGI (no FGTS) it goes back to the proposal home', async () => {
    const { page, context } = await browser.newPage();
    await signIn(page, 'comprador@demo.com.br');
    await chooseProposal(page, 'CGI-2026-001293');
    await page.goto('/buyer/fgts/utils');
    await page.waitForURL('**/buyer/home');
    expect(pathOf(page)).toBe('/buyer/home');
    await context.close();
  });
});
