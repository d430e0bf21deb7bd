import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DATABASES, login, type TestApp } from './helpers';
import { makePdf, multipartBody } from './document-files';

interface Followed {
  key: string;
  title: string;
  hint: string;
  state: string;
}

/** The buyers follow the seller's document items read-only, with their state. */
describe.each(DATABASES)("the seller's items on the buyers' documents list on %s", (dialect) => {
  let t: TestApp;
  let main: string;
  let second: string;
  let seller: string;
  let operator: string;
  let proposal: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    [main, second, seller, operator] = await Promise.all([
      login(t.app, 'comprador@demo.com.br', 'buyer'),
      login(t.app, 'compradora@demo.com.br', 'buyer'),
      login(t.app, 'vendedor@demo.com.br', 'seller'),
      login(t.app, 'operador@demo.com.br', 'operator'),
    ]);
    const all = (await t.app.inject({ url: '/api/v3/proposals', headers: { cookie: operator } })).json().data as {
      id: string;
      code: string;
    }[];
    proposal = all.find((p) => p.code === 'PF-2026-004817')!.id;
  });
  afterAll(async () => t?.close());

  const list = async (cookie: string) => {
    const res = await t.app.inject({ url: `/api/v3/proposals/${proposal}/documents`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    return res.json().data as { items: { key: string }[]; sellerItems: Followed[] };
  };
  const stateOf = async (cookie: string, key: string) =>
    (await list(cookie)).sellerItems.find((i) => i.key === key)?.state;

  it('lists the IPTU, the matrícula and the seller form for both buyers, read-only, with no files', async () => {
    for (const cookie of [main, second]) {
      const data = await list(cookie);
      expect(data.sellerItems.map((i) => i.key).sort()).toEqual([
        'iptu_current_year',
        'property_registration',
        'sellers_form',
      ]);
      for (const i of data.sellerItems) {
        expect(Object.keys(i).sort()).toEqual(['hint', 'key', 'state', 'title']);
        expect(i.title).toMatch(/\S/);
      }
      // Still not the buyer's to send: not among their own items.
      expect(data.items.map((i) => i.key)).not.toContain('iptu_current_year');
    }
    expect((await list(main)).sellerItems.find((i) => i.key === 'property_registration')!.title).toBe(
      'Matrícula atualizada do imóvel',
    );
  });

  it('follows the state: pending, sent when the seller uploads, accepted when the operator accepts', async () => {
    expect(await stateOf(main, 'iptu_current_year')).toBe('pending');
    const body = multipartBody({ name: 'iptu.pdf', content: makePdf(), type: 'application/pdf' });
    const up = await t.app.inject({
      method: 'POST',
      url: `/api/v3/proposals/${proposal}/documents/iptu_current_year/files`,
      headers: { cookie: seller, ...body.headers },
      payload: body.payload,
    });
    expect(up.statusCode).toBe(201);
    expect(await stateOf(main, 'iptu_current_year')).toBe('sent');
    expect(await stateOf(second, 'iptu_current_year')).toBe('sent');
    const review = await t.app.inject({
      method: 'POST',
      url: `/api/v3/proposals/${proposal}/documents/iptu_current_year/review`,
      headers: { cookie: operator },
      payload: { decision: 'accept' },
    });
    expect(review.statusCode).toBe(200);
    expect(await stateOf(main, 'iptu_current_year')).toBe('accepted');
  });

  it('a buyer still cannot send, open or list files of a seller item', async () => {
    const body = multipartBody({ name: 'x.pdf', content: makePdf(), type: 'application/pdf' });
    const up = await t.app.inject({
      method: 'POST',
      url: `/api/v3/proposals/${proposal}/documents/sellers_form/files`,
      headers: { cookie: main, ...body.headers },
      payload: body.payload,
    });
    expect(up.statusCode).toBe(404);
    const raw = (await t.app.inject({ url: `/api/v3/proposals/${proposal}/documents`, headers: { cookie: main } }))
      .body;
    expect(raw).not.toContain('iptu.pdf');
  });

  it('sellers and operators get no followed list (they see the items themselves)', async () => {
    expect((await list(seller)).sellerItems).toEqual([]);
    expect((await list(operator)).sellerItems).toEqual([]);
  });
});
