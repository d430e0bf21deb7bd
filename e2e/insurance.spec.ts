import { describe, expect, it } from 'vitest';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { FOLLOW_UP_LABELS, HEALTH_TOOLTIP } from '@portal/domain/health-questionnaire';
import { chooseProposal, opened, PHONE, screenshot, signIn, useBrowser } from './fixtures';
import { auditScreen } from './screen-audit';

/** The navigation bar's back button (not the form's own buttons). */
const navBack = (page: Page) => page.locator('.nav-bar').getByRole('button', { name: 'Voltar' }).click();
const onQuestion = async (page: Page, n: number, query = '') => {
  await page.waitForURL(`**/buyer/seguradora/perguntas/${n}${query}`);
  await page.getByText(`Pergunta ${n} de 16`).waitFor();
};

/** Serious or critical WCAG 2.1 AA violations on the screen as it stands. */
async function axeProblems(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

type Answer = { value: 'Sim' | 'Não'; medication?: 'Sim' | 'Não'; treatment?: 'Sim' | 'Não' };

/** Answers the question on screen and goes on with the form's button. */
async function answerQuestion(page: Page, a: Answer) {
  await page.getByRole('radiogroup').first().getByText(a.value, { exact: true }).click();
  if (a.medication)
    await page
      .getByRole('radiogroup', { name: FOLLOW_UP_LABELS.medication })
      .getByText(a.medication, { exact: true })
      .click();
  if (a.treatment)
    await page
      .getByRole('radiogroup', { name: FOLLOW_UP_LABELS.treatment })
      .getByText(a.treatment, { exact: true })
      .click();
  await page
    .locator('.question')
    .getByRole('button', { name: /^(Próxima|Concluir|Salvar)$/ })
    .click();
}

async function consentAndStart(page: Page, insurerName: string) {
  await page.waitForURL('**/buyer/seguradora/empresa');
  const box = page.getByRole('region', { name: 'Consentimento para o tratamento dos seus dados de saúde' });
  await box.getByText('O que coletamos:').waitFor();
  await box.getByText('Para quê:').waitFor();
  await box.getByText(`a seguradora ${insurerName}, que faz essa análise`, { exact: false }).waitFor();
  expect(await page.getByRole('button', { name: 'Autorizar e começar' }).isDisabled()).toBe(true);
  await box.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Autorizar e começar' }).click();
  await onQuestion(page, 1);
}

describe('insurance: the health declaration (DPS)', () => {
  const browser = useBrowser();

  // A whole journey through the screens (about 30 s alone): with three spec files side by side on two
  // cores it needs more than the default minute, as the other journeys here have.
  it('Itaú: consent, the 16 questions with follow-ups, tooltips and sublabels, the back button rule, review and confirmation', async () => {
    const { page, context } = await browser.newPage(PHONE);
    await signIn(page, 'comprador@demo.com.br');
    await chooseProposal(page, 'PF-2026-004817');
    const proposalId = (await page.evaluate(() => localStorage.getItem('portal:proposal')))!;
    const api = (path = '') => `/api/v3/proposals/${proposalId}/insurance${path}`;

    await page.getByRole('link', { name: 'Seguro e declaração de saúde' }).click();
    await page.waitForURL('**/buyer/insurance');
    await page.getByText('Itaú Seguros', { exact: true }).waitFor();
    await page.getByText('Não iniciada').first().waitFor();
    await page.getByRole('button', { name: 'Começar a declaração' }).click();
    await page.waitForURL('**/buyer/insurance-itau');
    await page.getByRole('heading', { name: 'Seguro habitacional Itaú' }).waitFor();
    await page.getByText('Itaú Seguros S.A.').waitFor();
    await page.getByRole('button', { name: 'Começar' }).click();

    // No answer is saved without the consent.
    const refused = await page.request.put(api('/answers/1'), { data: { value: 'no' } });
    expect(refused.status()).toBe(409);
    expect((await refused.json()).error.message).toBe(
      'Para responder à declaração de saúde, dê primeiro o seu consentimento para o tratamento desses dados.',
    );
    await page.waitForURL('**/buyer/seguradora/empresa');
    await page.getByRole('region', { name: 'Consentimento para o tratamento dos seus dados de saúde' }).waitFor();
    await screenshot(page, 'insurance-consent-itau-phone');
    expect(await axeProblems(page)).toEqual([]);
    await consentAndStart(page, 'Itaú Seguros');
    const overview = (await (await page.request.get(api())).json()).data;
    expect(overview.me.consent.version).toBe(overview.consentVersion);

    // Back at the first question (opened straight from another page, so history would go
    // elsewhere): the counter goes below 0 and the screen before the questions shows;
    // back again (counter -1): one page back in history, to the question.
    await page.getByText('Perguntas Gerais').first().waitFor();
    await page.goto('/buyer/insurance');
    await page.goto('/buyer/seguradora/perguntas/1');
    await onQuestion(page, 1);
    await navBack(page);
    await page.waitForURL('**/buyer/seguradora/empresa');
    await navBack(page);
    await onQuestion(page, 1);

    await answerQuestion(page, { value: 'Não' });
    await onQuestion(page, 2);
    await answerQuestion(page, { value: 'Não' });
    await onQuestion(page, 3);
    await page.getByText('Doenças').first().waitFor();
    // A yes to items 3–16 opens the follow-ups, which are then required.
    await page.getByRole('radiogroup').first().getByText('Sim', { exact: true }).click();
    await page.getByText(FOLLOW_UP_LABELS.medication).waitFor();
    expect(await page.locator('.question').getByRole('button', { name: 'Próxima' }).isDisabled()).toBe(true);
    await answerQuestion(page, { value: 'Sim', medication: 'Sim', treatment: 'Não' });
    for (let n = 4; n <= 9; n++) {
      await onQuestion(page, n);
      await answerQuestion(page, { value: 'Não' });
    }
    await onQuestion(page, 10);
    await page.getByText('Por exemplo: infarto, angina, insuficiência cardíaca').waitFor();
    await page.getByRole('radiogroup').first().getByText('Sim', { exact: true }).click();
    await page.getByText(FOLLOW_UP_LABELS.treatment).waitFor();
    await screenshot(page, 'insurance-question-10-follow-ups-phone');
    expect(await axeProblems(page)).toEqual([]);
    // Thumb-sized targets (44 × 44 px) with the follow-ups open (the route walk never opens them).
    expect(await auditScreen(page, 'question 10 with follow-ups')).toEqual([]);
    await answerQuestion(page, { value: 'Sim', medication: 'Não', treatment: 'Sim' });
    await onQuestion(page, 11);
    await page.getByRole('button', { name: `Mais informações: ${HEALTH_TOOLTIP}` }).click();
    await page.getByRole('tooltip').getByText(HEALTH_TOOLTIP).waitFor();
    await screenshot(page, 'insurance-question-11-tooltip-phone');
    await answerQuestion(page, { value: 'Não' });
    for (let n = 12; n <= 15; n++) {
      await onQuestion(page, n);
      if (n === 14) await page.getByText('Por exemplo: asma, bronquite crônica').waitFor();
      await answerQuestion(page, { value: 'Não' });
    }
    // Back at the last question (opened straight from another page): one question back, the
    // counter goes from 15 to 14 — not back in history.
    await onQuestion(page, 16);
    await page.goto('/buyer/insurance');
    await page.goto('/buyer/seguradora/perguntas/16');
    await onQuestion(page, 16);
    await navBack(page);
    await onQuestion(page, 15);
    await answerQuestion(page, { value: 'Não' });
    await onQuestion(page, 16);
    await answerQuestion(page, { value: 'Não' });
    await page.waitForURL('**/buyer/seguradora/proposta');
    await page.getByText('Você respondeu às 16 perguntas.').waitFor();
    await page.getByText('Você respondeu “Sim” a 2 pergunta(s)', { exact: false }).waitFor();
    // After the questionnaire the counter is -1 again: back is one page in history.
    await navBack(page);
    await onQuestion(page, 16);

    // With ?buyer set (not 0), back goes to that buyer's document registration.
    await page.goto('/buyer/seguradora/perguntas/5?buyer=2');
    await onQuestion(page, 5, '?buyer=2');
    await navBack(page);
    await page.waitForURL('**/buyer/document-registration?buyer=2');
    // buyer=0 means "not a buyer": the counter rule applies.
    await page.goto('/buyer/seguradora/perguntas/5?buyer=0');
    await onQuestion(page, 5, '?buyer=0');
    await navBack(page);
    await onQuestion(page, 4, '?buyer=0');

    // /buyer/seguradora sends to the right child: all answered, not confirmed → the proposal.
    await page.goto('/buyer/seguradora');
    await page.waitForURL('**/buyer/seguradora/proposta');
    await page.getByRole('button', { name: 'Revisar respostas' }).click();
    await page.waitForURL('**/buyer/seguradora/revisao');
    await page.getByRole('heading', { name: 'Perguntas Gerais' }).waitFor();
    await page.getByRole('heading', { name: 'Doenças' }).waitFor();
    // Edit an answer from the review.
    await page.getByRole('link', { name: 'Alterar a resposta da pergunta 3' }).click();
    await onQuestion(page, 3, '?from=revisao');
    await answerQuestion(page, { value: 'Não' });
    await page.waitForURL('**/buyer/seguradora/revisao');
    // The address changes before React swaps the screens: the editable review (its confirmation
    // box) is on screen before it is pictured and checked, not the question 3 it replaces.
    const confirmation = page.getByRole('checkbox', { name: 'Li e confirmo a declaração acima' });
    await confirmation.waitFor();
    await screenshot(page, 'insurance-review-itau-phone');
    expect(await axeProblems(page)).toEqual([]);
    // The editable review ("Alterar" per answer, the confirmation box): the route walk's demo
    // declaration is already confirmed, so it only sees the read-only one.
    expect(await auditScreen(page, 'health review (editable)')).toEqual([]);
    await confirmation.check();
    await page.getByRole('button', { name: 'Confirmar declaração' }).click();
    await page.waitForURL('**/buyer/insurance');
    await page.getByText('Concluída').first().waitFor();
    await screenshot(page, 'insurance-overview-itau-phone');
    expect(await axeProblems(page)).toEqual([]);

    // The stored result, through the API.
    const stored = (await (await page.request.get(api('/answers'))).json()).data;
    expect(stored.completed).toBe(true);
    expect(stored.answers).toHaveLength(16);
    expect(stored.answers[2]).toEqual({ key: 'leukemia', value: 'no' });
    expect(stored.answers[9]).toEqual({ key: 'heartDiseases', value: 'yes', medication: 'no', treatment: 'yes' });
    expect(stored.answers.filter((a: { value: string }) => a.value === 'yes')).toHaveLength(1);
    expect((await (await page.request.get(api())).json()).data).toMatchObject({
      insurer: 'itau',
      me: { completed: true },
      buyers: [{ status: 'completed' }, { status: 'not_started' }],
    });
    await context.close();
  }, 180_000);

  it('Tokio Marine: its own page and consent, the whole questionnaire, confirmation, then revoking deletes the answers', async () => {
    const { page, context } = await browser.newPage(PHONE);
    await signIn(page, 'outro@demo.com.br');
    await chooseProposal(page, 'PF-2026-003390');
    const proposalId = (await page.evaluate(() => localStorage.getItem('portal:proposal')))!;
    const api = (path = '') => `/api/v3/proposals/${proposalId}/insurance${path}`;

    // The other insurer's page sends to this proposal's insurer.
    await page.goto('/buyer/insurance-itau');
    await page.waitForURL('**/buyer/insurance-tokio');
    await page.getByRole('heading', { name: 'Seguro habitacional Tokio Marine' }).waitFor();
    await page.getByText('Tokio Marine Seguradora S.A.').waitFor();
    await screenshot(page, 'insurance-tokio-phone');
    await page.getByRole('button', { name: 'Começar' }).click();
    await consentAndStart(page, 'Tokio Marine');
    for (let n = 1; n <= 16; n++) {
      await onQuestion(page, n);
      if (n === 13) {
        await page.getByRole('button', { name: `Mais informações: ${HEALTH_TOOLTIP}` }).click();
        await page.getByRole('tooltip').getByText(HEALTH_TOOLTIP).waitFor();
      }
      await answerQuestion(page, n === 13 ? { value: 'Sim', medication: 'Sim', treatment: 'Sim' } : { value: 'Não' });
    }
    await page.waitForURL('**/buyer/seguradora/proposta');
    await page.getByRole('button', { name: 'Revisar respostas' }).click();
    await page.waitForURL('**/buyer/seguradora/revisao');
    await page.getByText(/Tokio Marine, que as informações prestadas/).waitFor();
    await page.getByRole('checkbox', { name: 'Li e confirmo a declaração acima' }).check();
    await page.getByRole('button', { name: 'Confirmar declaração' }).click();
    await page.waitForURL('**/buyer/insurance');
    await page.getByText('Concluída').first().waitFor();
    const stored = (await (await page.request.get(api('/answers'))).json()).data;
    expect(stored).toMatchObject({ completed: true });
    expect(stored.answers).toHaveLength(16);
    expect(stored.answers[12]).toEqual({
      key: 'arterialHypertension',
      value: 'yes',
      medication: 'yes',
      treatment: 'yes',
    });
    expect((await (await page.request.get(api())).json()).data).toMatchObject({
      insurer: 'tokio',
      insurerName: 'Tokio Marine',
      me: { completed: true },
    });

    // Revoking: the answers are deleted and the declaration starts over.
    await page.getByRole('button', { name: 'Revogar consentimento' }).click();
    const revoke = page.getByRole('dialog').filter({ hasText: 'As suas respostas de saúde serão apagadas' });
    await revoke.waitFor();
    await (await opened(revoke)).getByRole('button', { name: 'Revogar e apagar respostas' }).click();
    await page.getByText('Consentimento revogado. Suas respostas foram apagadas.').waitFor();
    await page.getByText('Não iniciada').first().waitFor();
    expect((await (await page.request.get(api())).json()).data.me).toMatchObject({
      consent: null,
      answered: [],
      completed: false,
    });
    expect((await (await page.request.get(api('/answers'))).json()).data.answers).toEqual([]);
    // And the questionnaire asks for the consent again.
    await page.goto('/buyer/seguradora/perguntas/1');
    await page.waitForURL('**/buyer/seguradora/empresa');
    await context.close();
  });
});
