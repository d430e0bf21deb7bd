import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { formatProposalCode, type NewProposalInput, type ProposalListPage } from '@portal/domain/backoffice';
import { completeCpf, formatCpf } from '@portal/domain/cpf';
import { createUser, DATABASES, DEMO_PROPOSALS, demoWorld, login, resetRateLimits, type TestApp } from './helpers';
import { syncProposalIndex } from '../src/modules/backoffice/search-index';

const FORBIDDEN = { error: { code: 'forbidden', message: 'Você não tem permissão para acessar esta página' } };
const UNAUTHENTICATED = { error: { code: 'unauthenticated', message: 'Sua sessão expirou. Entre novamente.' } };
const YEAR = new Date().getFullYear();

let seq = 0;
/** A new proposal as the operator types it, with buyers nobody has used yet. */
function newProposal(overrides: Partial<NewProposalInput> = {}, buyers = 1): NewProposalInput {
  const buyer = () => {
    seq++;
    const tag = `${Date.now().toString(36)}${seq}`;
    return {
      name: `Pessoa Nova ${seq}`,
      cpf: formatCpf(completeCpf(String(200_000_000 + ((seq * 7919 + Math.floor(Math.random() * 1e6)) % 700_000_000)))),
      email: `nova.${tag}@exemplo.com.br`,
    };
  };
  return {
    type: 'financing',
    buyers: Array.from({ length: buyers }, buyer),
    property: { type: 'residential', kind: 'apartment', zipCode: '01310-100', uf: 'SP', city: 'São Paulo' },
    financingOrCgiData: {
      amortizationSystem: 'SAC',
      amount: '450.000,00',
      feeType: 'tr',
      installments: '360',
      insuranceCompanyName: 'itau',
      product: 'SFH — Imóvel residencial',
    },
    ...overrides,
  };
}

function unzipNames(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const out = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(out));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

