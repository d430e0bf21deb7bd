import { describe, expect, it } from 'vitest';
import { todayIso } from '@portal/domain/dates';
import { DATABASES, demoSuite, type Client } from './helpers';
import { makePdf } from './document-files';
import { documentRows, listDocuments, uploadDocument } from './helpers/documents';

const DAY = 86_400_000;
/** Today in Brasília moved by some days, AAAA-MM-DD. */
const dayFromToday = (days: number) => {
  const [y, m, d] = todayIso().split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};

/**
 * A document that ages counts its validity from the issue date the person gives with the copy
 * (docs/decisions/005-documents.md), not from the day it was sent; a date that cannot be right is
 * refused before anything is stored.
 */
describe.each(DATABASES)('document issue dates on %s', (dialect) => {
  const { t, as, ids } = demoSuite(dialect);
  const main = as.comprador;

  // The issue date travels in the tus upload's Upload-Metadata (issuedOn), checked at creation.
  const upload = (who: Client, key: string, issuedOn?: string) =>
    uploadDocument(who, ids.twoBuyers, key, { name: 'conta.pdf', content: makePdf(), issuedOn });
  const proofOfAddress = async () =>
    (await listDocuments(main, ids.twoBuyers)).items.find((i) => i.key === 'proof_of_address_buyer1')!;

  it('refuses a date to come, one already past the validity, a non-date and one for a document that does not age', async () => {
    const before = await documentRows(t);
    const cases: [string, string, string][] = [
      ['proof_of_address_buyer1', dayFromToday(1), 'A data de emissão não pode estar no futuro.'],
      ['proof_of_address_buyer1', '2026-02-30', 'Insira uma data de emissão válida (DD/MM/AAAA).'],
      ['proof_of_address_buyer1', '10/01/2026', 'Insira uma data de emissão válida (DD/MM/AAAA).'],
      [
        'income_tax_buyer1',
        dayFromToday(-1),
        'Este documento não tem prazo de validade: não é preciso informar a data de emissão.',
      ],
    ];
    for (const [key, issuedOn, message] of cases) {
      const res = await upload(main, key, issuedOn);
      expect(res.statusCode, `${key} ${issuedOn}`).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'invalid_issue_date', message, fields: { issuedOn: message } });
    }
    const old = await upload(main, 'proof_of_address_buyer1', dayFromToday(-91));
    expect(old.statusCode).toBe(400);
    expect(old.json().error.message).toMatch(
      /^Este documento venceu em \d{2}\/\d{2}\/\d{4}: ele vale 90 dias a partir da emissão\. Envie uma cópia emitida mais recentemente\.$/,
    );
    expect(await documentRows(t)).toBe(before);
  });

  it('counts the validity from the issue date given, and from the sending without one', async () => {
    const sent = await upload(main, 'proof_of_address_buyer1');
    expect(sent.statusCode).toBe(201);
    expect(sent.json().data.issuedOn).toBeNull();
    const fromSending = new Date((await proofOfAddress()).expiresAt!).getTime();
    expect(Math.abs(fromSending - (Date.parse(sent.json().data.uploadedAt) + 90 * DAY))).toBeLessThan(1000);

    const issuedOn = dayFromToday(-30);
    const issued = await upload(main, 'proof_of_address_buyer1', issuedOn);
    expect(issued.statusCode).toBe(201);
    expect(issued.json().data.issuedOn).toBe(issuedOn);
    const item = await proofOfAddress();
    // The newest copy counts: issued 30 days ago, it is valid 60 more days (midnight in Brasília).
    expect(item.expiresAt).toBe(new Date(Date.parse(`${issuedOn}T00:00:00-03:00`) + 90 * DAY).toISOString());
    expect(item.state).toBe('sent');
  });
});
