import { describe, expect, it } from 'vitest';
import { DATABASES, demoSuite, proposalUrl, type Client } from './helpers';
import { listDocuments, uploadDocument } from './helpers/documents';
import { makePdf } from './document-files';

interface Followed {
  key: string;
  title: string;
  hint: string;
  state: string;
}

/** The buyers follow the seller's document items read-only, with their state. */
describe.each(DATABASES)("the seller's items on the buyers' documents list on %s", (dialect) => {
  const { as, ids } = demoSuite(dialect);
  const { comprador: main, compradora: second, vendedor: seller, operador: operator } = as;

  const list = async (who: Client) =>
    (await listDocuments(who, ids.twoBuyers)) as unknown as { items: { key: string }[]; sellerItems: Followed[] };
  const stateOf = async (who: Client, key: string) => (await list(who)).sellerItems.find((i) => i.key === key)?.state;

  it('lists the IPTU, the matrícula and the seller form for both buyers, read-only, with no files', async () => {
    for (const who of [main, second]) {
      const data = await list(who);
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
    const up = await uploadDocument(seller, ids.twoBuyers, 'iptu_current_year', {
      name: 'iptu.pdf',
      content: makePdf(),
      type: 'application/pdf',
    });
    expect(up.statusCode).toBe(201);
    expect(await stateOf(main, 'iptu_current_year')).toBe('sent');
    expect(await stateOf(second, 'iptu_current_year')).toBe('sent');
    const review = await operator.post(proposalUrl(ids.twoBuyers, '/documents/iptu_current_year/review'), {
      decision: 'accept',
    });
    expect(review.statusCode).toBe(200);
    expect(await stateOf(main, 'iptu_current_year')).toBe('accepted');
  });

  it('a buyer still cannot send, open or list files of a seller item', async () => {
    const up = await uploadDocument(main, ids.twoBuyers, 'sellers_form', {
      name: 'x.pdf',
      content: makePdf(),
      type: 'application/pdf',
    });
    expect(up.statusCode).toBe(404);
    const raw = (await main.get(proposalUrl(ids.twoBuyers, '/documents'))).body;
    expect(raw).not.toContain('iptu.pdf');
  });

  it('sellers and operators get no followed list (they see the items themselves)', async () => {
    expect((await list(seller)).sellerItems).toEqual([]);
    expect((await list(operator)).sellerItems).toEqual([]);
  });
});
