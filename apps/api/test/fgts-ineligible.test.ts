import { describe, expect, it } from 'vitest';
import { todayIso } from '@portal/domain/dates';
import { DATABASES, demoSuite, newFinancingProposal } from './helpers';
import { ADDRESS, ELIGIBLE, SELLER_QUESTIONS } from '@portal/domain/testing/fgts-answers';

/**
 * A buyer who may not use FGTS (a failed answer or a failed property rule, docs/fgts-rules.md):
 * the server refuses the FGTS forms and does not count them as required.
 */
const FORMS = ['fgts_address', 'fgts_civil_status', 'fgts_tax', 'fgts_authorization', 'fgts_review'];
const COMMERCIAL_REASON =
  'O FGTS só pode ser usado na compra de imóvel residencial urbano para a sua moradia; este imóvel está cadastrado como comercial.';
const CEILING_REASON =
  'O preço de compra do imóvel (R$ 2.400.000,00) passa do teto do Sistema Financeiro da Habitação, R$ 2.250.000,00 (em vigor desde 01/10/2025). Acima do teto, o FGTS não pode ser usado na compra.';
const ANSWER_REASON =
  'Quem tem um financiamento ativo pelo Sistema Financeiro da Habitação (SFH), em qualquer lugar do Brasil, não pode usar o FGTS em outro financiamento.';

