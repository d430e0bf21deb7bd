import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { DATABASES, DEMO_PROPOSALS, demoSuite, sectionUrl, type Client } from './helpers';
import { SELLER_CPF, SELLER_KEYS, SPOUSE_CPF, VALID_SELLER_SECTIONS as VALID } from './helpers/seller';

describe.each(DATABASES)('seller portal on %s', (dialect) => {
  const { t, as, ids, anonymous } = demoSuite(dialect);
  const { vendedor: seller, comprador: main, outro, operador: operator } = as;

  const complete = (who: Client, id = ids.twoBuyers) => who.post(`/api/v3/proposals/${id}/seller/complete`);
  const section = (key: string, id = ids.twoBuyers) => `/api/v3/proposals/${id}/sections/${key}`;

  it("lists only the proposals the seller was invited to, with the seller's view: no buyer e-mail, CPF or financing", async () => {
    const res = await seller.get('/api/v3/proposals');
    const list = res.json().data as Record<string, unknown>[];
    expect(list.map((p) => p.code).sort()).toEqual([DEMO_PROPOSALS.underReview, DEMO_PROPOSALS.twoBuyers].sort());
    for (const p of list) {
      expect(Object.keys(p).sort()).toEqual(['code', 'customers', 'id', 'property', 'stage', 'status', 'type']);
      expect(Object.keys(p.property as object).sort()).toEqual(['city', 'kind', 'uf']);
      for (const c of p.customers as object[]) expect(Object.keys(c).sort()).toEqual(['id', 'name', 'position']);
    }
    const one = await seller.get(`/api/v3/proposals/${ids.twoBuyers}`);
    expect(one.json().data).toEqual(list.find((p) => p.id === ids.twoBuyers));
    expect(res.body).not.toContain('comprador@demo.com.br');
    expect(res.body).not.toContain('52998224725');
  });

  it('answers 404 for a proposal the seller is not on, whatever the endpoint', async () => {
    for (const url of [
      `/api/v3/proposals/${ids.othersProposal}`,
      `/api/v3/proposals/${ids.othersProposal}/sections`,
      section('seller-general-data', ids.othersProposal),
      `/api/v3/proposals/${ids.othersProposal}/seller`,
    ]) {
      expect((await seller.get(url)).statusCode, url).toBe(404);
    }
    expect(
      (await seller.put(`${section('seller-general-data', ids.othersProposal)}/draft`, { name: 'X' })).statusCode,
    ).toBe(404);
    expect((await seller.put(section('seller-address', ids.othersProposal), VALID['seller-address']!)).statusCode).toBe(
      404,
    );
    expect((await complete(seller, ids.othersProposal)).statusCode).toBe(404);
  });

  it('hides every buyer form from the seller (404), reading and writing', async () => {
    const buyerForms = ['data?buyer=0', 'data?buyer=1', 'address?buyer=0', 'document?buyer=0', 'investment', 'seller'];
    for (const key of buyerForms) {
      expect((await seller.get(section(key))).statusCode, key).toBe(404);
      const [path, query] = key.split('?');
      expect((await seller.put(`${section(path!)}/draft${query ? `?${query}` : ''}`, {})).statusCode, key).toBe(404);
      expect((await seller.put(`${section(path!)}${query ? `?${query}` : ''}`, {})).statusCode, key).toBe(404);
    }
    const list = (await seller.get(`/api/v3/proposals/${ids.twoBuyers}/sections`)).json().data.sections as {
      key: string;
      scope: string;
    }[];
    expect(list.map((s) => s.key)).toEqual(SELLER_KEYS);
    expect(new Set(list.map((s) => s.scope))).toEqual(new Set(['seller']));
  });

  it("lets buyers see the seller sections' state but not their values", async () => {
    const list = (await main.get(`/api/v3/proposals/${ids.twoBuyers}/sections`)).json().data.sections as {
      key: string;
      scope: string;
      canEdit: boolean;
    }[];
    const sellerRows = list.filter((s) => s.scope === 'seller');
    expect(sellerRows).toHaveLength(SELLER_KEYS.length);
    expect(sellerRows.every((s) => !s.canEdit)).toBe(true);
    expect((await main.get(section('seller-general-data'))).statusCode).toBe(403);
    expect((await main.put(section('seller-address'), VALID['seller-address']!)).statusCode).toBe(403);
  });

  it('refuses bad CPF, CNPJ and bank data with field messages and stores nothing', async () => {
    const badPerson = await seller.put(section('seller-general-data'), {
      ...VALID['seller-general-data'],
      cpf: '397.214.658-00',
      spouse_cpf: '111.111.111-11',
    });
    expect(badPerson.statusCode).toBe(400);
    expect(badPerson.json().error.fields).toEqual({ cpf: 'Insira um CPF válido', spouse_cpf: 'Insira um CPF válido' });
    const badCompany = await seller.put(section('seller-general-data'), {
      person_type: 'company',
      name: 'Ferreira Imóveis Ltda',
      cnpj: '11.222.333/0001-80',
      email: 'contato@ferreira.com.br',
      phone: '(11) 3456-7890',
      representative_name: 'Roberto',
      representative_cpf: SELLER_CPF,
    });
    expect(badCompany.statusCode).toBe(400);
    expect(badCompany.json().error).toMatchObject({
      code: 'validation',
      message: 'Verifique os campos destacados.',
      fields: { cnpj: 'Insira um CNPJ válido' },
    });
    const badBank = await seller.put(section('seller-amounts-receivable'), {
      ...VALID['seller-amounts-receivable'],
      bank: '000',
      agency: '91',
      account: '45.873',
      holder_document: '12.345.678/0001-00',
    });
    expect(badBank.statusCode).toBe(400);
    expect(badBank.json().error.fields).toEqual({
      bank: 'Selecione uma opção',
      agency: 'Insira a agência com 4 dígitos (ex.: 1234 ou 1234-5)',
      account: 'Insira a conta com o dígito (ex.: 12345-6)',
      holder_document: 'Insira um CPF ou CNPJ válido',
    });
    const unknownKey = await seller.put(section('seller-address'), { ...VALID['seller-address'], role: 'operator' });
    expect(unknownKey.statusCode).toBe(400);
    expect(unknownKey.json().error.fields).toEqual({ role: 'Campo não permitido' });
    for (const key of ['seller-general-data', 'seller-amounts-receivable', 'seller-address']) {
      const stored = (await seller.get(section(key))).json().data;
      expect([stored.status, stored.values], key).toEqual(['todo', null]);
    }
  });

  it('saves drafts as typed for the seller', async () => {
    const res = await seller.put(`${section('seller-property')}/draft`, { cep: '04538', private_area: '98,' });
    expect(res.statusCode).toBe(200);
    const got = (await seller.get(section('seller-property'))).json().data;
    expect(got).toMatchObject({
      status: 'in_progress',
      canEdit: true,
      draft: { cep: '04538', private_area: '98,' },
      values: null,
    });
  });

  it('refuses to complete while steps are missing, naming them', async () => {
    const res = await complete(seller);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('seller_incomplete');
    expect(res.json().error.message).toBe('Ainda faltam etapas para concluir a sua parte.');
    expect(Object.keys(res.json().error.fields).sort()).toEqual([...SELLER_KEYS].sort());
    const part = (await seller.get(`/api/v3/proposals/${ids.twoBuyers}/seller`)).json().data;
    expect(part).toMatchObject({ invited: true, completedAt: null, ready: false, done: false });
    // A proposal without a seller yet: its buyer sees that nobody was invited.
    expect((await outro.get(`/api/v3/proposals/${ids.othersProposal}/seller`)).json().data).toMatchObject({
      invited: false,
      done: false,
    });
  });

  it("requires the account to be in the seller's own CPF, checked against the general data on the server", async () => {
    const before = await seller.put(section('seller-amounts-receivable'), VALID['seller-amounts-receivable']!);
    expect(before.statusCode).toBe(400);
    expect(before.json().error.fields).toEqual({ holder_document: 'Preencha antes os dados gerais do vendedor' });
    expect((await seller.put(section('seller-general-data'), VALID['seller-general-data']!)).statusCode).toBe(200);
    const someoneElse = await seller.put(section('seller-amounts-receivable'), {
      ...VALID['seller-amounts-receivable'],
      holder_document: SPOUSE_CPF,
    });
    expect(someoneElse.statusCode).toBe(400);
    expect(someoneElse.json().error.fields).toEqual({
      holder_document: 'A conta deve estar em seu nome: use o mesmo CPF/CNPJ dos dados gerais',
    });
  });

  it('completes once every required step is done; buyers and operators see it, and a later change reopens it', async () => {
    for (const key of SELLER_KEYS) {
      const res = await seller.put(section(key), VALID[key]!);
      expect(res.statusCode, `${key}: ${res.body}`).toBe(200);
    }
    const stored = (await seller.get(section('seller-amounts-receivable'))).json().data.values;
    expect(stored).toMatchObject({ bank: '341', holder_document: SELLER_CPF, payoff_amount: 12_000_000 });
    expect((await seller.get(`/api/v3/proposals/${ids.twoBuyers}/seller`)).json().data).toMatchObject({
      ready: true,
      done: false,
      completedAt: null,
    });

    // Only the seller completes: a buyer of the proposal is refused, a stranger sees nothing.
    expect((await complete(main)).statusCode).toBe(403);
    expect((await complete(operator)).statusCode).toBe(403);
    const res = await complete(seller);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ ready: true, done: true });
    expect(Date.parse(res.json().data.completedAt)).toBeGreaterThan(Date.now() - 60_000);

    for (const cookie of [main, operator]) {
      const seen = await cookie.get(`/api/v3/proposals/${ids.twoBuyers}/seller`);
      expect(seen.statusCode).toBe(200);
      expect(seen.json().data).toMatchObject({ done: true, completedAt: res.json().data.completedAt });
    }
    expect((await outro.get(`/api/v3/proposals/${ids.twoBuyers}/seller`)).statusCode).toBe(404);
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'seller.completed')
      .where('subject', '=', `proposal:${ids.twoBuyers}`)
      .execute();
    expect(audit).toHaveLength(1);

    // The general data changes to a CNPJ: the account no longer matches, so the part is no longer done.
    const company = {
      person_type: 'company',
      name: 'Ferreira Imóveis Ltda',
      cnpj: '11.222.333/0001-81',
      email: 'contato@ferreira.com.br',
      phone: '(11) 3456-7890',
      representative_name: 'Roberto Lima Ferreira',
      representative_cpf: SELLER_CPF,
    };
    expect((await seller.put(section('seller-general-data'), company)).statusCode).toBe(200);
    const after = (await main.get(`/api/v3/proposals/${ids.twoBuyers}/seller`)).json().data;
    expect(after).toMatchObject({ ready: false, done: false });
    const amounts = after.sections.find((s: { key: string }) => s.key === 'seller-amounts-receivable');
    expect(amounts.problem).toBe(
      'Revise esta etapa: A conta deve estar em seu nome: use o mesmo CPF/CNPJ dos dados gerais',
    );
    // A company has no marriage: that step stops being required.
    expect(after.sections.find((s: { key: string }) => s.key === 'seller-marital')).toMatchObject({
      required: false,
      problem: null,
    });
    expect((await complete(seller)).statusCode).toBe(409);

    expect(
      (
        await seller.put(section('seller-amounts-receivable'), {
          ...VALID['seller-amounts-receivable'],
          holder_name: 'Ferreira Imóveis Ltda',
          holder_document: '11.222.333/0001-81',
        })
      ).statusCode,
    ).toBe(200);
    expect((await seller.get(`/api/v3/proposals/${ids.twoBuyers}/seller`)).json().data).toMatchObject({
      ready: true,
      done: true,
    });
  });

  it('counts the seller sections in the proposal progress', async () => {
    const { sections, fillingStatus } = (await main.get(`/api/v3/proposals/${ids.twoBuyers}/sections`)).json().data as {
      fillingStatus: number;
      sections: { required: boolean; status: string; key: string }[];
    };
    // Each required section is a step, and so is each optional one (the FGTS forms, the seller's
    // spouse): counted from the start, to do until the answer that decides them.
    const required = sections.filter((s) => s.required || s.key.startsWith('fgts_') || s.key === 'seller-marital');
    const done = required.filter((s) => s.status === 'done').length;
    const progress = (await main.get(`/api/v3/proposals/${ids.twoBuyers}/progress`)).json().data;
    // Each required section is a step; the proposal's percentage is the share of every step done.
    expect(progress.steps.filter((s: { kind: string }) => s.kind === 'section')).toHaveLength(required.length);
    expect(
      progress.steps.filter((s: { kind: string; state: string }) => s.kind === 'section' && s.state === 'done'),
    ).toHaveLength(done);
    expect(fillingStatus).toBe(progress.percent);
  });

  it('keeps the seller sections of a proposal under review read-only', async () => {
    const res = await seller.put(section('seller-address', ids.underReview), VALID['seller-address']!);
    expect(res.statusCode).toBe(409);
    expect((await seller.get(section('seller-address', ids.underReview))).json().data.canEdit).toBe(false);
  });

  it("shows the seller the history that concerns them: stage changes, not a buyer's correction", async () => {
    const post = (url: string, payload: object) => operator.post(url, payload);
    for (const stage of ['credit_analysis', 'appraisal']) {
      expect(
        (
          await post(`/api/v3/backoffice/proposals/${ids.twoBuyers}/stage`, {
            stage,
            reason: 'Andamento normal da análise',
          })
        ).statusCode,
      ).toBe(200);
    }
    expect(
      (
        await post(`/api/v3/backoffice/proposals/${ids.twoBuyers}/sections/data/correction`, {
          buyer: 0,
          note: 'A renda informada não confere com o holerite',
        })
      ).statusCode,
    ).toBe(200);
    const seen = (cookie: Client) =>
      cookie
        .get(`/api/v3/proposals/${ids.twoBuyers}/history`)
        .then((r) => r.json().data as { stageLabel: string; entries: { kind: string; label: string }[] });
    const mine = await seen(seller);
    expect(mine.stageLabel).toBe('Avaliação do imóvel');
    expect(mine.entries.map((e) => e.label)).toEqual(
      expect.arrayContaining([
        'Etapa: Cadastro → Análise de crédito',
        'Etapa: Análise de crédito → Avaliação do imóvel',
      ]),
    );
    expect(mine.entries.some((e) => e.kind === 'correction')).toBe(false);
    expect(JSON.stringify(mine)).not.toContain('holerite');
    expect((await seen(main)).entries.some((e) => e.kind === 'correction')).toBe(true);
    expect((await seller.get(`/api/v3/proposals/${ids.othersProposal}/history`)).statusCode).toBe(404);
  });

  it('answers 401 without a session', async () => {
    expect((await anonymous.get(`/api/v3/proposals/${ids.twoBuyers}/seller`)).statusCode).toBe(401);
    expect((await anonymous.post(`/api/v3/proposals/${ids.twoBuyers}/seller/complete`)).statusCode).toBe(401);
  });
});