describe.each(DATABASES)('back office on %s', (dialect) => {
  let t: TestApp;
  const c = {} as Record<'operador' | 'comprador' | 'compradora' | 'outro' | 'vendedor', string>;
  const ids = {} as Record<'first' | 'cgi' | 'started' | 'outro', string>;

  beforeAll(async () => {
    const w = await demoWorld(dialect);
    t = w.t;
    for (const who of ['operador', 'comprador', 'compradora', 'outro', 'vendedor'] as const) c[who] = w.as[who].cookie;
    ids.first = w.proposals.twoBuyers.id;
    ids.cgi = w.proposals.underReview.id;
    ids.started = w.proposals.started.id;
    ids.outro = w.proposals.othersProposal.id;
  });
  afterAll(async () => t?.close());

  const req = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie?: string, payload?: object) =>
    t.app.inject({ method, url, ...(cookie ? { headers: { cookie } } : {}), ...(payload ? { payload } : {}) });
  const list = async (query: string) => {
    const res = await req('GET', `/api/v3/backoffice/proposals?${query}`, c.operador);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ProposalListPage;
  };
  const create = async (input: NewProposalInput) => {
    const res = await req('POST', '/api/v3/backoffice/proposals', c.operador, input);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: string; code: string };
  };
  const outbox = (to: string) =>
    t.db.kysely.selectFrom('outbox').selectAll().where('to_address', '=', to).orderBy('created_at').execute();
  const statusOf = async (id: string) =>
    await t.db.kysely
      .selectFrom('proposals')
      .select(['status', 'stage'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('only operators reach the back office: anonymous 401, buyers and sellers 403, operators 2xx', async () => {
    const routes: [method: 'GET' | 'POST' | 'PATCH', url: string, body?: object][] = [
      ['GET', '/api/v3/backoffice/proposals'],
      ['POST', '/api/v3/backoffice/proposals', newProposal()],
      ['GET', `/api/v3/backoffice/proposals/${ids.first}`],
      [
        'POST',
        `/api/v3/backoffice/proposals/${ids.started}/stage`,
        { stage: 'credit_analysis', reason: 'Cadastro conferido' },
      ],
      [
        'POST',
        `/api/v3/backoffice/proposals/${ids.started}/status`,
        { status: 'under_review', reason: 'Documentação completa' },
      ],
      [
        'POST',
        `/api/v3/backoffice/proposals/${ids.first}/sections/data/correction`,
        { buyer: 0, note: 'Confira a renda informada' },
      ],
      ['GET', `/api/v3/backoffice/proposals/${ids.first}/dossier`],
      ['GET', '/api/v3/backoffice/audit'],
      ['GET', '/api/v3/backoffice/outbox'],
      ['GET', '/api/v3/operators'],
      ['POST', '/api/v3/operators', { name: 'Operadora Nova', email: `op.${dialect}@portal.com.br` }],
      [
        'PATCH',
        `/api/v3/operators/${(await t.db.kysely.selectFrom('users').select('id').where('email', '=', 'operador@demo.com.br').executeTakeFirstOrThrow()).id}`,
        { canViewHealth: true },
      ],
    ];
    for (const [method, url, body] of routes) {
      const anonymous = await req(method, url, undefined, body);
      expect([url, anonymous.statusCode, anonymous.json()]).toEqual([url, 401, UNAUTHENTICATED]);
      for (const cookie of [c.comprador, c.vendedor]) {
        const other = await req(method, url, cookie, body);
        expect([url, other.statusCode, other.json()]).toEqual([url, 403, FORBIDDEN]);
      }
    }
    // Nothing changed by the refused calls.
    expect(await statusOf(ids.started)).toEqual({ status: 'filling', stage: 'registration' });
    for (const [method, url, body] of routes) {
      const res = await req(method, url, c.operador, body);
      expect([url, res.statusCode < 300]).toEqual([url, true]);
    }
  });

  it('an unknown proposal is 404 for the operator too', async () => {
    for (const url of ['/api/v3/backoffice/proposals/nao-existe', '/api/v3/backoffice/proposals/nao-existe/dossier']) {
      expect((await req('GET', url, c.operador)).statusCode).toBe(404);
    }
    const res = await req('POST', '/api/v3/backoffice/proposals/nao-existe/status', c.operador, {
      status: 'under_review',
      reason: 'Tudo conferido',
    });
    expect(res.statusCode).toBe(404);
  });

  describe('new proposal', () => {
    it('creates the proposal with the next code, invites each buyer by e-mail and records it', async () => {
      const input = newProposal({}, 2);
      const before = await list('q=&limit=5');
      const created = await create(input);
      expect(created.code).toMatch(new RegExp(`^PF-${YEAR}-\\d{6}$`));
      const second = await create(
        newProposal({
          type: 'cgi',
          financingOrCgiData: {
            ...input.financingOrCgiData,
            product: 'CGI — Crédito com garantia de imóvel',
            insuranceCompanyName: 'tokio',
          },
        }),
      );
      expect(second.code).toMatch(new RegExp(`^CGI-${YEAR}-\\d{6}$`));
      const third = await create(newProposal());
      expect(Number(third.code.slice(-6))).toBe(Number(created.code.slice(-6)) + 1);
      expect((await list('limit=5')).page.total).toBe(before.page.total + 3);

      const row = await t.db.kysely
        .selectFrom('proposals')
        .selectAll()
        .where('id', '=', created.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        status: 'filling',
        stage: 'registration',
        type: 'financing',
        insurer: 'itau',
        filling_status: 0,
      });
      expect(JSON.parse(row.financing)).toMatchObject({
        amount: 45_000_000,
        installments: 360,
        amortizationSystem: 'SAC',
      });
      expect(JSON.parse(row.property)).toEqual({
        type: 'residential',
        kind: 'apartment',
        zipCode: '01310100',
        uf: 'SP',
        city: 'São Paulo',
      });

      for (const [position, b] of input.buyers.entries()) {
        const member = await t.db.kysely
          .selectFrom('proposal_members')
          .selectAll()
          .where('proposal_id', '=', created.id)
          .where('position', '=', position)
          .executeTakeFirstOrThrow();
        expect(member).toMatchObject({ role: 'buyer', name: b.name, email: b.email, cpf: b.cpf.replace(/\D/g, '') });
        const user = await t.db.kysely
          .selectFrom('users')
          .selectAll()
          .where('id', '=', member.user_id!)
          .executeTakeFirstOrThrow();
        expect(user).toMatchObject({ role: 'buyer', password_hash: null });
        const mails = await outbox(b.email);
        expect(mails).toHaveLength(1);
        expect(mails[0]!.subject).toContain(created.code);
        expect(mails[0]!.text_body).toMatch(/\/buyer\/change-password\?token=[\w-]{20,}/);
      }
      const audit = await t.db.kysely
        .selectFrom('audit_log')
        .selectAll()
        .where('subject', '=', `proposal:${created.id}`)
        .where('action', '=', 'proposal.created')
        .execute();
      expect(audit).toHaveLength(1);
      const history = await req('GET', `/api/v3/proposals/${created.id}/history`, c.operador);
      expect(history.json().data.entries).toMatchObject([{ kind: 'created', label: 'Proposta criada' }]);
    });

    it('the invited buyer sets a password with the e-mailed link and sees the proposal', async () => {
      const input = newProposal();
      const created = await create(input);
      const link = (await outbox(input.buyers[0]!.email))[0]!.text_body.match(/token=([\w-]+)/)![1]!;
      const set = await req('POST', '/api/v3/auth/change-password', undefined, {
        pass: 'Senha1234',
        repeat: 'Senha1234',
        token: link,
      });
      expect(set.statusCode, set.body).toBe(200);
      await resetRateLimits(t);
      const cookie = await login(t.app, input.buyers[0]!.email, 'buyer', 'Senha1234');
      const mine = await req('GET', '/api/v3/proposals', cookie);
      expect(mine.json().data.map((p: { code: string }) => p.code)).toEqual([created.code]);
    });

    it('refuses invalid data with Portuguese field messages and creates nothing', async () => {
      const count = async () =>
        Number(
          (
            await t.db.kysely
              .selectFrom('proposals')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await count();
      const bad = newProposal();
      const res = await req('POST', '/api/v3/backoffice/proposals', c.operador, {
        ...bad,
        buyers: [{ ...bad.buyers[0], cpf: '123.456.789-00' }],
        financingOrCgiData: { ...bad.financingOrCgiData, installments: '500', amortizationSystem: 'XYZ' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toMatchObject({
        'buyers.0.cpf': 'Insira um CPF válido',
        'financingOrCgiData.installments': 'Insira um número inteiro de 1 a 420',
        'financingOrCgiData.amortizationSystem': 'Selecione uma opção',
      });
      const extra = await req('POST', '/api/v3/backoffice/proposals', c.operador, {
        ...newProposal(),
        status: 'approved',
      });
      expect(extra.statusCode).toBe(400);
      // A seller's e-mail cannot become a buyer's; a known CPF must come with its own e-mail.
      const seller = await req(
        'POST',
        '/api/v3/backoffice/proposals',
        c.operador,
        newProposal({
          buyers: [{ name: 'Roberto Lima', cpf: formatCpf(completeCpf('111444777')), email: 'vendedor@demo.com.br' }],
        }),
      );
      expect(seller.json().error.fields).toEqual({
        'buyers.0.email': 'Este e-mail já é usado por uma conta de vendedor ou de operador',
      });
      const cpfTaken = await req(
        'POST',
        '/api/v3/backoffice/proposals',
        c.operador,
        newProposal({ buyers: [{ name: 'Carlos Souza', cpf: '529.982.247-25', email: 'outro.email@exemplo.com.br' }] }),
      );
      expect(cpfTaken.json().error.fields).toEqual({
        'buyers.0.email': 'Este CPF já tem conta com outro e-mail: use o e-mail cadastrado',
      });
      expect(await count()).toBe(before);
    });

    it('an existing buyer is linked, not duplicated, and told by e-mail', async () => {
      const created = await create(
        newProposal({
          buyers: [{ name: 'Carlos Eduardo Souza', cpf: '529.982.247-25', email: 'comprador@demo.com.br' }],
        }),
      );
      const mine = await req('GET', '/api/v3/proposals', c.comprador);
      expect(mine.json().data.map((p: { code: string }) => p.code)).toContain(created.code);
      const mail = (await outbox('comprador@demo.com.br')).at(-1)!;
      expect(mail.text_body).not.toContain('token=');
    });
  });

  describe('the list', () => {
    let tagged: { id: string; code: string }[] = [];
    beforeAll(async () => {
      // 23 proposals of one family name, for search and paging; inserted directly (faster) and indexed.
      const now = Date.now();
      tagged = [];
      for (let i = 0; i < 23; i++) {
        const id = crypto.randomUUID();
        const code = formatProposalCode(i % 3 === 0 ? 'cgi' : 'financing', 2025, 900_000 + i);
        await t.db.kysely
          .insertInto('proposals')
          .values({
            id,
            code,
            type: i % 3 === 0 ? 'cgi' : 'financing',
            status: i % 2 ? 'under_review' : 'filling',
            stage: 'registration',
            filling_status: i * 4,
            property: JSON.stringify({
              type: 'residential',
              kind: 'house',
              zipCode: '80240210',
              uf: 'PR',
              city: 'Curitiba',
            }),
            financing: JSON.stringify({
              amortizationSystem: 'PRICE',
              amount: 10_000_000 + i,
              feeType: 'fixed',
              installments: 240,
              insuranceCompanyName: i % 4 ? 'itau' : 'tokio',
              product: 'SFI',
            }),
            created_at: now - i * 1000,
            updated_at: now - i * 1000,
          })
          .execute();
        await t.db.kysely
          .insertInto('proposal_members')
          .values({
            id: crypto.randomUUID(),
            proposal_id: id,
            user_id: null,
            role: 'buyer',
            position: 0,
            name: `Joaquim Zébrico ${i}`,
            email: `zebrico${i}@exemplo.com.br`,
            cpf: completeCpf(String(313_000_000 + i)),
            created_at: now,
          })
          .execute();
        await syncProposalIndex(t.db.kysely, id);
        tagged.push({ id, code });
      }
    });

    it('searches by code, buyer name (accents and case ignored) and CPF, masked or not', async () => {
      expect((await list(`q=${DEMO_PROPOSALS.twoBuyers}`)).data.map((p) => p.code)).toEqual([DEMO_PROPOSALS.twoBuyers]);
      expect((await list('q=zebrico&limit=100')).page.total).toBe(23);
      expect((await list('q=ZÉBRICO%20joaq&limit=100')).page.total).toBe(23);
      const cpf = completeCpf('313000007');
      expect((await list(`q=${encodeURIComponent(formatCpf(cpf))}`)).data.map((p) => p.code)).toEqual([
        tagged[7]!.code,
      ]);
      expect((await list(`q=${cpf.slice(0, 9)}`)).data.map((p) => p.code)).toEqual([tagged[7]!.code]);
      const carlos = await list('q=carlos%20souza&limit=100');
      expect(carlos.data.map((p) => p.code)).toEqual(
        expect.arrayContaining([DEMO_PROPOSALS.twoBuyers, DEMO_PROPOSALS.underReview, DEMO_PROPOSALS.started]),
      );
      expect(carlos.data[0]!.buyers[0]).toMatchObject({ name: expect.any(String), cpf: expect.any(String) });
      expect((await list('q=ninguem%20assim')).page.total).toBe(0);
    });

    it('filters by status, stage, type and insurer', async () => {
      const cgiTokio = await list('q=zebrico&type=cgi&insurer=tokio&limit=100');
      expect(cgiTokio.data.every((p) => p.type === 'cgi' && p.insurer === 'tokio')).toBe(true);
      expect(cgiTokio.page.total).toBe(tagged.filter((_, i) => i % 3 === 0 && i % 4 === 0).length);
      const review = await list('q=zebrico&status=under_review&limit=100');
      expect(review.page.total).toBe(11);
      expect((await list('status=under_review&stage=credit_analysis')).data.map((p) => p.code)).toContain(
        DEMO_PROPOSALS.underReview,
      );
      expect((await list('q=zebrico&stage=contract')).page.total).toBe(0);
      expect((await req('GET', '/api/v3/backoffice/proposals?status=unknown', c.operador)).statusCode).toBe(400);
    });

    it('pages forward and back with stable keyset cursors, in every sort', async () => {
      for (const [sort, order] of [
        ['updatedAt', 'desc'],
        ['code', 'asc'],
        ['fillingStatus', 'desc'],
        ['createdAt', 'asc'],
      ] as const) {
        const all = (await list(`q=zebrico&sort=${sort}&order=${order}&limit=100`)).data.map((p) => p.code);
        expect(all).toHaveLength(23);
        const seen: string[] = [];
        let page = await list(`q=zebrico&sort=${sort}&order=${order}&limit=5`);
        expect(page.page.prev).toBeNull();
        const pages: ProposalListPage[] = [page];
        seen.push(...page.data.map((p) => p.code));
        while (page.page.next) {
          page = await list(`q=zebrico&sort=${sort}&order=${order}&limit=5&cursor=${page.page.next}`);
          pages.push(page);
          seen.push(...page.data.map((p) => p.code));
        }
        expect(seen).toEqual(all);
        expect(pages).toHaveLength(5);
        // Walking back from the last page gives the same pages.
        let back = pages.at(-1)!;
        for (let i = pages.length - 2; i >= 0; i--) {
          back = await list(`q=zebrico&sort=${sort}&order=${order}&limit=5&cursor=${back.page.prev}`);
          expect(back.data.map((p) => p.code)).toEqual(pages[i]!.data.map((p) => p.code));
        }
        expect(back.page.prev).toBeNull();
      }
      const sorted = (await list('q=zebrico&sort=code&order=asc&limit=100')).data.map((p) => p.code);
      expect(sorted).toEqual([...sorted].sort());
    });
  });

  describe('status and stage', () => {
    it('refuses a transition that is not an edge of the machine, in Portuguese, and changes nothing', async () => {
      const { id } = await create(newProposal());
      const res = await req('POST', `/api/v3/backoffice/proposals/${id}/status`, c.operador, {
        status: 'sent_to_bank',
        reason: 'Pular a análise',
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({
        code: 'invalid_transition',
        message: 'Não é possível passar a proposta de “Em preenchimento” para “Enviada ao banco”.',
      });
      expect(await statusOf(id)).toEqual({ status: 'filling', stage: 'registration' });
      const noReason = await req('POST', `/api/v3/backoffice/proposals/${id}/status`, c.operador, {
        status: 'under_review',
        reason: ' ',
      });
      expect(noReason.statusCode).toBe(400);
      expect(noReason.json().error.fields.reason).toBe('Obrigatório');
    });

    it('walks the whole machine with who, when and why, and e-mails buyers only when something is asked of them', async () => {
      const input = newProposal();
      const { id } = await create(input);
      const email = input.buyers[0]!.email;
      const step = async (status: string, reason: string) => {
        const res = await req('POST', `/api/v3/backoffice/proposals/${id}/status`, c.operador, { status, reason });
        expect([status, res.statusCode, res.body]).toEqual([status, 200, res.body]);
      };
      await step('under_review', 'Cadastro completo, em análise');
      expect(await outbox(email)).toHaveLength(1); // only the invitation
      await step('pending_correction', 'Envie o comprovante de renda atualizado');
      const mails = await outbox(email);
      expect(mails).toHaveLength(2);
      expect(mails[1]!.text_body).toContain('Envie o comprovante de renda atualizado');
      await step('under_review', 'Correção recebida');
      await step('sent_to_bank', 'Dossiê enviado ao banco');
      await step('approved', 'Crédito aprovado pelo banco');
      const final = await req('POST', `/api/v3/backoffice/proposals/${id}/status`, c.operador, {
        status: 'cancelled',
        reason: 'Desistência',
      });
      expect(final.json().error.message).toBe('A proposta está “Aprovada” e não muda mais de situação.');

      const view = (await req('GET', `/api/v3/backoffice/proposals/${id}`, c.operador)).json().data;
      expect(view.nextStatuses).toEqual([]);
      expect(view.history.map((h: { label: string }) => h.label)).toEqual([
        'Situação: Enviada ao banco → Aprovada',
        'Situação: Em análise → Enviada ao banco',
        'Situação: Correção pendente → Em análise',
        'Situação: Em análise → Correção pendente',
        'Situação: Em preenchimento → Em análise',
        'Proposta criada',
      ]);
      expect(view.history[0]).toMatchObject({
        reason: 'Crédito aprovado pelo banco',
        actor: 'Juliana Costa (Equipe do portal)',
      });
    });

    it('moves the stage one step at a time and asks the seller to receive the appraiser', async () => {
      const move = (stage: string) =>
        req('POST', `/api/v3/backoffice/proposals/${ids.cgi}/stage`, c.operador, {
          stage,
          reason: 'Andamento do banco',
        });
      const jump = await move('contract');
      expect(jump.statusCode).toBe(409);
      expect(jump.json().error.message).toMatch(/^A etapa muda uma de cada vez/);
      const before = (await outbox('vendedor@demo.com.br')).length;
      expect((await move('appraisal')).statusCode).toBe(200);
      const mails = await outbox('vendedor@demo.com.br');
      expect(mails).toHaveLength(before + 1);
      expect(mails.at(-1)!.subject).toBe(`Proposta ${DEMO_PROPOSALS.underReview}: avaliação do imóvel`);
      expect((await statusOf(ids.cgi)).stage).toBe('appraisal');
    });
  });

  describe('corrections and history per party', () => {
    it('asks the buyer to correct a section: rejected with the note, proposal back to correction, e-mail, history', async () => {
      // The CGI proposal is under review; its main buyer's data section was sent.
      const res = await req('POST', `/api/v3/backoffice/proposals/${ids.cgi}/sections/data/correction`, c.operador, {
        buyer: 0,
        note: 'A renda difere do holerite enviado',
      });
      expect(res.statusCode, res.body).toBe(200);
      const section = (await req('GET', `/api/v3/proposals/${ids.cgi}/sections/data?buyer=0`, c.comprador)).json().data;
      expect(section).toMatchObject({
        status: 'rejected',
        reviewNote: 'A renda difere do holerite enviado',
        canEdit: true,
      });
      expect((await statusOf(ids.cgi)).status).toBe('pending_correction');
      const mail = (await outbox('comprador@demo.com.br')).at(-1)!;
      expect(mail.subject).toBe(`Proposta ${DEMO_PROPOSALS.underReview}: corrija “Dados gerais”`);
      expect(mail.text_body).toContain('A renda difere do holerite enviado');

      // The buyer sees the correction and the status change; the seller only the status change.
      const buyer = (await req('GET', `/api/v3/proposals/${ids.cgi}/history`, c.comprador)).json().data;
      expect(buyer).toMatchObject({ status: 'pending_correction', statusLabel: 'Correção pendente' });
      expect(buyer.entries.map((e: { label: string }) => e.label)).toEqual(
        expect.arrayContaining(['Correção pedida: Dados gerais', 'Situação: Em análise → Correção pendente']),
      );
      expect(buyer.entries.every((e: { actor: string }) => e.actor === 'Equipe do portal')).toBe(true);
      const seller = (await req('GET', `/api/v3/proposals/${ids.cgi}/history`, c.vendedor)).json().data;
      expect(seller.entries.some((e: { kind: string }) => e.kind === 'correction')).toBe(false);
      expect(
        seller.entries.some((e: { label: string }) => e.label === 'Situação: Em análise → Correção pendente'),
      ).toBe(true);
    });

    it('refuses corrections of unknown or unsent sections, and on proposals that moved on', async () => {
      const url = (key: string) => `/api/v3/backoffice/proposals/${ids.started}/sections/${key}/correction`;
      expect((await req('POST', url('nao-existe'), c.operador, { note: 'Corrija isto' })).statusCode).toBe(404);
      expect((await req('POST', url('data'), c.operador, { note: 'Corrija isto' })).statusCode).toBe(404); // buyer missing
      expect((await req('POST', url('data'), c.operador, { buyer: 1, note: 'Corrija isto' })).statusCode).toBe(404); // one buyer only
      const unsent = await req('POST', url('investment'), c.operador, { note: 'Corrija isto' });
      expect(unsent.json().error).toMatchObject({
        code: 'section_not_sent',
        message: 'Esta seção ainda não foi enviada: não há o que corrigir.',
      });
    });

    it('history: 401 without a session, 404 for someone else’s proposal', async () => {
      expect((await req('GET', `/api/v3/proposals/${ids.first}/history`)).statusCode).toBe(401);
      expect((await req('GET', `/api/v3/proposals/${ids.first}/history`, c.outro)).statusCode).toBe(404);
      expect((await req('GET', `/api/v3/proposals/${ids.outro}/history`, c.vendedor)).statusCode).toBe(404);
      expect((await req('GET', `/api/v3/proposals/${ids.first}/history`, c.compradora)).statusCode).toBe(200);
    });
  });

  describe('operators', () => {
    it('an operator creates an operator, who sets a password by e-mail and logs in; nobody else can create one', async () => {
      const email = `nova.operadora.${dialect}@portal.com.br`;
      for (const cookie of [undefined, c.comprador, c.vendedor]) {
        const res = await req('POST', '/api/v3/operators', cookie, { name: 'Nova Operadora', email });
        expect(res.statusCode).toBe(cookie ? 403 : 401);
      }
      expect(
        await t.db.kysely.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst(),
      ).toBeUndefined();
      const res = await req('POST', '/api/v3/operators', c.operador, {
        name: 'Nova Operadora',
        email,
        canViewHealth: true,
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data).toMatchObject({ email, canViewHealth: true, active: false });
      const again = await req('POST', '/api/v3/operators', c.operador, { name: 'Nova Operadora', email });
      expect(again.json().error).toMatchObject({
        code: 'email_taken',
        fields: { email: 'Este e-mail já tem uma conta no portal' },
      });

      const token = (await outbox(email))[0]!.text_body.match(/token=([\w-]+)/)![1]!;
      expect(
        (
          await req('POST', '/api/v3/auth/change-password', undefined, {
            pass: 'Operar2026',
            repeat: 'Operar2026',
            token,
          })
        ).statusCode,
      ).toBe(200);
      await resetRateLimits(t);
      const cookie = await login(t.app, email, 'operator', 'Operar2026');
      expect((await req('GET', '/api/v3/backoffice/proposals?limit=5', cookie)).statusCode).toBe(200);
      const listed = (await req('GET', '/api/v3/operators', cookie)).json().data;
      expect(listed.find((o: { email: string }) => o.email === email)).toMatchObject({
        active: true,
        canViewHealth: true,
      });
    });

    it('only an operator who may read health data can grant it', async () => {
      const plain = await req('POST', '/api/v3/operators', c.operador, {
        name: 'Operador Simples',
        email: `simples.${dialect}@portal.com.br`,
      });
      const token = (await outbox(`simples.${dialect}@portal.com.br`))[0]!.text_body.match(/token=([\w-]+)/)![1]!;
      await req('POST', '/api/v3/auth/change-password', undefined, {
        pass: 'Simples2026',
        repeat: 'Simples2026',
        token,
      });
      await resetRateLimits(t);
      const cookie = await login(t.app, `simples.${dialect}@portal.com.br`, 'operator', 'Simples2026');
      const grant = await req('POST', '/api/v3/operators', cookie, {
        name: 'Outro Operador',
        email: `outro.op.${dialect}@portal.com.br`,
        canViewHealth: true,
      });
      expect(grant.statusCode).toBe(403);
      expect(grant.json().error.message).toBe('Você só pode conceder permissões que você mesmo tem.');
      expect(
        (await req('PATCH', `/api/v3/operators/${plain.json().data.id}`, cookie, { canViewHealth: true })).statusCode,
      ).toBe(403);
      expect(
        (await req('PATCH', `/api/v3/operators/${plain.json().data.id}`, c.operador, { canViewHealth: true }))
          .statusCode,
      ).toBe(200);
      const view = (await req('GET', `/api/v3/backoffice/proposals/${ids.first}`, cookie)).json().data;
      expect(view.canViewHealth).toBe(true);
    });
  });

  describe('audit log, outbox and dossier', () => {
    it('records every read of a proposal and filters the log by proposal, action and actor', async () => {
      await req('GET', `/api/v3/backoffice/proposals/${ids.outro}`, c.operador);
      const res = await req(
        'GET',
        `/api/v3/backoffice/audit?proposal=${DEMO_PROPOSALS.othersProposal}&action=proposal.read`,
        c.operador,
      );
      expect(res.statusCode).toBe(200);
      const entries = res.json().data;
      expect(entries.length).toBeGreaterThanOrEqual(1);
      expect(entries[0]).toMatchObject({
        action: 'proposal.read',
        proposalCode: DEMO_PROPOSALS.othersProposal,
        actor: { email: 'operador@demo.com.br', role: 'operator' },
      });
      const byActor = (
        await req('GET', '/api/v3/backoffice/audit?actor=comprador@demo.com.br&limit=100', c.operador)
      ).json().data;
      expect(byActor.length).toBeGreaterThan(0);
      expect(byActor.every((e: { actor: { email: string } }) => e.actor.email === 'comprador@demo.com.br')).toBe(true);
      // Keyset pages of the log do not overlap.
      const p1 = (await req('GET', '/api/v3/backoffice/audit?limit=5', c.operador)).json();
      const p2 = (await req('GET', `/api/v3/backoffice/audit?limit=5&cursor=${p1.page.next}`, c.operador)).json();
      expect(p2.data.some((e: { id: string }) => p1.data.some((f: { id: string }) => f.id === e.id))).toBe(false);
    });

    it('records every read of health data, and every refused attempt, in the audit log the operator browses', async () => {
      const read = await req('GET', `/api/v3/proposals/${ids.first}/insurance/answers?buyer=0`, c.operador);
      expect(read.statusCode, read.body).toBe(200);
      const reads = (
        await req('GET', `/api/v3/backoffice/audit?action=health.read&proposal=${DEMO_PROPOSALS.twoBuyers}`, c.operador)
      ).json().data;
      expect(reads[0]).toMatchObject({
        action: 'health.read',
        proposalCode: DEMO_PROPOSALS.twoBuyers,
        actor: { email: 'operador@demo.com.br' },
      });

      const plain = await createUser(t, { role: 'operator', name: 'Operador Sem Saúde' });
      await resetRateLimits(t);
      const cookie = await login(t.app, plain.email, 'operator');
      expect((await req('GET', `/api/v3/backoffice/proposals/${ids.first}`, cookie)).json().data.canViewHealth).toBe(
        false,
      );
      const denied = await req('GET', `/api/v3/proposals/${ids.first}/insurance/answers?buyer=0`, cookie);
      expect(denied.statusCode).toBe(403);
      const refused = (
        await req(
          'GET',
          `/api/v3/backoffice/audit?action=health.read_denied&actor=${encodeURIComponent(plain.email)}`,
          c.operador,
        )
      ).json().data;
      expect(refused).toHaveLength(1);
      expect(refused[0]).toMatchObject({ proposalCode: DEMO_PROPOSALS.twoBuyers, actor: { email: plain.email } });
    });

    it('lists the outbox with each e-mail’s state and never its body', async () => {
      await t.app.mailer.deliver();
      const res = await req('GET', '/api/v3/backoffice/outbox?state=sent&limit=100', c.operador);
      const data = res.json().data;
      expect(data.length).toBeGreaterThan(0);
      expect(data.every((m: { state: string; sentAt: string | null }) => m.state === 'sent' && m.sentAt)).toBe(true);
      expect(res.body).not.toContain('token=');
      const invites = (await req('GET', '/api/v3/backoffice/outbox?kind=invite&limit=100', c.operador)).json().data;
      expect(invites.every((m: { kind: string }) => m.kind === 'invite')).toBe(true);
    });

    it('exports the dossier as a ZIP with the PDF summary (and records it)', async () => {
      const res = await req('GET', `/api/v3/backoffice/proposals/${ids.first}/dossier`, c.operador);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="dossie-${DEMO_PROPOSALS.twoBuyers}.zip"`);
      const files = await unzipNames(res.rawPayload);
      const summary = files.get(`resumo-${DEMO_PROPOSALS.twoBuyers}.pdf`);
      expect(summary?.subarray(0, 5).toString()).toBe('%PDF-');
      const audit = await t.db.kysely
        .selectFrom('audit_log')
        .select('action')
        .where('subject', '=', `proposal:${ids.first}`)
        .where('action', '=', 'proposal.dossier_exported')
        .execute();
      expect(audit.length).toBeGreaterThanOrEqual(1);
    });
  });
});
