import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeCpf } from '@portal/domain/cpf';
import { CONTROL_CHARACTERS_MESSAGE } from '@portal/domain/fields';
import { createTestApp, DATABASES, login, type TestApp } from './helpers';

/** Control characters in names and free texts, and who may read the API's map (docs/decisions/016-input-hygiene.md). */
describe.each(DATABASES)('input hygiene on %s', (dialect) => {
  let t: TestApp;
  let operator: string;
  let outro: string;
  let outroProposal: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    [operator, outro] = await Promise.all([
      login(t.app, 'operador@demo.com.br', 'operator'),
      login(t.app, 'outro@demo.com.br', 'buyer'),
    ]);
    const list = (await t.app.inject({ url: '/api/v3/proposals', headers: { cookie: outro } })).json().data as {
      id: string;
    }[];
    outroProposal = list[0]!.id;
  });
  afterAll(async () => t?.close());

  const mailsTo = (to: string) => t.db.kysely.selectFrom('outbox').selectAll().where('to_address', '=', to).execute();

  it('a CR/LF in the invited seller name is refused in Portuguese and no invitation leaves', async () => {
    const email = `vendedor.crlf.${dialect}@exemplo.com.br`;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v3/proposals/${outroProposal}/sections/seller`,
      headers: { cookie: outro },
      payload: {
        sellerName: 'Paulo Mendes\r\nBcc: vitima@exemplo.com\r\n\r\nClique aqui: http://golpe.exemplo',
        sellerEmail: email,
        sellerPhone: '(41) 99876-1234',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.sellerName).toBe(CONTROL_CHARACTERS_MESSAGE);
    expect(await mailsTo(email)).toEqual([]);
  });

  it('a CR/LF in an invited buyer name is refused in Portuguese: no proposal, no e-mail', async () => {
    const email = `compradora.crlf.${dialect}@exemplo.com.br`;
    const before = await t.db.kysely
      .selectFrom('proposals')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v3/backoffice/proposals',
      headers: { cookie: operator },
      payload: {
        type: 'financing',
        buyers: [{ name: 'Paula Teste\nSua conta foi bloqueada', cpf: completeCpf('418000123'), email }],
        property: { type: 'residential', kind: 'apartment', zipCode: '01310-100', uf: 'SP', city: 'São Paulo' },
        financingOrCgiData: {
          amortizationSystem: 'SAC',
          amount: '350.000,00',
          feeType: 'tr',
          installments: '360',
          insuranceCompanyName: 'itau',
          product: 'SFH — Imóvel residencial',
        },
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields['buyers.0.name']).toBe(CONTROL_CHARACTERS_MESSAGE);
    expect(await mailsTo(email)).toEqual([]);
    const after = await t.db.kysely
      .selectFrom('proposals')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('/api/docs is open in development', async () => {
    const res = await t.app.inject({ url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toBe('3.1.0');
  });
});

describe('/api/docs in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { env: { NODE_ENV: 'production' } });
  });
  afterAll(async () => t?.close());

  it('is served to operators only', async () => {
    expect((await t.app.inject({ url: '/api/docs' })).statusCode).toBe(401);
    const buyer = await login(t.app, 'comprador@demo.com.br', 'buyer');
    expect((await t.app.inject({ url: '/api/docs', headers: { cookie: buyer } })).statusCode).toBe(403);
    const operator = await login(t.app, 'operador@demo.com.br', 'operator');
    const res = await t.app.inject({ url: '/api/docs', headers: { cookie: operator } });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/api/v3/backoffice/proposals');
  });
});
