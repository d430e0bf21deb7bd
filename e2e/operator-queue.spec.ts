import { describe, expect, it } from 'vitest';
import { waitingDays, waitingText } from '@portal/domain/backoffice-queue';
import { activateInvited, chooseProposal, DESKTOP, makePdf, PHONE, screenshot, signIn, useBrowser } from './fixtures';
import { createProposal, freshPerson } from './phone-walk';

const PASSWORD = 'Fila2026ok';
const INCOME_TAX = 'Declaração de Imposto de Renda — comprador principal';
const OPERATOR = 'Juliana Costa (Equipe do portal)';

/**
 * The queue's "aguardando há …" for a wait that began after `since`: "0 dias", and also "1 dia" if
 * São Paulo's midnight (03:00 UTC), where the queue counts a day, came since then. The server reads
 * its clock before this does, so counting to a minute from now covers its answer.
 */
function waitedSince(since: number): RegExp {
  const most = waitingDays(since, Date.now() + 60_000);
  const texts = Array.from({ length: most + 1 }, (_, days) => waitingText(days));
  return new RegExp(`^(${texts.join('|')})$`);
}

/**
 * "Minha fila" (docs/decisions/050-operator-queue.md): a new buyer sends a document, the operator's
 * queue shows the proposal waiting since today with the reason; "Assumir" makes the operator
 * responsible, and the proposal is then under "Responsável: eu".
 */
describe('the operator queue', () => {
  const browser = useBrowser();

  it('shows a document just sent as waiting 0 days; after "Assumir" it is the operator\'s', async () => {
    const op = await browser.newPage(DESKTOP);
    await signIn(op.page, 'operador@demo.com.br', 'operator');
    const buyer = freshPerson('Otávio Fila Nogueira');
    const proposal = await createProposal(op.page.request, buyer);
    await activateInvited(buyer.email, PASSWORD);

    const sentAfter = Date.now();
    const b = await browser.newPage(DESKTOP);
    await signIn(b.page, buyer.email, 'buyer', PASSWORD);
    await chooseProposal(b.page, proposal.code);
    await b.page.goto('/buyer/documents/upload');
    await b.page
      .getByLabel(`Escolher arquivos para ${INCOME_TAX}`)
      .setInputFiles({ name: 'IRPF 2025.pdf', mimeType: 'application/pdf', buffer: makePdf() });
    await b.page.getByRole('region', { name: INCOME_TAX }).getByText('Enviado — em análise').waitFor();
    await b.context.close();

    // The queue is the back office's first tab.
    await op.page.getByRole('navigation', { name: 'Menu da equipe do portal' }).getByRole('link').first().click();
    await op.page.waitForURL('**/backoffice/fila');
    const row = op.page.getByRole('row').filter({ hasText: proposal.code });
    await row.getByText(waitedSince(sentAfter)).waitFor();
    expect(await row.getByText('Documentos enviados a revisar').count()).toBe(1);
    expect(await row.getByRole('cell', { name: 'Ninguém' }).count()).toBe(1);
    await screenshot(op.page, 'operator-queue-1280');

    await row.getByRole('link', { name: proposal.code }).click();
    await op.page.waitForURL(`**/backoffice/proposals/${proposal.id}`);
    const owner = op.page.getByRole('region', { name: 'Responsável' });
    await owner.getByText('Ninguém').waitFor();
    await owner.getByRole('button', { name: 'Assumir' }).click();
    await owner.getByText(`${OPERATOR} (você)`).waitFor();
    await screenshot(op.page, 'operator-queue-owner', { fullPage: false });

    await op.page.goto('/backoffice/fila');
    await op.page.getByRole('row').filter({ hasText: proposal.code }).getByText(OPERATOR).waitFor();
    // The choice shows within the click itself: the URL follows in a React transition, and the
    // radio must not jump back to "Todos" meanwhile (lib/use-search-params-now.ts).
    const me = op.page.getByRole('radio', { name: 'Eu' });
    expect(
      await me.evaluate((radio: HTMLInputElement) => {
        radio.click();
        return radio.checked;
      }),
    ).toBe(true);
    await op.page.waitForURL('**/backoffice/fila?responsavel=eu');
    expect(await me.isChecked()).toBe(true);
    const mine = op.page.getByRole('row').filter({ hasText: proposal.code });
    await mine.getByText(OPERATOR).waitFor();
    await mine.getByText(waitedSince(sentAfter)).waitFor();
    // Only the operator's own proposals are left. The table keeps everyone's queue on screen (under
    // its spinner) until the filtered page arrives, and this proposal's row is in both lists: the
    // waits above may have found it in the old one, so this check waits for the new list.
    const rows = op.page.getByRole('table', { name: 'Minha fila' }).locator('tbody tr');
    await expect.poll(async () => (await rows.allInnerTexts()).filter((text) => !text.includes(OPERATOR))).toEqual([]);
    // The back button goes back to everyone's queue, and the radio with it.
    await op.page.goBack();
    await op.page.waitForURL('**/backoffice/fila');
    await op.page.getByRole('radio', { name: 'Todos', checked: true }).waitFor();
    expect(await me.isChecked()).toBe(false);
    await op.page.goForward();
    await op.page.waitForURL('**/backoffice/fila?responsavel=eu');
    await op.page.getByRole('radio', { name: 'Eu', checked: true }).waitFor();

    await op.page.setViewportSize(PHONE);
    await op.page.getByRole('link', { name: proposal.code }).waitFor();
    await screenshot(op.page, 'operator-queue-390');
    await op.context.close();
  }, 120_000);
});
