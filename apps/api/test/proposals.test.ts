import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { proposalSchema, sellerProposalSchema, type Proposal } from '@portal/domain/proposal';
import { asUser, DATABASES, DEMO_PROPOSALS, demoSuite, proposalUrl, type Client, type DemoUser } from './helpers';

const NOT_FOUND = { error: { code: 'not_found', message: 'Não encontrado.' } };
const UNAUTHENTICATED = { error: { code: 'unauthenticated', message: 'Sua sessão expirou. Entre novamente.' } };

/** The seeded proposals' codes by purpose (helpers/demo.ts says who is on each). */
const CODES = DEMO_PROPOSALS;

const COMPRADOR = { name: 'Carlos Eduardo Souza', email: 'comprador@demo.com.br', cpf: '52998224725' };
const COMPRADORA = { name: 'Mariana Alves Souza', email: 'compradora@demo.com.br' };

describe.each(DATABASES)('proposals on %s', (dialect) => {
  const { t, as, anonymous } = demoSuite(dialect);

  /** The list as a buyer or operator gets it (sellers get the seller's view, read by sellerList). */
  const list = async (who: Client): Promise<Proposal[]> => {
    if (who === as.vendedor) return (await sellerList()) as unknown as Proposal[];
    const res = await who.get('/api/v3/proposals');
    expect(res.statusCode).toBe(200);
    return z
      .object({ data: z.array(proposalSchema) })
      .strict()
      .parse(res.json()).data;
  };
  const sellerList = async () => {
    const res = await as.vendedor.get('/api/v3/proposals');
    expect(res.statusCode).toBe(200);
    return z
      .object({ data: z.array(sellerProposalSchema.strict()) })
      .strict()
      .parse(res.json()).data;
  };
  const one = (id: string, who: Client = anonymous) => who.get(proposalUrl(id));
  const byCode = (proposals: Proposal[], code: string) => proposals.find((p) => p.code === code)!;

  it.each([
    ['comprador', [CODES.started, CODES.underReview, CODES.twoBuyers]],
    ['compradora', [CODES.twoBuyers]],
    ['outro', [CODES.othersProposal]],
    ['vendedor', [CODES.underReview, CODES.twoBuyers]],
    ['operador', [CODES.othersProposal, CODES.started, CODES.underReview, CODES.twoBuyers]],
  ] as const)('%s sees exactly their proposals, most recent first', async (who, codes) => {
    expect((await list(as[who])).map((p) => p.code)).toEqual(codes);
  });

  it('each proposal of the list opens by id with the same content', async () => {
    for (const who of Object.keys(as) as DemoUser[]) {
      for (const p of await list(as[who])) {
        const res = await one(p.id, as[who]);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ data: p });
      }
    }
  });

  it("another user's proposal and a random id are both 404 with the same body", async () => {
    const all = await list(as.operador);
    const cases: [DemoUser, string][] = [
      ['outro', CODES.twoBuyers],
      ['compradora', CODES.underReview],
      ['compradora', CODES.othersProposal],
      ['vendedor', CODES.started],
      ['vendedor', CODES.othersProposal],
      ['comprador', CODES.othersProposal],
    ];
    for (const [who, code] of cases) {
      const res = await one(byCode(all, code).id, as[who]);
      expect(res.statusCode, `${who} → ${code}`).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
    const random = await one(crypto.randomUUID(), as.comprador);
    expect(random.statusCode).toBe(404);
    expect(random.json()).toEqual(NOT_FOUND);
    expect(random.body).toBe((await one(byCode(all, CODES.othersProposal).id, as.comprador)).body);
  });

  it('an id is not matched by SQL patterns or case tricks', async () => {
    for (const id of ['%', '_', "' or '1'='1", (await list(as.outro))[0]!.id.toUpperCase()]) {
      const res = await one(encodeURIComponent(id), as.outro);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
  });

  it('lists the customers main buyer first; customerData is the caller, with their own e-mail and CPF', async () => {
    const p = byCode(await list(as.comprador), CODES.twoBuyers);
    expect(p.customers.map((c) => [c.position, c.name])).toEqual([
      [0, COMPRADOR.name],
      [1, COMPRADORA.name],
    ]);
    expect(p.customerData).toEqual(p.customers[0]);
    expect(p.customerData).toMatchObject({ name: COMPRADOR.name, email: COMPRADOR.email, cpf: COMPRADOR.cpf });
  });

  it("a co-buyer is customerData at position 1 and sees the other buyer's name but not e-mail or CPF", async () => {
    const p = byCode(await list(as.compradora), CODES.twoBuyers);
    expect(p.customers[0]).toMatchObject({ position: 0, name: COMPRADOR.name, email: null, cpf: null });
    expect(p.customers[1]).toMatchObject({ position: 1, name: COMPRADORA.name, email: COMPRADORA.email });
    expect(p.customers[1]!.cpf).toMatch(/^\d{11}$/);
    expect(p.customerData).toEqual(p.customers[1]);
    const raw = (await one(p.id, as.compradora)).body;
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
    expect(byCode(proposals as unknown as Proposal[], CODES.twoBuyers).customers.map((c) => c.name)).toEqual([
      COMPRADOR.name,
      COMPRADORA.name,
    ]);
    const raw = (await as.vendedor.get('/api/v3/proposals')).body;
    expect(raw).not.toMatch(/@demo\.com\.br/);
    expect(raw).not.toContain(COMPRADOR.cpf);
  });

  it("an operator sees every buyer's e-mail and CPF, and no customerData", async () => {
    const p = byCode(await list(as.operador), CODES.twoBuyers);
    expect(p.customerData).toBeNull();
    expect(p.customers.map((c) => c.email)).toEqual([COMPRADOR.email, COMPRADORA.email]);
    expect(p.customers[0]!.cpf).toBe(COMPRADOR.cpf);
  });

  it('shapes a proposal as the contract says (docs/product/forms.md): money in centavos, property, financing data', async () => {
    const p = byCode(await list(as.comprador), CODES.underReview);
    expect(p).toMatchObject({
      code: CODES.underReview,
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
    const id = (await list(as.outro))[0]!.id;
    for (const res of [await anonymous.get('/api/v3/proposals'), await one(id)]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(UNAUTHENTICATED);
    }
    const ended = await asUser(t, 'outro');
    await ended.post('/api/v3/auth/logout');
    const res = await ended.get('/api/v3/proposals');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTHENTICATED);
  });

  it('sees a proposal appear once the user becomes a member of it (membership, not role, decides)', async () => {
    const all = await list(as.operador);
    const target = byCode(all, CODES.othersProposal);
    const compradora = await as.compradora.get('/api/v3/auth/user');
    expect((await one(target.id, as.compradora)).statusCode).toBe(404);
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
      const res = await one(target.id, as.compradora);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.customerData).toMatchObject({ position: 1, name: COMPRADORA.name });
      expect((await list(as.compradora)).map((p) => p.code)).toEqual([CODES.othersProposal, CODES.twoBuyers]);
    } finally {
      await t.db.kysely
        .deleteFrom('proposal_members')
        .where('proposal_id', '=', target.id)
        .where('position', '=', 1)
        .execute();
    }
    expect((await one(target.id, as.compradora)).statusCode).toBe(404);
  });

  describe('around the routes', () => {
    it('/api/docs is an OpenAPI document listing the auth and proposal routes', async () => {
      const res = await anonymous.get('/api/docs');
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
      const res = await anonymous.get('/api/health');
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
      const res = await as.operador.request(method, url);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual(NOT_FOUND);
    });
  });
});
