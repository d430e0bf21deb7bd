import { describe, expect, it } from 'vitest';
import type { APIRequestContext, Page } from 'playwright-core';
import { completeCpf } from '@portal/domain/cpf';
import { todayIso } from '@portal/domain/dates';
import {
  activateInvited,
  chooseProposal,
  DESKTOP,
  PHONE,
  screenshot,
  signIn,
  stepIndicator,
  useBrowser,
} from './fixtures';

const ELIGIBLE = {
  uses_fgts: 'yes',
  contribution_years: 'yes',
  works_or_lives_in_city: 'yes',
  owns_home_in_city: 'no',
  active_sfh_financing: 'no',
  used_fgts_last_3_years: 'no',
};
const PROPERTY_TITLE = 'O FGTS não pode ser usado na compra deste imóvel';

let seq = 0;
const PASSWORD = 'Financia2026';
type Person = { name: string; cpf: string; email: string };

/** A person no other spec knows (unique CPF and e-mail), so the demo accounts' proposal lists stay as seeded. */
function freshPerson(name: string): Person {
  seq++;
  const cpf = completeCpf(String(520_000_000 + seq * 6_997 + Math.floor(Math.random() * 1000)));
  return { name, cpf, email: `e2e-financiamento-${seq}-${cpf}@exemplo.com` };
}

