import { describe, expect, it } from 'vitest';
import {
  DATABASES,
  demoSuite,
  sectionUrl,
  asUser,
  DEMO_PROPOSALS,
  SECOND_BUYER_DATA as VALID_DATA,
  type Client,
} from './helpers';

/** An attorney's contact, with the attorney's document left to each test. */
const ATTORNEY = {
  represented: true,
  name_attorney: 'Paulo Procurador',
  email_attorney: 'procurador@exemplo.com.br',
  phone_attorney: '(11) 3333-4444',
  attorney_phone_type: 'normal',
};

describe.each(DATABASES)('buyer sections on %s', (dialect) => {
  const { t, as, ids, anonymous } = demoSuite(dialect);
  const { comprador: main, compradora: second, outro, vendedor: seller } = as;

  /** The second buyer's general data: the valid answers with the given changes. */
  const saveSecondData = (changes: object) =>
    second.put(sectionUrl(ids.twoBuyers, 'data', 1), { ...VALID_DATA, ...changes });
  const cpfOf = async (cookie: Client, proposal: string) =>
    (await cookie.get(`/api/v3/proposals/${proposal}/sections/data?buyer=1`)).json().data.prefill.cpf as string;

  it('lists the sections with their state and the progress computed from them', async () => {
    const res = await main.get(`/api/v3/proposals/${ids.twoBuyers}/sections`);
    expect(res.statusCode).toBe(200);
    const { fillingStatus, sections } = res.json().data;
    // Seeded: the main buyer's 3 sections + the seller form are the steps done, out of every step of
    // both parties (sections, health declarations, documents, sending, the seller's completion).
    const required = sections.filter((s: { required: boolean }) => s.required);
    const progress = (await main.get(`/api/v3/proposals/${ids.twoBuyers}/progress`)).json().data;
    // The optional steps (the FGTS forms, the seller's spouse) count from the start, not yet decided.
    const optional = sections.filter(
      (s: { required: boolean; key: string }) =>
        !s.required && (s.key.startsWith('fgts_') || s.key === 'seller-marital'),
    );
    // Two health declarations, the buyers' and the seller's documents, sending and completing: 6 more.
    expect(progress).toMatchObject({ done: 4, total: required.length + optional.length + 6 });
    expect(fillingStatus).toBe(Math.round((4 / progress.total) * 100));
    expect(required.filter((s: { status: string }) => s.status === 'done')).toHaveLength(4);
    const mine = sections.filter(
      (s: { buyer: number | null; key: string }) => s.buyer === 0 && ['data', 'address', 'document'].includes(s.key),
    );
    expect(mine.map((s: { key: string; status: string }) => [s.key, s.status])).toEqual([
      ['data', 'done'],
      ['address', 'done'],
      ['document', 'done'],
    ]);
  });

  it('saves a draft as typed and restores it, without touching the submitted values', async () => {
    const draft = await second.put(`/api/v3/proposals/${ids.twoBuyers}/sections/data/draft?buyer=1`, {
      name: 'Mariana',
      cpf: '153.789',
      income: '9.8',
    });
    expect(draft.statusCode).toBe(200);
    const read = await second.get(`/api/v3/proposals/${ids.twoBuyers}/sections/data?buyer=1`);
    expect(read.json().data).toMatchObject({
      status: 'in_progress',
      draft: { name: 'Mariana', cpf: '153.789', income: '9.8' },
      values: null,
    });
  });

  it('a draft on a done section keeps it done (and its values) until the new values are submitted', async () => {
    const url = `/api/v3/proposals/${ids.twoBuyers}/sections/address?buyer=0`;
    const before = (await main.get(url)).json().data;
    expect(before.status).toBe('done');
    const [key, value] = Object.entries(before.values as Record<string, unknown>).find(
      ([, v]) => typeof v === 'string',
    )!;
    for (const typed of [`${value} (rascunho)`, `${value} (outro rascunho)`]) {
      const res = await main.put(`/api/v3/proposals/${ids.twoBuyers}/sections/address/draft?buyer=0`, { [key]: typed });
      expect(res.statusCode).toBe(200);
      const after = (await main.get(url)).json().data;
      expect(after).toMatchObject({ status: 'done', draft: { [key]: typed }, values: before.values });
    }
  });

  it('refuses a draft with keys that do not belong to the section', async () => {
    const res = await second.put(`/api/v3/proposals/${ids.twoBuyers}/sections/data/draft?buyer=1`, {
      status: 'approved',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('status');
  });

  it('rejects invalid CPF, CEP and dates with Portuguese field messages and stores nothing', async () => {
    const bad = await saveSecondData({
      cpf: '111.111.111-11',
      birth_date: '31/02/1990',
      phone: '(00) 1234-5678',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({
      code: 'validation',
      fields: {
        cpf: 'Insira um CPF válido',
        birth_date: 'Insira uma data válida (DD/MM/AAAA)',
        phone: 'Insira um telefone válido com DDD',
      },
    });
    const address = await second.put(`/api/v3/proposals/${ids.twoBuyers}/sections/address?buyer=1`, {
      cep: '123',
      address: 'Rua A',
      number: '1',
      district: 'Centro',
      city: 'São Paulo',
      state: 'SP',
    });
    expect(address.json().error.fields.cep).toBe('Insira um CEP válido');
    const read = await second.get(`/api/v3/proposals/${ids.twoBuyers}/sections/data?buyer=1`);
    expect(read.json().data.values).toBeNull();
  });

  it('submits valid data: canonical values stored, draft cleared, progress updated', async () => {
    const cpf = await cpfOf(second, ids.twoBuyers);
    const before = (await main.get(`/api/v3/proposals/${ids.twoBuyers}/progress`)).json().data as {
      done: number;
      total: number;
    };
    const progress = Math.round(((before.done + 1) / before.total) * 100); // one more step done
    const res = await saveSecondData({ cpf });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'done',
      draft: null,
      fillingStatus: progress,
      values: {
        phone: '11976543210',
        birth_date: '1988-07-21',
        income: 980000,
        cpf,
        marriage_regime: 'partial_communion',
      },
    });
    const proposal = await second.get(`/api/v3/proposals/${ids.twoBuyers}`);
    expect(proposal.json().data.fillingStatus).toBe(progress);
  });

  it('refuses identifiers with junk characters and stores a +55 phone as the national number', async () => {
    const cpf = await cpfOf(second, ids.twoBuyers);
    for (const junk of ['529x982x247x25', '52998224725abc', '5299822472#5']) {
      const bad = await saveSecondData({
        cpf: junk,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.fields.cpf).toBe('Insira um CPF válido');
    }
    const company = await saveSecondData({
      cpf,
      ...ATTORNEY,
      attorney_type: 'company',
      cpf_attorney: '11#222#333#0001#81',
    });
    expect(company.statusCode).toBe(400);
    expect(company.json().error.fields.cpf_attorney).toBe('Insira um CNPJ válido');
    const ok = await saveSecondData({
      cpf,
      phone: '+55 11 98765-4321',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.values.phone).toBe('11987654321');
  });

  it("checks the attorney's document: a CPF for a person, a CNPJ for a company", async () => {
    const cpf = await cpfOf(second, ids.twoBuyers);
    const company = await saveSecondData({
      cpf,
      ...ATTORNEY,
      attorney_type: 'company',
      cpf_attorney: '11.222.333/0001-82',
    });
    expect(company.statusCode).toBe(400);
    expect(company.json().error.fields.cpf_attorney).toBe('Insira um CNPJ válido');
    const person = await saveSecondData({
      cpf,
      ...ATTORNEY,
      attorney_type: 'person',
      cpf_attorney: '11.222.333/0001-81',
    });
    expect(person.json().error.fields.cpf_attorney).toBe('Insira um CPF válido');
  });

  it('keeps the CPF registered on the proposal', async () => {
    const res = await saveSecondData({
      cpf: '529.982.247-25',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.cpf).toBe('O CPF deve ser o mesmo informado na proposta');
  });

  it('drops fields that do not apply (a single buyer has no marriage data)', async () => {
    const res = await outro.put(`/api/v3/proposals/${ids.othersProposal}/sections/data?buyer=0`, {
      ...VALID_DATA,
      name: 'Ana Paula Ribeiro',
      email: 'outro@demo.com.br',
      cpf: (await outro.get(`/api/v3/proposals/${ids.othersProposal}/sections/data?buyer=0`)).json().data.prefill.cpf,
      civil_status: 'single',
      marriage_union: false,
      marriage_date: 'not a date',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.values).not.toHaveProperty('marriage_date');
    expect(res.json().data.values).not.toHaveProperty('marriage_regime');
  });

  it("lets the second buyer reuse the main buyer's address", async () => {
    const res = await second.put(`/api/v3/proposals/${ids.twoBuyers}/sections/address?buyer=1`, {
      same_main_buyer_address: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.values).toMatchObject({
      same_main_buyer_address: true,
      cep: '04538132',
      city: 'São Paulo',
      state: 'SP',
    });
  });

  it("requires the two buyers' percentages to add up to 100", async () => {
    const base = { agency: '0912', account: '45781-3', authorize_debit: true, first_buyer_percent: '60' };
    const bad = await main.put(`/api/v3/proposals/${ids.twoBuyers}/sections/investment`, {
      ...base,
      second_buyer_percent: '30',
    });
    expect(bad.json().error.fields.second_buyer_percent).toBe('Os percentuais dos compradores devem somar 100%');
    const ok = await main.put(`/api/v3/proposals/${ids.twoBuyers}/sections/investment`, {
      ...base,
      second_buyer_percent: '40',
    });
    expect(ok.statusCode).toBe(200);
  });

  it("does not let the second buyer edit the main buyer's data nor the proposal-wide sections", async () => {
    const data = await second.put(`/api/v3/proposals/${ids.twoBuyers}/sections/data/draft?buyer=0`, { name: 'x' });
    expect(data.statusCode).toBe(403);
    const read = await second.get(`/api/v3/proposals/${ids.twoBuyers}/sections/data?buyer=0`);
    expect(read.statusCode).toBe(403);
    const investment = await second.put(`/api/v3/proposals/${ids.twoBuyers}/sections/investment/draft`, {
      agency: '1',
    });
    expect(investment.statusCode).toBe(403);
    // The main buyer cannot fill a second buyer who has an account of their own.
    const other = await main.put(`/api/v3/proposals/${ids.twoBuyers}/sections/data/draft?buyer=1`, { name: 'x' });
    expect(other.statusCode).toBe(403);
  });

  it("answers 404 for another user's proposal, for sellers and for a buyer that does not exist", async () => {
    for (const [cookie, url] of [
      [outro, `/api/v3/proposals/${ids.twoBuyers}/sections`],
      [outro, `/api/v3/proposals/${ids.twoBuyers}/sections/data?buyer=0`],
      [seller, `/api/v3/proposals/${ids.twoBuyers}/sections/data?buyer=0`],
      [main, `/api/v3/proposals/${ids.othersProposal}/sections/data?buyer=0`],
      [main, `/api/v3/proposals/${ids.twoBuyers}/sections/nope?buyer=0`],
      [outro, `/api/v3/proposals/${ids.othersProposal}/sections/data?buyer=1`],
    ] as const) {
      expect((await cookie.get(url)).statusCode, url).toBe(404);
    }
    const write = await outro.put(`/api/v3/proposals/${ids.twoBuyers}/sections/data/draft?buyer=0`, { name: 'x' });
    expect(write.statusCode).toBe(404);
  });

  it('keeps a proposal under review read-only', async () => {
    const res = await main.put(`/api/v3/proposals/${ids.underReview}/sections/data/draft?buyer=0`, { name: 'x' });
    expect(res.statusCode).toBe(409);
    // Why, and what comes next.
    expect(res.json().error.message).toBe(
      'A proposta está com a equipe do portal, em análise. Se a equipe pedir uma correção, esta parte volta a ficar aberta e você recebe um e-mail.',
    );
    const read = await main.get(`/api/v3/proposals/${ids.underReview}/sections/data?buyer=0`);
    expect(read.json().data.canEdit).toBe(false);
  });

  it('leaves the last saved version intact when a save fails midway', async () => {
    const before = (await main.get(`/api/v3/proposals/${ids.twoBuyers}/sections/document?buyer=0`)).json().data.values;
    const user = { id: '', name: '', email: '', role: 'buyer' as const };
    const session = (await main.get('/api/v3/auth/user')).json().data;
    Object.assign(user, session);
    await expect(
      t.app.services.sections.submitSection(
        user,
        ids.twoBuyers,
        'document',
        0,
        {
          ...before,
          document_number: '99.999.999-9',
          expedition_date: '05/06/2015',
          birth_date_document: '14/03/1986',
        },
        {
          beforeCommit: async () => {
            throw new Error('crash');
          },
        },
      ),
    ).rejects.toThrow('crash');
    const after = (await main.get(`/api/v3/proposals/${ids.twoBuyers}/sections/document?buyer=0`)).json().data.values;
    expect(after).toEqual(before);
  });

  it('invites the seller from the seller form: account, proposal membership and e-mail with a link', async () => {
    const res = await outro.put(`/api/v3/proposals/${ids.othersProposal}/sections/seller`, {
      sellerName: 'Paulo Mendes',
      sellerEmail: 'Paulo.Mendes@Exemplo.com.br',
      sellerPhone: '(41) 99876-1234',
    });
    expect(res.statusCode).toBe(200);
    const mail = await t.db.kysely
      .selectFrom('outbox')
      .selectAll()
      .where('to_address', '=', 'paulo.mendes@exemplo.com.br')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toContain(DEMO_PROPOSALS.othersProposal);
    const token = /auth\/convite\?token=([\w-]+)/.exec(mail.text_body)![1]!;
    const set = await anonymous.post('/api/v3/auth/change-password', {
      pass: 'Vendedor2026',
      repeat: 'Vendedor2026',
      token,
    });
    expect(set.json().data.user.role).toBe('seller');
    const paulo = await asUser(t, { email: 'paulo.mendes@exemplo.com.br', role: 'seller' }, 'Vendedor2026');
    const list = await paulo.get('/api/v3/proposals');
    expect(list.json().data.map((p: { code: string }) => p.code)).toEqual([DEMO_PROPOSALS.othersProposal]);
  });
});
