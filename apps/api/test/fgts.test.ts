import { execFileSync } from 'node:child_process';
import { beforeEach, describe, expect, it } from 'vitest';
import { DATABASES, DEMO_PROPOSALS, demoSuite, clientFor, type Client } from './helpers';
import { ADDRESS as NUMBERED_ADDRESS, ELIGIBLE } from '@portal/domain/testing/fgts-answers';

/** A building without a number: the form prints it as "s/nº". */
const ADDRESS = { ...NUMBERED_ADDRESS, number: '', nonumber: true };

const CIVIL = {
  civil_status: 'married',
  marriage_regime: 'partial_communion',
  marriage_date: '20/09/2014',
  spouse_name: 'Mariana Alves Souza',
  spouse_cpf: '153.789.246-00',
  spouse_uses_fgts: true,
};
const TAX = {
  declares_income_tax: 'yes',
  tax_year: String(new Date().getFullYear() - 1),
  receipt_number: '12.34.56.78.90-12',
};
const AUTH = {
  pis_pasep: '120.56412.54-5',
  accounts: [
    { employee: 'Construtora Horizonte Ltda.', account: '0001.234.567-8', amount: '25.000,00' },
    { employee: 'Engenharia Paulista S.A.', account: '99887766', amount: '1.500,50' },
  ],
  full_amount: false,
  has_company: true,
  company: {
    name: 'Construtora Horizonte Ltda.',
    cnpj: '11.222.333/0001-81',
    street: 'Avenida Paulista',
    number: '1000',
    complement: '',
    district: 'Bela Vista',
    city: 'São Paulo',
    state: 'SP',
  },
};

/** Every FGTS step: a test starts with none of them answered, for either buyer. */
const FGTS_SECTIONS = [
  'fgts_questions',
  'fgts_address',
  'fgts_civil_status',
  'fgts_tax',
  'fgts_authorization',
  'fgts_review',
];

