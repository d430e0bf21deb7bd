import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { proposalSchema, sellerProposalSchema, type Proposal } from '@portal/domain/proposal';
import { createTestApp, DATABASES, login, type TestApp } from './helpers';

const NOT_FOUND = { error: { code: 'not_found', message: 'Não encontrado.' } };
const UNAUTHENTICATED = { error: { code: 'unauthenticated', message: 'Sua sessão expirou. Entre novamente.' } };

/** The seeded proposals, most recently updated first (the list's order). */
const CODES = {
  first: 'PF-2026-004817', // comprador + compradora, seller vendedor
  cgi: 'CGI-2026-001293', // comprador, seller vendedor
  started: 'PF-2026-005102', // comprador only
  outro: 'PF-2026-003390', // outro only
};

const COMPRADOR = { name: 'Carlos Eduardo Souza', email: 'comprador@demo.com.br', cpf: '52998224725' };
const COMPRADORA = { name: 'Mariana Alves Souza', email: 'compradora@demo.com.br' };

describe.each(DATABASES)('proposals on %s', (dialect) => {
  let t: TestApp;
  const cookies = {} as Record<'comprador' | 'compradora' | 'outro' | 'vendedor' | 'operador', string>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    cookies.comprador = await login(t.app, '529.982.247-25', 'buyer');
    cookies.compradora = await login(t.app, 'compradora@demo.com.br', 'buyer');
    cookies.outro = await login(t.app, 'outro@demo.com.br', 'buyer');
    cookies.vendedor = await login(t.app, 'vendedor@demo.com.br', 'seller');
    cookies.operador = await login(t.app, 'operador@demo.com.br', 'operator');
  });
  afterAll(async () => t?.close());

  /** The list as a buyer or operator gets it (sellers get the seller's view, read by sellerList). */
  const list = async (cookie: string): Promise<Proposal[]> => {
    if (cookie === cookies.vendedor) return (await sellerList()) as unknown as Proposal[];
    const res = await t.app.inject({ url: '/api/v3/proposals', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    return z
      .object({ data: z.array(proposalSchema) })
      .strict()
      .parse(res.json()).data;
  };
  const sellerList = async () => {
    const res = await t.app.inject({ url: '/api/v3/proposals', headers: { cookie: cookies.vendedor } });
    expect(res.statusCode).toBe(200);
    return z
      .object({ data: z.array(sellerProposalSchema.strict()) })
      .strict()
      .parse(res.json()).data;
  };
  const one = (id: string, cookie?: string) =>
    t.app.inject({ url: `/api/v3/proposals/${id}`, headers: cookie ? { cookie } : {} });
  const byCode = (proposals: Proposal[], code: string) => proposals.find((p) => p.code === code)!;

  it.each([
    ['comprador', [CODES.started, CODES.cgi, CODES.first]],
    ['compradora', [CODES.first]],
    ['outro', [CODES.outro]],
    ['vendedor', [CODES.cgi, CODES.first]],
    ['operador', [CODES.outro, CODES.started, CODES.cgi, CODES.first]],
  ] as const)('%s sees exactly their proposals, most recent first', async (who, codes) => {
    expect((await list(cookies[who])).map((p) => p.code)).toEqual(codes);
  });

  it('each proposal of the list opens by id with the same content', async () => {
    for (const who of Object.keys(cookies) as (keyof typeof cookies)[]) {
      for (const p of await list(cookies[who])) {
        const res = await one(p.id, cookies[who]);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ data: p });
      }
    }
  });

  it("another user's proposal and a random id are both 404 with the same body", async () => {
    const all = await list(cookies.operador);
    const cases: [keyof typeof cookies, string][] = [
      ['outro', CODES.first],
      ['compradora', CODES.cgi],
      ['compradora', CODES.outro],
      ['vendedor', CODES.started],
      ['vendedor', CODES.outro],
      ['comprador', CODES.outro],
    ];
    for (const [who, code] of cases) {
      const res = await one(byCode(all, code).id, cookies[who]);
      expect(res.statusCode, `${who} → ${code}`).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
    const random = await one(crypto.randomUUID(), cookies.comprador);
    expect(random.statusCode).toBe(404);
    expect(random.json()).toEqual(NOT_FOUND);
    expect(random.body).toBe((await one(byCode(all, CODES.outro).id, cookies.comprador)).body);
  });

  it('an id is not matched by SQL patterns or case tricks', async () => {
    for (const id of ['%', '_', "' or '1'='1", (await list(cookies.outro))[0]!.id.toUpperCase()]) {
      const res = await one(encodeURIComponent(id), cookies.outro);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
  });

  it('lists the customers main buyer first; customerData is the caller, with their own e-mail and CPF', async () => {
    const p = byCode(await list(cookies.comprador), CODES.first);
    expect(p.customers.map((c) => [c.position, c.name])).toEqual([
      [0, COMPRADOR.name],
      [1, COMPRADORA.name],
    ]);
    expect(p.customerData).toEqual(p.customers[0]);
    expect(p.customerData).toMatchObject({ name: COMPRADOR.name, email: COMPRADOR.email, cpf: COMPRADOR.cpf });
  });

  it("a co-buyer is customerData at position 1 and sees the other buyer's name but not e-mail or CPF", async () => {
    const p = byCode(await list(cookies.compradora), CODES.first);
    expect(p.customers[0]).toMatchObject({ position: 0, name: COMPRADOR.name, email: null, cpf: null });
    expect(p.customers[1]).toMatchObject({ position: 1, name: COMPRADORA.name, email: COMPRADORA.email });
    expect(p.customers[1]!.cpf).toMatch(/^\d{11}$/);
    expect(p.customerData).toEqual(p.customers[1]);
    const raw = (await one(p.id, cookies.compradora)).body;
    expect(raw).not.toContain(COMPRADOR.email);
    expect(raw).not.toContain(COMPRADOR.cpf);
  });

  it("a seller sees buyers' names only, no customerData and no financing terms", async () => {
    const proposals = await sellerList();
    for (const p of proposals) {
      expect(p).not.toHaveProperty('customerData');
      expect(p).not.toHaveProperty('financingOrCgiData');
      for (const c of p.customers) {
        expect(Object.keys(c).sort()).toEqual(['id', 'name', 'position']);
        expect(c.name).toMatch(/\S/);
      }
    }
    expect(byCode(proposals as unknown as Proposal[], CODES.first).customers.map((c) => c.name)).toEqual([
      COMPRADOR.name,
      COMPRADORA.name,
    ]);
    const raw = (await t.app.inject({ url: '/api/v3/proposals', headers: { cookie: cookies.vendedor } })).body;
    expect(raw).not.toMatch(/@demo\.com\.br/);
    expect(raw).not.toContain(COMPRADOR.cpf);
  });

  it("an operator sees every buyer's e-mail and CPF, and no customerData", async () => {
    const p = byCode(await list(cookies.operador), CODES.first);
    expect(p.customerData).toBeNull();
    expect(p.customers.map((c) => c.email)).toEqual([COMPRADOR.email, COMPRADORA.email]);
    expect(p.customers[0]!.cpf).toBe(COMPRADOR.cpf);
  });

  it('shapes a proposal as the contract says (docs/product/forms.md): money in centavos, property, financing data', async () => {
    const p = byCode(await list(cookies.comprador), CODES.cgi);
    expect(p).toMatchObject({
      code: CODES.cgi,
      type: 'cgi',
      status: 'under_review',
      stage: 'credit_analysis',
      property: { type: 'residential', kind: 'house', zipCode: '13025320', uf: 'SP', city: 'Campinas' },
      financingOrCgiData: {
        amortizationSystem: 'PRICE',
        amount: 30_000_000,
        installments: 180,
        insuranceCompanyName: 'tokio',
      },
    });
    expect(Number.isInteger(p.fillingStatus) && p.fillingStatus >= 0 && p.fillingStatus <= 100).toBe(true);
    expect(new Date(p.updatedAt).toISOString()).toBe(p.updatedAt);
  });

  it('is 401 without a session, and with a session that ended', async () => {
    const id = (await list(cookies.outro))[0]!.id;
    for (const res of [await t.app.inject({ url: '/api/v3/proposals' }), await one(id)]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(UNAUTHENTICATED);
    }
    const cookie = await login(t.app, 'outro@demo.com.br', 'buyer');
    await t.app.inject({ method: 'POST', url: '/api/v3/auth/logout', headers: { cookie } });
    const res = await t.app.inject({ url: '/api/v3/proposals', headers: { cookie } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTHENTICATED);
  });

  it('sees a proposal appear once the user becomes a member of it (membership, not role, decides)', async () => {
    const all = await list(cookies.operador);
    const target = byCode(all, CODES.outro);
    const compradora = await t.app.inject({ url: '/api/v3/auth/user', headers: { cookie: cookies.compradora } });
    expect((await one(target.id, cookies.compradora)).statusCode).toBe(404);
    await t.db.kysely
      .insertInto('proposal_members')
      .values({
        id: crypto.randomUUID(),
        proposal_id: target.id,
        user_id: compradora.json().data.id,
        role: 'buyer',
        position: 1,
        name: COMPRADORA.name,
        email: COMPRADORA.email,
        cpf: null,
        created_at: Date.now(),
      })
      .execute();
    try {
      const res = await one(target.id, cookies.compradora);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.customerData).toMatchObject({ position: 1, name: COMPRADORA.name });
      expect((await list(cookies.compradora)).map((p) => p.code)).toEqual([CODES.outro, CODES.first]);
    } finally {
      await t.db.kysely
        .deleteFrom('proposal_members')
        .where('proposal_id', '=', target.id)
        .where('position', '=', 1)
        .execute();
    }
    expect((await one(target.id, cookies.compradora)).statusCode).toBe(404);
  });

  describe('around the routes', () => {
    it('/api/docs is an OpenAPI document listing the auth and proposal routes', async () => {
      const res = await t.app.inject({ url: '/api/docs' });
      expect(res.statusCode).toBe(200);
      const doc = res.json();
      expect(doc.openapi).toMatch(/^3\./);
      expect(doc.paths['/api/v3/auth/login']).toHaveProperty('post');
      expect(doc.paths['/api/v3/auth/session']).toHaveProperty('get');
      expect(doc.paths['/api/v3/auth/change-password']).toHaveProperty('post');
      expect(doc.paths['/api/v3/proposals/{id}']).toHaveProperty('get');
      expect(Object.keys(doc.paths).some((p) => /^\/api\/v3\/proposals\/?$/.test(p))).toBe(true);
      // Generated from the domain schemas: the login body names its fields (the login name as username or email).
      const body = doc.paths['/api/v3/auth/login'].post.requestBody.content['application/json'].schema;
      expect(Object.keys(body.properties).sort()).toEqual(['email', 'password', 'type', 'username']);
      expect(body.properties.type.enum).toEqual(['buyer', 'seller', 'operator']);
      const item = doc.paths['/api/v3/proposals/{id}'].get.responses['200'].content['application/json'].schema;
      expect(JSON.stringify(item)).toContain('financingOrCgiData');
    });

    it('/api/health answers ok', async () => {
      const res = await t.app.inject({ url: '/api/health' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
    });

    it.each([
      ['GET', '/api/v3/nothing'],
      ['GET', '/api/v3/proposals/a/b/c'],
      ['POST', '/api/v3/proposals/x/unknown'],
      ['DELETE', '/api/v3/auth/login'],
      ['GET', '/api'],
      ['GET', '/api/'],
    ] as const)('%s %s is 404 in the contract shape', async (method, url) => {
      const res = await t.app.inject({ method, url, headers: { cookie: cookies.operador } });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual(NOT_FOUND);
    });
  });
});
