import { describe, expect, it } from 'vitest';
import { todayIso } from '@portal/domain/dates';
import { DEFAULT_LTV_LIMITS, DEFAULT_SFH_CEILINGS } from '@portal/domain/financing-settings';
import { DATABASES, demoSuite, type Client, newFinancingProposal } from './helpers';
import { DEMO_SAC_SUMMARY } from './helpers/financing';
import { ELIGIBLE, SELLER_QUESTIONS } from '@portal/domain/testing/fgts-answers';

/** ISO date `years` whole years before today (the seller's answers are dates typed DD/MM/AAAA). */
function brDateYearsAgo(years: number): string {
  const [y, m, d] = todayIso().split('-');
  return `${d === '29' && m === '02' ? '28' : d}/${m}/${Number(y) - years}`;
}

describe.each(DATABASES)('financing values, installments and the property FGTS rules on %s', (dialect) => {
  const { as, ids } = demoSuite(dialect);
  const { comprador: main, compradora: second, outro, vendedor: seller, operador: operator } = as;

  const view = (cookie: Client, id: string) => cookie.request('GET', `/api/v3/proposals/${id}/financing`);
  const saveValues = (id: string, payload: object, cookie: Client = operator) =>
    cookie.request('PUT', `/api/v3/backoffice/proposals/${id}/financing`, payload);
  const fgts = async (id: string) => (await main.request('GET', `/api/v3/proposals/${id}/fgts?buyer=0`)).json().data;
  const answerFgts = (id: string) =>
    main.request('PUT', `/api/v3/proposals/${id}/sections/fgts_questions?buyer=0`, ELIGIBLE);

  const newProposal = (options: Parameters<typeof newFinancingProposal>[1] = {}) =>
    newFinancingProposal(operator, options);

  it('shows nothing to compute before the back office enters the values; sellers and strangers get 404', async () => {
    const res = await view(main, ids.twoBuyers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      system: 'SAC',
      amount: 52_000_000,
      months: 360,
      propertyValue: null,
      appraisalValue: null,
      interestRateBp: null,
      ltvLimit: 80,
      ltvError: null,
      monthlyIncome: 1_850_000,
      summary: null,
    });
    expect((await view(seller, ids.twoBuyers)).statusCode).toBe(404);
    expect((await view(outro, ids.twoBuyers)).statusCode).toBe(404);
    expect(
      (await saveValues(ids.twoBuyers, { propertyValue: '800.000,00', interestRate: '10,49' }, main)).statusCode,
    ).toBe(403);
  });

  it('the demo data comes with the values the back office entered, so the demo buyer sees installments', async () => {
    expect((await view(main, ids.started)).json().data).toMatchObject({
      system: 'SAC',
      amount: 41_000_000,
      months: 420,
      propertyValue: 56_000_000,
      appraisalValue: 54_500_000,
      interestRateBp: 1119,
      ltvError: null,
      summary: { system: 'SAC', firstInstallment: expect.any(Number), lastInstallment: expect.any(Number) },
    });
  });

  it('refuses an amount above 80 % of the property (SAC) with a Portuguese message and stores nothing', async () => {
    const res = await saveValues(ids.twoBuyers, { propertyValue: 'R$ 600.000,00', interestRate: '10,49' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'loan_to_value',
      message:
        'O valor financiado (R$ 520.000,00) passa de 80 % do valor de compra do imóvel (R$ 600.000,00). No SAC, o máximo é R$ 480.000,00.',
      fields: {
        propertyValue:
          'O valor financiado (R$ 520.000,00) passa de 80 % do valor de compra do imóvel (R$ 600.000,00). No SAC, o máximo é R$ 480.000,00.',
      },
    });
    // The lower of purchase price and appraisal counts.
    const appraisal = await saveValues(ids.twoBuyers, {
      propertyValue: 'R$ 700.000,00',
      appraisalValue: 'R$ 640.000,00',
      interestRate: '10,49',
    });
    expect(appraisal.statusCode).toBe(400);
    expect(appraisal.json().error.fields.appraisalValue).toContain(
      'do menor valor entre a compra e a avaliação do imóvel (R$ 640.000,00)',
    );
    expect((await view(main, ids.twoBuyers)).json().data).toMatchObject({
      propertyValue: null,
      appraisalValue: null,
      interestRateBp: null,
    });
  });

  it('refuses bad numbers field by field', async () => {
    const res = await saveValues(ids.twoBuyers, { propertyValue: '', appraisalValue: '12,345', interestRate: '10,4x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      propertyValue: 'Obrigatório',
      appraisalValue: 'Insira um valor em reais válido',
      interestRate: 'Insira a taxa de juros anual entre 0,01 % e 30 % (ex.: 10,49)',
    });
    expect((await saveValues(ids.twoBuyers, { propertyValue: '700.000,00', interestRate: '31' })).statusCode).toBe(400);
  });

  it('gives the buyer the first and last installment, the total and the income share for SAC', async () => {
    const res = await saveValues(ids.twoBuyers, { propertyValue: 'R$ 700.000,00', interestRate: '10,49' });
    expect(res.statusCode).toBe(200);
    for (const cookie of [main, second, operator]) {
      expect((await view(cookie, ids.twoBuyers)).json().data).toMatchObject({
        propertyValue: 70_000_000,
        appraisalValue: null,
        interestRateBp: 1049,
        ltvError: null,
        summary: DEMO_SAC_SUMMARY,
      });
    }
  });

  it('applies 70 % to PRICE: an amount SAC allows is refused under PRICE', async () => {
    const price = await newProposal({ system: 'PRICE', amount: '330.000,00' });
    const refused = await saveValues(price, { propertyValue: '450.000,00', interestRate: '11,5' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(
      'O valor financiado (R$ 330.000,00) passa de 70 % do valor de compra do imóvel (R$ 450.000,00). No PRICE, o máximo é R$ 315.000,00.',
    );
    expect((await saveValues(price, { propertyValue: '480.000,00', interestRate: '11,5' })).statusCode).toBe(200);
    expect((await view(main, price)).json().data.summary).toMatchObject({
      firstInstallment: 312_646,
      lastInstallment: 312_646,
      totalPaid: 112_552_560,
    });
  });

  describe('FGTS rules on the property', () => {
    it('a property above the SFH ceiling closes the FGTS forms, with the reason; a compliant one opens them', async () => {
      const id = await newProposal({ amount: '1.000.000,00' });
      expect((await answerFgts(id)).statusCode).toBe(200);
      expect((await saveValues(id, { propertyValue: 'R$ 2.400.000,00', interestRate: '10,49' })).statusCode).toBe(200);
      const s = await fgts(id);
      expect(s.eligibility).toEqual({
        status: 'ineligible',
        reasons: [
          'O preço de compra do imóvel (R$ 2.400.000,00) passa do teto do Sistema Financeiro da Habitação, R$ 2.250.000,00 (em vigor desde 01/10/2025). Acima do teto, o FGTS não pode ser usado na compra.',
        ],
      });
      expect(s.next).toBeNull();
      expect(s.propertyRules.find((r: { id: string }) => r.id === 'sfh_ceiling')).toMatchObject({
        status: 'fail',
        fact: { from: 'property' },
      });
      // The back office sees the failed rule too.
      const rules = (await view(operator, id)).json().data.fgtsPropertyRules as {
        id: string;
        status: string;
        source: string;
      }[];
      expect(rules.find((r) => r.id === 'sfh_ceiling')).toMatchObject({
        status: 'fail',
        source: expect.stringContaining('Lei 8.036/1990'),
      });
      // The appraisal, once reported, is the value compared.
      expect(
        (
          await saveValues(id, {
            propertyValue: 'R$ 2.400.000,00',
            appraisalValue: 'R$ 2.200.000,00',
            interestRate: '10,49',
          })
        ).statusCode,
      ).toBe(200);
      expect((await fgts(id)).eligibility).toEqual({ status: 'eligible' });
      expect((await fgts(id)).next).toBe('fgts_address');
    });

    it('changing the ceiling setting (a settings row) changes the outcome without a release', async () => {
      const id = await newProposal({ amount: '1.000.000,00' });
      await answerFgts(id);
      await saveValues(id, { propertyValue: 'R$ 2.400.000,00', interestRate: '10,49' });
      expect((await fgts(id)).eligibility.status).toBe('ineligible');
      const before = (await operator.request('GET', '/api/v3/backoffice/settings/financing')).json().data;
      expect(before).toEqual({ sfhCeilings: DEFAULT_SFH_CEILINGS, ltvLimits: DEFAULT_LTV_LIMITS });
      const raised = {
        ...before,
        sfhCeilings: [...before.sfhCeilings, { from: todayIso(), value: 250_000_000, source: 'Novo teto (teste)' }],
      };
      expect((await main.request('PUT', '/api/v3/backoffice/settings/financing', raised)).statusCode).toBe(403);
      expect((await operator.request('PUT', '/api/v3/backoffice/settings/financing', raised)).statusCode).toBe(200);
      expect((await fgts(id)).eligibility).toEqual({ status: 'eligible' });
      // A ceiling dated in the future is not in force yet.
      const future = {
        ...before,
        sfhCeilings: [...before.sfhCeilings, { from: '2999-01-01', value: 250_000_000, source: 'Futuro' }],
      };
      expect((await operator.request('PUT', '/api/v3/backoffice/settings/financing', future)).statusCode).toBe(200);
      expect((await fgts(id)).eligibility.status).toBe('ineligible');
      const bad = await operator.request('PUT', '/api/v3/backoffice/settings/financing', {
        ...before,
        sfhCeilings: [],
      });
      expect(bad.statusCode).toBe(400);
      expect((await operator.request('PUT', '/api/v3/backoffice/settings/financing', before)).statusCode).toBe(200);
    });

    it('a buyer who used FGTS for another purchase in the last 3 years is told so', async () => {
      const id = await newProposal({});
      await main.request('PUT', `/api/v3/proposals/${id}/sections/fgts_questions?buyer=0`, {
        ...ELIGIBLE,
        used_fgts_last_3_years: 'yes',
      });
      expect((await fgts(id)).eligibility).toEqual({
        status: 'ineligible',
        reasons: [
          'Quem usou o FGTS na compra de outro imóvel nos últimos 3 anos não pode usá-lo de novo nesta compra.',
        ],
      });
    });

    it('a commercial property closes the FGTS forms, with the reason', async () => {
      const id = await newProposal({ type: 'commercial' });
      await answerFgts(id);
      const s = await fgts(id);
      expect(s.eligibility.status).toBe('ineligible');
      expect(s.eligibility.reasons).toEqual([
        'O FGTS só pode ser usado na compra de imóvel residencial urbano para a sua moradia; este imóvel está cadastrado como comercial.',
      ]);
      expect(s.propertyRules.find((r: { id: string }) => r.id === 'residential').status).toBe('fail');
    });

    it('the seller saying the property was bought with FGTS 2 years ago closes the FGTS forms; 4 years ago does not', async () => {
      await answerFgts(ids.twoBuyers);
      expect((await fgts(ids.twoBuyers)).eligibility.status).toBe('eligible');
      const sellerSection = `/api/v3/proposals/${ids.twoBuyers}/sections/seller-property-questions`;
      const missingDate = await seller.request('PUT', sellerSection, { ...SELLER_QUESTIONS, bought_with_fgts: 'yes' });
      expect(missingDate.statusCode).toBe(400);
      expect(missingDate.json().error.fields.fgts_purchase_date).toBe('Obrigatório');
      const recent = await seller.request('PUT', sellerSection, {
        ...SELLER_QUESTIONS,
        bought_with_fgts: 'yes',
        fgts_purchase_date: brDateYearsAgo(2),
      });
      expect(recent.statusCode).toBe(200);
      const s = await fgts(ids.twoBuyers);
      expect(s.eligibility.status).toBe('ineligible');
      expect(s.eligibility.reasons).toEqual([
        `O vendedor informou que comprou o imóvel com FGTS em ${brDateYearsAgo(2)}, há menos de 3 anos. Um imóvel comprado com FGTS só pode ser comprado de novo com FGTS depois de 3 anos.`,
      ]);
      expect(s.propertyRules.find((r: { id: string }) => r.id === 'seller_fgts_resale')).toMatchObject({
        status: 'fail',
        fact: { from: 'seller' },
      });
      expect((await main.request('GET', `/api/v3/proposals/${ids.twoBuyers}/fgts/form.pdf?buyer=0`)).statusCode).toBe(
        409,
      );
      await seller.request('PUT', sellerSection, {
        ...SELLER_QUESTIONS,
        bought_with_fgts: 'yes',
        fgts_purchase_date: brDateYearsAgo(4),
      });
      expect((await fgts(ids.twoBuyers)).eligibility.status).toBe('eligible');
      await seller.request('PUT', sellerSection, { ...SELLER_QUESTIONS, bought_with_fgts: 'no' });
      expect((await fgts(ids.twoBuyers)).eligibility.status).toBe('eligible');
    });
  });
});