describe.each(DATABASES)('FGTS forms of an ineligible buyer on %s', (dialect) => {
  const { as, ids } = demoSuite(dialect);
  const { comprador: main, outro, vendedor: seller, operador: operator } = as;

  const sectionUrl = (id: string, key: string, buyer: number | null = 0) =>
    `/api/v3/proposals/${id}/sections/${key}${buyer === null ? '' : `?buyer=${buyer}`}`;
  const answer = (id: string, values: object = ELIGIBLE) =>
    main.request('PUT', sectionUrl(id, 'fgts_questions'), values);
  const saveValues = (id: string, propertyValue: string) =>
    operator.request('PUT', `/api/v3/backoffice/proposals/${id}/financing`, { propertyValue, interestRate: '10,49' });
  const sections = async (id: string) => {
    const res = await main.request('GET', `/api/v3/proposals/${id}/sections`);
    expect(res.statusCode).toBe(200);
    return res.json().data as {
      fillingStatus: number;
      sections: { key: string; buyer: number | null; required: boolean }[];
    };
  };
  const requiredForms = async (id: string) =>
    (await sections(id)).sections.filter((s) => s.buyer === 0 && s.required && FORMS.includes(s.key)).map((s) => s.key);
  const documentKeys = async (id: string) =>
    ((await main.request('GET', `/api/v3/proposals/${id}/documents`)).json().data.items as { key: string }[]).map(
      (i) => i.key,
    );

  const newProposal = (options: Parameters<typeof newFinancingProposal>[1] = {}) =>
    newFinancingProposal(operator, options);

  /** Saving (draft and submit) any FGTS form is refused with the reasons, and nothing is stored. */
  async function expectFormsClosed(id: string, reasons: string[]) {
    for (const key of FORMS) {
      for (const url of [sectionUrl(id, key), `${sectionUrl(id, key).replace('?', '/draft?')}`]) {
        const res = await main.request('PUT', url, key === 'fgts_address' ? ADDRESS : {});
        expect(res.statusCode, `${key} ${url}`).toBe(409);
        expect(res.json().error).toMatchObject({ code: 'fgts_not_eligible', message: reasons.join(' ') });
      }
      const stored = (await main.request('GET', sectionUrl(id, key))).json().data;
      expect(stored).toMatchObject({ status: 'todo', values: null, draft: null });
    }
  }

  it('refuses the FGTS forms of a buyer whose answer fails a rule, and keeps the questions editable', async () => {
    const id = await newProposal();
    expect((await answer(id, { ...ELIGIBLE, active_sfh_financing: 'yes' })).statusCode).toBe(200);
    await expectFormsClosed(id, [ANSWER_REASON]);
    // Correcting the answer opens the forms again.
    expect((await answer(id)).statusCode).toBe(200);
    expect((await main.request('PUT', sectionUrl(id, 'fgts_address'), ADDRESS)).statusCode).toBe(200);
  });

  it('refuses the FGTS forms on a commercial property', async () => {
    const id = await newProposal({ type: 'commercial' });
    expect((await answer(id)).statusCode).toBe(200);
    await expectFormsClosed(id, [COMMERCIAL_REASON]);
  });

  it('refuses the FGTS forms above the SFH ceiling, and accepts them once the appraisal is within it', async () => {
    const id = await newProposal();
    expect((await answer(id)).statusCode).toBe(200);
    expect((await saveValues(id, 'R$ 2.400.000,00')).statusCode).toBe(200);
    await expectFormsClosed(id, [CEILING_REASON]);
    expect((await saveValues(id, 'R$ 2.000.000,00')).statusCode).toBe(200);
    expect((await main.request('PUT', sectionUrl(id, 'fgts_address'), ADDRESS)).statusCode).toBe(200);
  });

  it('refuses the FGTS forms when the seller says the property was bought with FGTS a year ago', async () => {
    const id = ids.twoBuyers;
    expect((await answer(id)).statusCode).toBe(200);
    const today = new Date();
    const date = `10/01/${today.getFullYear() - 1}`;
    const res = await seller.request('PUT', sectionUrl(id, 'seller-property-questions', null), {
      ...SELLER_QUESTIONS,
      bought_with_fgts: 'yes',
      fgts_purchase_date: date,
    });
    expect(res.statusCode).toBe(200);
    await expectFormsClosed(id, [
      `O vendedor informou que comprou o imóvel com FGTS em ${date}, há menos de 3 anos. Um imóvel comprado com FGTS só pode ser comprado de novo com FGTS depois de 3 anos.`,
    ]);
  });

  it("another buyer's proposal stays 404 and a seller cannot reach the forms", async () => {
    const id = await newProposal({ type: 'commercial' });
    await answer(id);
    expect((await outro.request('PUT', sectionUrl(id, 'fgts_address'), ADDRESS)).statusCode).toBe(404);
    expect((await seller.request('PUT', sectionUrl(id, 'fgts_address'), ADDRESS)).statusCode).toBe(404);
    expect((await operator.request('PUT', sectionUrl(id, 'fgts_address'), ADDRESS)).statusCode).toBe(403);
  });

  it('does not count the FGTS forms of an ineligible buyer as required: progress, what is left, documents', async () => {
    const id = await newProposal();
    expect((await answer(id)).statusCode).toBe(200);
    expect(await requiredForms(id)).toEqual(FORMS);
    expect(await documentKeys(id)).toContain('fgts_form_0');
    const eligibleProgress = (await sections(id)).fillingStatus;

    // The property passes the ceiling: the progress is refreshed when the back office saves the value.
    expect((await saveValues(id, 'R$ 2.400.000,00')).statusCode).toBe(200);
    expect(await requiredForms(id)).toEqual([]);
    expect(await documentKeys(id)).not.toContain('fgts_form_0');
    const ineligibleProgress = (await sections(id)).fillingStatus;
    expect(ineligibleProgress).toBeGreaterThan(eligibleProgress);
    const listed = (await operator.request('GET', `/api/v3/backoffice/proposals/${id}`)).json().data.sections as {
      key: string;
      buyer: number | null;
      required: boolean;
    }[];
    expect(listed.filter((s) => s.buyer === 0 && FORMS.includes(s.key)).every((s) => !s.required)).toBe(true);

    // Back within the ceiling: the forms are required again.
    expect((await saveValues(id, 'R$ 2.000.000,00')).statusCode).toBe(200);
    expect(await requiredForms(id)).toEqual(FORMS);
    expect((await sections(id)).fillingStatus).toBe(eligibleProgress);
  });

  it('a new SFH ceiling refreshes the stored progress of the open proposals', async () => {
    const id = await newProposal();
    expect((await answer(id)).statusCode).toBe(200);
    const eligibleProgress = (await sections(id)).fillingStatus;
    expect((await saveValues(id, 'R$ 2.400.000,00')).statusCode).toBe(200);
    const ineligibleProgress = (await sections(id)).fillingStatus;
    expect(ineligibleProgress).toBeGreaterThan(eligibleProgress);
    const settingsUrl = '/api/v3/backoffice/settings/financing';
    const before = (await operator.request('GET', settingsUrl)).json().data;
    const raised = {
      ...before,
      sfhCeilings: [...before.sfhCeilings, { from: todayIso(), value: 250_000_000, source: 'Novo teto (teste)' }],
    };
    try {
      expect((await operator.request('PUT', settingsUrl, raised)).statusCode).toBe(200);
      expect(await requiredForms(id)).toEqual(FORMS);
      expect((await sections(id)).fillingStatus).toBe(eligibleProgress);
    } finally {
      expect((await operator.request('PUT', settingsUrl, before)).statusCode).toBe(200);
    }
    expect((await sections(id)).fillingStatus).toBe(ineligibleProgress);
  });

  it('a commercial property: the FGTS forms are not required from the first answer', async () => {
    const id = await newProposal({ type: 'commercial' });
    expect((await answer(id)).statusCode).toBe(200);
    expect(await requiredForms(id)).toEqual([]);
    expect(await documentKeys(id)).not.toContain('fgts_form_0');
  });
});