/** A new financing proposal of `buyer`, with a fresh second buyer. */
async function createProposal(op: APIRequestContext, buyer: Person, options: { type?: string; amount?: string } = {}) {
  const second = freshPerson('Helena Teste Financiamento');
  const res = await op.post('/api/v3/backoffice/proposals', {
    data: {
      type: 'financing',
      buyers: [buyer, second],
      property: {
        type: options.type ?? 'residential',
        kind: 'apartment',
        zipCode: '01310-100',
        uf: 'SP',
        city: 'São Paulo',
      },
      financingOrCgiData: {
        amortizationSystem: 'SAC',
        amount: options.amount ?? '600.000,00',
        feeType: 'tr',
        installments: '360',
        insuranceCompanyName: 'itau',
        product: 'SFH — Imóvel residencial com FGTS',
      },
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).data as { id: string; code: string };
}

async function saveValues(op: APIRequestContext, id: string, values: object) {
  const res = await op.put(`/api/v3/backoffice/proposals/${id}/financing`, { data: values });
  expect(res.status()).toBe(200);
}

/** Opens the buyer's FGTS screen of a proposal (the chosen proposal lives in local storage). */
async function openFgts(page: Page, proposalId: string, path = '/buyer/fgts/questions?buyer=1') {
  await page.evaluate((id) => localStorage.setItem('portal:proposal', id), proposalId);
  await page.goto(path);
}

/** The reason is shown and the FGTS forms refuse to open (they send back to the reason). */
async function expectFgtsClosed(page: Page, proposalId: string, reason: RegExp) {
  await openFgts(page, proposalId);
  await page.getByText(PROPERTY_TITLE).waitFor();
  await page.getByText(reason).waitFor();
  await openFgts(page, proposalId, '/buyer/fgts/address?buyer=1');
  await page.waitForURL('**/buyer/fgts/questions?buyer=1');
  await page.getByText(PROPERTY_TITLE).waitFor();
  expect(await stepIndicator(page, 'FGTS — Endereço').count()).toBe(0);
}

/** The FGTS forms open: the questions screen sends an eligible buyer on to the first step. */
async function expectFgtsOpen(page: Page, proposalId: string) {
  await openFgts(page, proposalId);
  await page.waitForURL('**/buyer/fgts/address?buyer=1');
  await stepIndicator(page, 'FGTS — Endereço').waitFor();
}

/** The titles under "O que falta" on the buyer's home for a proposal. */
async function pendingSections(page: Page, proposalId: string) {
  await page.evaluate((id) => localStorage.setItem('portal:proposal', id), proposalId);
  await page.goto('/buyer/home');
  await page.getByRole('heading', { name: 'O que falta' }).waitFor();
  return page.locator('.section-rows__title').allInnerTexts();
}
const FGTS_ADDRESS_TITLE = 'FGTS — Endereço do imóvel e ocupação';

describe('financing: property values, installments and the FGTS property rules', () => {
  const browser = useBrowser();

  // A whole journey through the screens (about 30 s alone): with three spec files side by side on two
  // cores it needs more than the default minute, as the other journeys here have.
  it('an FGTS buyer sees why each failing property closes the FGTS forms; a compliant one opens them; the ceiling is a setting', async () => {
    const op = await browser.newPage(DESKTOP);
    await signIn(op.page, 'operador@demo.com.br', 'operator');
    const opApi = op.page.request;
    const owner = freshPerson('Carlos Teste Financiamento');
    const aboveCeiling = await createProposal(opApi, owner, { amount: '1.000.000,00' });
    await activateInvited(owner.email, PASSWORD);
    const [commercial, resold, compliant] = [
      await createProposal(opApi, owner, { type: 'commercial' }),
      await createProposal(opApi, owner),
      await createProposal(opApi, owner),
    ];
    await saveValues(opApi, aboveCeiling.id, { propertyValue: '2.400.000,00', interestRate: '10,49' });
    await saveValues(opApi, resold.id, { propertyValue: '900.000,00', interestRate: '10,49' });
    await saveValues(opApi, compliant.id, {
      propertyValue: '900.000,00',
      appraisalValue: '880.000,00',
      interestRate: '10,49',
    });

    const buyer = await browser.newPage(PHONE);
    await signIn(buyer.page, owner.email, 'buyer', PASSWORD);
    const buyerApi = buyer.page.request;
    for (const p of [aboveCeiling, commercial, resold, compliant]) {
      const res = await buyerApi.put(`/api/v3/proposals/${p.id}/sections/fgts_questions?buyer=0`, { data: ELIGIBLE });
      expect(res.status()).toBe(200);
    }
    // The buyer invites a new seller, who says the property was bought with FGTS two years ago.
    const sellerEmail = freshPerson('Roberto Teste Vendedor').email;
    const invite = await buyerApi.put(`/api/v3/proposals/${resold.id}/sections/seller`, {
      data: {
        sellerName: 'Roberto Lima Ferreira',
        sellerEmail: sellerEmail,
        sellerPhone: '+55 11 99123-4567',
      },
    });
    expect(invite.status()).toBe(200);
    const seller = await browser.newPage(PHONE);
    await activateInvited(sellerEmail, PASSWORD);
    await signIn(seller.page, sellerEmail, 'seller', PASSWORD);
    const [y, m, d] = todayIso().split('-');
    const twoYearsAgo = `${d === '29' && m === '02' ? '28' : d}/${m}/${Number(y) - 2}`;
    const sellerAnswer = await seller.page.request.put(
      `/api/v3/proposals/${resold.id}/sections/seller-property-questions`,
      {
        data: {
          has_liens: 'no',
          has_lawsuits: 'no',
          iptu_debts: 'no',
          unregistered_works: 'no',
          is_condominium: 'no',
          bought_with_fgts: 'yes',
          fgts_purchase_date: twoYearsAgo,
        },
      },
    );
    expect(sellerAnswer.status()).toBe(200);

    await expectFgtsClosed(
      buyer.page,
      aboveCeiling.id,
      /passa do teto do Sistema Financeiro da Habitação, R\$ 2\.250\.000,00/,
    );
    await screenshot(buyer.page, 'fgts-property-above-ceiling-phone');
    await expectFgtsClosed(buyer.page, commercial.id, /este imóvel está cadastrado como comercial/);
    await expectFgtsClosed(
      buyer.page,
      resold.id,
      new RegExp(`comprou o imóvel com FGTS em ${twoYearsAgo}, há menos de 3 anos`),
    );
    await expectFgtsOpen(buyer.page, compliant.id);

    // A closed FGTS form is not a section left to fill; an open one is.
    const closedPending = await pendingSections(buyer.page, commercial.id);
    expect(closedPending.some((t) => t.startsWith('Dados gerais'))).toBe(true);
    expect(closedPending.some((t) => t.startsWith(FGTS_ADDRESS_TITLE))).toBe(false);
    await screenshot(buyer.page, 'fgts-closed-home-pending-phone');
    expect((await pendingSections(buyer.page, compliant.id)).some((t) => t.startsWith(FGTS_ADDRESS_TITLE))).toBe(true);

    // The back office sees the failed rule, with its source.
    await op.page.goto(`/backoffice/proposals/${aboveCeiling.id}?aba=financiamento`);
    const rule = op.page.locator('[data-rule="sfh_ceiling"]');
    await rule.getByText('Não atende').waitFor();
    await rule.getByText(/Fonte: Lei 8\.036\/1990/).waitFor();
    await screenshot(op.page, 'backoffice-financing-panel-desktop');

    // A new ceiling is a settings row: the same property now opens the forms, without a release.
    const settings = (await (await opApi.get('/api/v3/backoffice/settings/financing')).json()).data;
    const raised = {
      ...settings,
      sfhCeilings: [...settings.sfhCeilings, { from: todayIso(), value: 250_000_000, source: 'Teto de teste (e2e)' }],
    };
    expect((await opApi.put('/api/v3/backoffice/settings/financing', { data: raised })).status()).toBe(200);
    try {
      await expectFgtsOpen(buyer.page, aboveCeiling.id);
    } finally {
      expect((await opApi.put('/api/v3/backoffice/settings/financing', { data: settings })).status()).toBe(200);
    }
    await op.context.close();
    await buyer.context.close();
    await seller.context.close();
  }, 180_000);

  it('the back office enters the values (the LTV limit refuses too much) and the buyer sees the installments', async () => {
    const op = await browser.newPage(DESKTOP);
    await signIn(op.page, 'operador@demo.com.br', 'operator');
    const owner = freshPerson('Carlos Teste Financiamento');
    const proposal = await createProposal(op.page.request, owner, { amount: '520.000,00' });
    await activateInvited(owner.email, PASSWORD);
    await op.page.goto(`/backoffice/proposals/${proposal.id}?aba=financiamento`);
    const form = op.page.getByRole('form', { name: 'Valores do imóvel e taxa' });
    await form.getByLabel('Valor de compra (R$)').fill('60000000');
    await form.getByLabel('Taxa de juros efetiva (% a.a.)').fill('10,49');
    await form.getByRole('button', { name: 'Salvar valores' }).click();
    await form
      .getByText(
        'O valor financiado (R$ 520.000,00) passa de 80 % do valor de compra do imóvel (R$ 600.000,00). No SAC, o máximo é R$ 480.000,00.',
      )
      .first()
      .waitFor();
    await form.getByLabel('Taxa de juros efetiva (% a.a.)').fill('10,4x');
    await form.getByRole('button', { name: 'Salvar valores' }).click();
    await form.getByText('Insira a taxa de juros anual entre 0,01 % e 30 % (ex.: 10,49)').waitFor();
    await form.getByLabel('Valor de compra (R$)').fill('70000000');
    await form.getByLabel('Taxa de juros efetiva (% a.a.)').fill('10,49');
    await form.getByRole('button', { name: 'Salvar valores' }).click();
    await op.page.getByText('Valores do financiamento salvos.').waitFor();
    await op.context.close();

    const buyer = await browser.newPage(PHONE);
    await signIn(buyer.page, owner.email, 'buyer', PASSWORD);
    await chooseProposal(buyer.page, proposal.code);
    const numbers = buyer.page.getByRole('region', { name: 'Valores do financiamento' });
    const value = async (term: string) =>
      (await numbers.locator('dt', { hasText: term }).locator('+ dd').innerText()).trim();
    await numbers.locator('dt', { hasText: 'Primeira parcela' }).waitFor();
    expect(await value('Valor de compra do imóvel')).toBe('R$ 700.000,00');
    expect(await value('Taxa de juros')).toBe('10,49 % a.a. (efetiva)');
    expect(await value('Primeira parcela')).toBe('R$ 5.785,17');
    expect(await value('Última parcela')).toBe('R$ 1.456,50');
    expect(await value('Total pago em 360 meses')).toBe('R$ 1.303.501,14 (R$ 783.501,14 de juros)');
    await numbers.scrollIntoViewIfNeeded();
    await screenshot(buyer.page, 'buyer-home-financing-phone');
    await buyer.context.close();
  });
});
