import { describe, expect, it } from 'vitest';
import {
  activateInvited,
  answer,
  chooseProposal,
  DESKTOP,
  FGTS_QUESTIONS as Q,
  loginAs,
  PHONE,
  signIn,
  stepIndicator,
  useBrowser,
} from './fixtures';
import { createProposal, freshPerson } from './phone-walk';

/**
 * "Salvar e continuar" on the FGTS questions, at a phone's speed (CPU slowed 6x), 20 times: each time
 * the buyer reaches the next FGTS step, never a page with the title alone. The questions page sends
 * a buyer whose answers allow FGTS on by itself once the save's refetch arrives, and the form also
 * navigated after the save; when the refetch won, the form's navigation brought the page back to a
 * redirect that had already acted, and the page stayed blank until a reload.
 *
 * The race is all after the click (the save, its refetch, the two navigations): the CPU is slowed
 * from the click until the next step shows. Opening the questions again for the next round (a whole
 * page load, the app started anew) runs at full speed: at 6x it was most of the file's minutes.
 */
const browser = useBrowser();
const PASSWORD = 'Corrida2026';

describe('FGTS questions at a phone speed', () => {
  it('"Salvar e continuar" reaches the next step 20 times out of 20 (CPU 6x slower)', async () => {
    const op = await browser.newPage(DESKTOP);
    await signIn(op.page, 'operador@demo.com.br', 'operator');
    const buyer = freshPerson('Helena Prado Moreira');
    const proposal = await createProposal(op.page.request, buyer);
    await activateInvited(buyer.email, PASSWORD);

    const { page, context } = await browser.newPage(PHONE);
    page.setDefaultTimeout(30_000);
    await loginAs(page, buyer.email, 'buyer', PASSWORD);
    await chooseProposal(page, proposal.code);
    const cdp = await context.newCDPSession(page);
    const cpuSlowedBy = (rate: number) => cdp.send('Emulation.setCPUThrottlingRate', { rate });

    const outcomes: string[] = [];
    for (let round = 1; round <= 20; round++) {
      if (round > 1) {
        // The team sends the questions back: the buyer answers them again, as on a first visit.
        const res = await op.page.request.post(
          `/api/v3/backoffice/proposals/${proposal.id}/sections/fgts_questions/correction`,
          { data: { buyer: 0, note: `Confirme as respostas (rodada ${round}).` } },
        );
        expect(res.status(), await res.text()).toBe(200);
      }
      await page.goto('/buyer/fgts/questions?buyer=1');
      await page.getByRole('radiogroup', { name: Q.uses }).waitFor();
      if (round === 1) {
        await answer(page, Q.uses, 'Sim');
        await answer(page, Q.years, 'Sim');
        await answer(page, Q.city, 'Sim');
        await answer(page, Q.home, 'Não');
        await answer(page, Q.sfh, 'Não');
        await answer(page, Q.recent, 'Não');
      }
      await cpuSlowedBy(6);
      await page.getByRole('button', { name: 'Salvar e continuar' }).click();
      try {
        await page.waitForURL('**/buyer/fgts/address?buyer=1', { timeout: 30_000 });
        await stepIndicator(page, 'FGTS — Endereço').waitFor({ timeout: 30_000 });
        outcomes.push('next step');
      } catch {
        const main = await page
          .locator('main')
          .innerText()
          .catch(() => '');
        outcomes.push(`stuck at ${new URL(page.url()).pathname}${new URL(page.url()).search}: ${main.slice(0, 120)}`);
      }
      await cpuSlowedBy(1);
    }
    expect(outcomes).toEqual(Array.from({ length: 20 }, () => 'next step'));
    await context.close();
    await op.context.close();
  }, 900_000);
});