describe.each(DATABASES)('FGTS on %s', (dialect) => {
  const { t, as, ids } = demoSuite(dialect);
  const { comprador: main, compradora: second, outro, vendedor: seller, operador: operator } = as;
  // Each test arranges the answers it needs through the API, from none.
  beforeEach(async () => {
    await t.db.kysely
      .deleteFrom('proposal_sections')
      .where('proposal_id', '=', ids.twoBuyers)
      .where('section', 'in', FGTS_SECTIONS)
      .execute();
  });

  const section = (key: string, buyer = 0) => `/api/v3/proposals/${ids.twoBuyers}/sections/${key}?buyer=${buyer}`;
  const state = (who: Client, buyer = 0) => who.get(`/api/v3/proposals/${ids.twoBuyers}/fgts?buyer=${buyer}`);
  const pdf = (who: Client, buyer = 0) => who.get(`/api/v3/proposals/${ids.twoBuyers}/fgts/form.pdf?buyer=${buyer}`);
  const requiredFgts = async (who: Client, proposal: string) =>
    (
      (await who.get(`/api/v3/proposals/${proposal}/sections`)).json().data.sections as {
        key: string;
        buyer: number;
        required: boolean;
      }[]
    )
      .filter((s) => s.key.startsWith('fgts_') && s.required)
      .map((s) => `${s.key}:${s.buyer}`);
  /** The main buyer answers, in order, the given steps with valid values. */
  const answer = async (...steps: ('eligible' | 'address' | 'civil' | 'tax' | 'authorization' | 'review')[]) => {
    const values = {
      eligible: ['fgts_questions', ELIGIBLE],
      address: ['fgts_address', ADDRESS],
      civil: ['fgts_civil_status', CIVIL],
      tax: ['fgts_tax', TAX],
      authorization: ['fgts_authorization', AUTH],
      review: ['fgts_review', { confirmed: true }],
    } as const;
    for (const step of steps) {
      const [key, body] = values[step];
      const res = await main.put(section(key), body);
      if (res.statusCode !== 200) throw new Error(`${key}: ${res.statusCode} ${res.body}`);
    }
  };
  const ALL_STEPS = ['eligible', 'address', 'civil', 'tax', 'authorization', 'review'] as const;

  it('asks each buyer of a financing whether they use FGTS; a CGI needs no FGTS section', async () => {
    expect(await requiredFgts(main, ids.twoBuyers)).toEqual(['fgts_questions:0', 'fgts_questions:1']);
    expect(await requiredFgts(main, ids.underReview)).toEqual([]);
    const res = await state(main);
    expect(res.json().data).toMatchObject({
      buyer: 0,
      applicable: true,
      eligibility: { status: 'unanswered' },
      next: null,
      confirmed: false,
    });
  });

  it('keeps ineligible answers, explains why, and stops the FGTS path', async () => {
    const res = await main.put(section('fgts_questions'), { ...ELIGIBLE, owns_home_in_city: 'yes' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.values).toEqual({ ...ELIGIBLE, owns_home_in_city: 'yes' });
    const s = (await state(main)).json().data;
    expect(s.eligibility.status).toBe('ineligible');
    expect(s.eligibility.reasons[0]).toContain('não pode usar o FGTS nesta compra');
    expect(s.next).toBeNull();
    expect(await requiredFgts(main, ids.twoBuyers)).toEqual(['fgts_questions:0', 'fgts_questions:1']);
    const form = await pdf(main);
    expect(form.statusCode).toBe(409);
    // The refusal says why, in the words the FGTS screen uses.
    expect(form.json().error).toMatchObject({ code: 'fgts_not_eligible', message: s.eligibility.reasons.join(' ') });
  });

  it('saves drafts of the account list and the company block as typed, refusing unknown keys', async () => {
    // An ineligible buyer: the forms are closed, even to a draft.
    expect((await main.put(section('fgts_questions'), { ...ELIGIBLE, owns_home_in_city: 'yes' })).statusCode).toBe(200);
    const closed = await main.put(`${section('fgts_authorization').replace('?', '/draft?')}`, { pis_pasep: '1' });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error.code).toBe('fgts_not_eligible');
    expect((await main.get(section('fgts_authorization'))).json().data.draft).toBeNull();
    expect((await main.put(section('fgts_questions'), ELIGIBLE)).statusCode).toBe(200);
    const ok = await main.put(`${section('fgts_authorization').replace('?', '/draft?')}`, {
      pis_pasep: '120.564',
      accounts: [{ employee: 'Constru', amount: '25' }],
      company: { cnpj: '11.2' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await main.get(section('fgts_authorization'))).json().data.draft).toEqual({
      pis_pasep: '120.564',
      accounts: [{ employee: 'Constru', amount: '25' }],
      company: { cnpj: '11.2' },
    });
    const bad = await main.put(`${section('fgts_authorization').replace('?', '/draft?')}`, {
      accounts: [{ employee: 'x', owner: 'me' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty(['accounts.0.owner']);
    // Ineligible again: the forms close again.
    const back = await main.put(section('fgts_questions'), { ...ELIGIBLE, owns_home_in_city: 'yes' });
    expect(back.statusCode).toBe(200);
    expect(
      (await main.put(`${section('fgts_authorization').replace('?', '/draft?')}`, { pis_pasep: '1' })).statusCode,
    ).toBe(409);
  });

  it('an eligible buyer gets the forms as required steps and resumes at the first unfinished one', async () => {
    const before = (await main.get(`/api/v3/proposals/${ids.twoBuyers}`)).json().data.fillingStatus;
    expect((await main.put(section('fgts_questions'), ELIGIBLE)).statusCode).toBe(200);
    expect(await requiredFgts(main, ids.twoBuyers)).toEqual([
      'fgts_questions:0',
      'fgts_questions:1',
      'fgts_address:0',
      'fgts_civil_status:0',
      'fgts_tax:0',
      'fgts_authorization:0',
      'fgts_review:0',
    ]);
    expect((await main.get(`/api/v3/proposals/${ids.twoBuyers}`)).json().data.fillingStatus).toBeLessThan(before + 1);
    expect((await state(main)).json().data).toMatchObject({
      eligibility: { status: 'eligible' },
      next: 'fgts_address',
    });

    expect((await main.put(section('fgts_address'), ADDRESS)).statusCode).toBe(200);
    expect((await main.put(section('fgts_civil_status'), CIVIL)).statusCode).toBe(200);
    expect((await state(main)).json().data.next).toBe('fgts_tax');
    expect((await main.put(section('fgts_tax'), TAX)).statusCode).toBe(200);
  });

  it('validates the authorization: PIS, each row of the list, the company, with field paths', async () => {
    await answer('eligible', 'address', 'civil', 'tax');
    const res = await main.put(section('fgts_authorization'), {
      ...AUTH,
      pis_pasep: '120.56412.54-0',
      accounts: [AUTH.accounts[0], { employee: '', account: 'abc', amount: '' }],
      company: { ...AUTH.company, cnpj: '11.111.111/1111-11' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({
      pis_pasep: 'Insira um PIS/PASEP válido',
      'accounts.1.employee': 'Obrigatório',
      'accounts.1.account': 'Informe o número da conta (só números)',
      'company.cnpj': 'Insira um CNPJ válido',
    });
    expect((await main.get(section('fgts_authorization'))).json().data.values).toBeNull();
  });

  it('stores the authorization canonically and leads to the review', async () => {
    await answer('eligible', 'address', 'civil', 'tax');
    const res = await main.put(section('fgts_authorization'), AUTH);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.values).toMatchObject({
      pis_pasep: '12056412545',
      accounts: [
        { employee: 'Construtora Horizonte Ltda.', account: '00012345678', amount: 2_500_000 },
        { employee: 'Engenharia Paulista S.A.', account: '99887766', amount: 150_050 },
      ],
      full_amount: false,
      has_company: true,
      company: { cnpj: '11222333000181', city: 'São Paulo' },
    });
    expect((await state(main)).json().data).toMatchObject({ next: 'fgts_review', confirmed: false });
    expect((await pdf(main)).json().error.code).toBe('fgts_incomplete');
  });

  it('the review must be confirmed; then the path is complete', async () => {
    await answer('eligible', 'address', 'civil', 'tax', 'authorization');
    const no = await main.put(section('fgts_review'), { confirmed: false });
    expect(no.json().error.fields.confirmed).toBe('Confirme que as informações estão corretas');
    expect((await main.put(section('fgts_review'), { confirmed: true })).statusCode).toBe(200);
    expect((await state(main)).json().data).toMatchObject({ next: null, confirmed: true });
  });

  it('generates the filled-in form as a PDF attachment with the name, CPF, PIS and accounts', async () => {
    await answer(...ALL_STEPS);
    const res = await pdf(main);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="formulario-fgts-${DEMO_PROPOSALS.twoBuyers}-comprador-1.pdf"`,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: res.rawPayload }).toString('utf8');
    for (const expected of [
      'Carlos Eduardo Souza',
      '529.982.247-25',
      '120.56412.54-5',
      'Construtora Horizonte Ltda.',
      '0001234567',
      'R$ 25.000,00',
      'Engenharia Paulista S.A.',
      '99887766',
      'R$ 1.500,50',
      'São Paulo',
      'Rua Tabapuã, s/nº',
      '11.222.333/0001-81',
      'Assinatura do cônjuge',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('a later change asks for a new confirmation before the next PDF', async () => {
    await answer(...ALL_STEPS);
    expect(
      (await main.put(section('fgts_tax'), { declares_income_tax: 'no', exempt_declaration: true })).statusCode,
    ).toBe(200);
    expect((await state(main)).json().data).toMatchObject({ next: 'fgts_review', confirmed: false });
    expect((await pdf(main)).statusCode).toBe(409);
    await main.put(section('fgts_review'), { confirmed: true });
    const text = execFileSync('pdftotext', ['-', '-'], { input: (await pdf(main)).rawPayload }).toString('utf8');
    expect(text).toContain('Isento(a) da declaração');
  });

  it('lets the main buyer and operators read; the second buyer gets 403 for the main buyer; a stranger and a seller 404', async () => {
    await answer(...ALL_STEPS);
    expect((await pdf(operator)).statusCode).toBe(200);
    expect((await state(main, 1)).json().data).toMatchObject({ buyer: 1, eligibility: { status: 'unanswered' } });
    expect((await state(second, 0)).statusCode).toBe(403);
    expect((await pdf(second, 0)).statusCode).toBe(403);
    expect((await second.put(section('fgts_questions', 0), ELIGIBLE)).statusCode).toBe(403);
    for (const stranger of [outro, seller]) {
      expect((await state(stranger)).statusCode).toBe(404);
      expect((await pdf(stranger)).statusCode).toBe(404);
      expect((await stranger.put(section('fgts_authorization'), AUTH)).statusCode).toBe(404);
    }
    expect((await clientFor(t).get(`/api/v3/proposals/${ids.twoBuyers}/fgts/form.pdf?buyer=0`)).statusCode).toBe(401);
  });

  it('the main buyer cannot edit the FGTS of a second buyer who has an account', async () => {
    expect((await main.put(section('fgts_questions', 1), ELIGIBLE)).statusCode).toBe(403);
    expect((await second.put(section('fgts_questions', 1), { uses_fgts: 'no' })).statusCode).toBe(200);
    expect((await state(second, 1)).json().data).toMatchObject({ eligibility: { status: 'not_using' }, next: null });
  });

  it('records who generated a form in the audit log', async () => {
    await answer(...ALL_STEPS);
    for (const who of [main, operator, main]) expect((await pdf(who)).statusCode).toBe(200);
    const rows = await t.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'subject'])
      .where('action', '=', 'fgts.form_generated')
      .execute();
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.every((r) => r.subject === `proposal:${ids.twoBuyers}/fgts/0`)).toBe(true);
  });
});
