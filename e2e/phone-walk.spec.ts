import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  activateInvited,
  chooseProposal,
  DESKTOP,
  joinByInvitation,
  pathOf,
  PHONE,
  screenshot,
  signIn,
  useBrowser,
} from './fixtures';
import {
  backofficeViews,
  buyerScreens,
  expectBuyerViews,
  countText,
  createProposal,
  freshPerson,
  progressOf,
  sellerScreens,
} from './phone-walk';

const PASSWORD = 'Caminhada2026';

/**
 * The done-when walk of docs/product/next-step.md at 390 px: a new buyer from the login to
 * "enviada para análise" and a new seller from the invitation to the end of their part, each
 * following only the "next" every screen offers. After every step, the buyer's proposal card, the
 * buyer home's progress bar and the back office give one and the same count, one step more.
 */
describe('phone walk: the next step always in sight, one count everywhere', () => {
  const browser = useBrowser();

  it('a new buyer and a new seller finish by following only "next"; every screen counts alike', async () => {
    const op = await browser.newPage(DESKTOP);
    await signIn(op.page, 'operador@demo.com.br', 'operator');
    const opApi = op.page.request;
    const buyer = freshPerson('Luana Andrade Teixeira');
    const seller = freshPerson('Otávio Ramos Pereira');
    const proposal = await createProposal(opApi, buyer);
    await activateInvited(buyer.email, PASSWORD);

    // A second page of the same buyer looks at the card and the home after every step.
    const watcher = await browser.newPage(PHONE);
    await signIn(watcher.page, buyer.email, 'buyer', PASSWORD);

    /** Steps the walk has done so far: every count must say exactly this many. */
    let walked = 0;
    /** Every screen gives the back office's count, and it counts the steps walked so far. */
    async function sameCountEverywhere(rendered: boolean, walker?: Page) {
      const p = await progressOf(opApi, proposal.id);
      const open = p.steps.filter((s) => s.state !== 'done').map((s) => s.id);
      // An optional step an answer made unnecessary ("não se aplica") is done without a screen.
      const skipped = p.steps.filter((s) => s.skipped).length;
      expect(p.done - skipped, `the steps walked so far (still open: ${open.join(', ')})`).toBe(walked);
      await expectBuyerViews(watcher.page, proposal.code, { count: countText(p), percent: p.percent });
      const listed = await opApi.get(`/api/v3/backoffice/proposals?q=${proposal.code}`);
      expect((await listed.json()).data.map((r: { fillingStatus: number }) => r.fillingStatus)).toEqual([p.percent]);
      if (rendered) {
        const bo = await backofficeViews(op.page, proposal.id, proposal.code);
        expect(bo.text.startsWith(`${countText(p)} · ${p.percent}%`), bo.text).toBe(true);
        expect(bo.listed).toBe(`${p.percent}%`);
      }
      // The form a person is on places itself among the same steps: "Etapa k de N" of this N.
      const indicator = walker?.locator('.step-indicator__text');
      if (walker && (await indicator!.count())) {
        const total = (await walker.evaluate(() => location.pathname)).startsWith('/seller/')
          ? p.seller.total
          : p.total;
        expect(await indicator!.innerText()).toMatch(new RegExp(`^Etapa \\d+ de ${total}:`));
      }
      return p;
    }

    // The buyer logs in and opens the proposal; the home's main button is the next step.
    const { page } = await browser.newPage(PHONE);
    await signIn(page, buyer.email, 'buyer', PASSWORD);
    await chooseProposal(page, proposal.code);
    await sameCountEverywhere(true);
    await screenshot(page, 'walk-buyer-home-start-phone');

    const screens = buyerScreens(seller);
    await page.getByRole('region', { name: 'Próximo passo' }).getByRole('button').first().click();
    for (let guard = 0; guard < 20; guard++) {
      const next = (await progressOf(page.request, proposal.id)).next;
      expect(next, 'the buyer always has a next step until sending').not.toBeNull();
      if (next!.kind === 'send') break;
      // The screen the "next" led to is the derived next step's.
      await page.waitForURL((url) => `${url.pathname}${url.search}` === next!.path);
      const fill = screens[pathOf(page)];
      expect(fill, `a screen for ${next!.path}`).toBeDefined();
      if (next!.kind === 'section') await page.locator('.step-indicator__text').waitFor();
      await sameCountEverywhere(false, page);
      await fill!(page);
      walked++;
      // Wherever "next" led, it is away from the step just done.
      await page.waitForURL((url) => `${url.pathname}${url.search}` !== next!.path);
      if (next!.kind === 'section' && next!.key === 'seller') await sameCountEverywhere(true);
    }

    // Everything of the buyers is done: "next" is the home, whose main button sends.
    await page.waitForURL('**/buyer/home');
    const panel = page.getByRole('region', { name: 'Próximo passo' });
    await panel.getByRole('button', { name: 'Enviar para análise' }).waitFor();
    let progress = await sameCountEverywhere(true);
    expect(progress.buyer).toMatchObject({ done: progress.buyer!.total - 1 });

    // The seller, invited by the buyer's seller form, follows the e-mailed link.
    const sp = (await browser.newPage(PHONE)).page;
    await joinByInvitation(sp, seller.email, PASSWORD);
    await sp.waitForURL('**/seller/proposals');
    await sp.getByText(`Sua parte: 0 de ${progress.seller.total} etapas concluídas`).waitFor();
    await sp.getByRole('button', { name: `Preencher: proposta ${proposal.code}` }).click();
    const sellerFill = sellerScreens(seller);
    const base = `/seller/proposals/${proposal.id}/`;
    for (let guard = 0; guard < 20; guard++) {
      const next = (await progressOf(sp.request, proposal.id)).next;
      if (!next) break;
      await sp.waitForURL((url) => url.pathname === next.path);
      const fill = sellerFill[next.kind === 'complete' ? 'complete' : next.path.slice(base.length)];
      expect(fill, `a seller screen for ${next.path}`).toBeDefined();
      await sp.locator('.step-indicator__text').waitFor();
      await sameCountEverywhere(false, sp);
      await fill!(sp);
      walked++;
      // The step is done once the server says so (the documents screen leads back to itself).
      await expect
        .poll(async () => (await progressOf(sp.request, proposal.id)).next?.id, { timeout: 10_000 })
        .not.toBe(next.id);
    }
    await sp.getByText('Sua parte está concluída').waitFor();
    progress = await sameCountEverywhere(true);
    expect(progress.seller).toMatchObject({ done: progress.seller.total, percent: 100 });

    // Back on the buyer's home: the main button sends the proposal for analysis, once confirmed.
    await page.reload();
    await panel.getByRole('button', { name: 'Enviar para análise' }).click();
    await page
      .getByRole('region', { name: 'Confirme o envio' })
      .getByRole('button', { name: 'Confirmar envio' })
      .click();
    await page.getByRole('heading', { name: 'Em análise' }).waitFor();
    walked++;
    progress = await sameCountEverywhere(true);
    expect(progress).toMatchObject({ done: progress.total, percent: 100, next: null });
    await screenshot(page, 'walk-buyer-home-sent-phone');
  }, 600_000);
});