describe.each(DATABASES)('the seller registration form (PDF) on %s', (dialect) => {
  const { as, ids } = demoSuite(dialect);

  it('is a real PDF for the seller and the team, with the seller filled in; buyers and strangers are refused', async () => {
    const url = `/api/v3/proposals/${ids.twoBuyers}/seller/form.pdf`;
    const res = await as.vendedor.get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="ficha-cadastral-vendedor-.+\.pdf"$/);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const { PDFDocument } = await import('@cantoo/pdf-lib');
    const pdf = await PDFDocument.load(res.rawPayload);
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(1);
    expect(pdf.getTitle()).toBe('Ficha cadastral do vendedor');
    // The text as printed: the seller's name and e-mail from the portal, the signature line.
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: res.rawPayload }).toString();
    const general = (await as.vendedor.get(sectionUrl(ids.twoBuyers, 'seller-general-data'))).json().data;
    const name = String(general.values?.name ?? general.prefill.name);
    expect(text).toContain(name);
    expect(text).toContain('Vendedor(a)');
    expect((await as.operador.get(url)).statusCode).toBe(200);
    expect((await as.comprador.get(url)).statusCode).toBe(403);
    expect((await as.outro.get(url)).statusCode).toBe(403);
    expect((await as.vendedor.get(`/api/v3/proposals/${ids.othersProposal}/seller/form.pdf`)).statusCode).toBe(404);
  });
});
