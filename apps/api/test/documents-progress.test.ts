import { describe, expect, it } from 'vitest';
import { DEFAULT_QUEUE_EXPIRING_DAYS } from '@portal/domain/backoffice-queue';
import { loadProposalProgress } from '../src/modules/proposals/proposal-progress';
import { DATABASES, demoSuite, insertDocumentFile, INVESTMENT_DATA, proposalUrl, sectionUrl } from './helpers';
import { makePdf } from './document-files';
import { listDocuments, uploadDocument } from './helpers/documents';

// What a party's upload and a file taken back store: the proposal's percentage and its place in
// the operators' queue (docs/decisions/050), computed with the documents' validity setting
// (DOC_VALIDITY_<KIND>_DAYS), here not the default, so that the setting decides the documents
// step. The same setting holds for every change and read of the progress: while the proposal waits
// on a correction, for a section sent, and for what the buyer reads (docs/decisions/059-the-proposal-core.md,
// "One validity for every progress").

const DAY = 86_400_000;
const VALIDITY = 30;

describe.each(DATABASES)("a party's upload and a file taken back, as stored, on %s", (dialect) => {
  const { t, as, ids, userIds } = demoSuite(dialect, {
    env: { DOC_VALIDITY_PROOF_OF_ADDRESS_DAYS: String(VALIDITY) },
  });
  const db = () => t.db.kysely;

  const stored = async (id: string) =>
    await db()
      .selectFrom('proposals')
      .select(['filling_status', 'status'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const expiringSince = async (id: string) => {
    const row = await db()
      .selectFrom('proposal_waits')
      .select('since')
      .where('proposal_id', '=', id)
      .where('reason', '=', 'document_expiring')
      .executeTakeFirst();
    return row ? Number(row.since) : null;
  };
  /** The progress as computed with these validity days (the setting's, or the default's when undefined). */
  const progressWith = async (id: string, validityDays?: typeof t.config.documents.validityDays) => {
    const progress = (await loadProposalProgress(db(), id, { validityDays }))!;
    return { percent: progress.percent, documents: progress.steps.find((s) => s.id === 'documents:buyer')!.state };
  };

  it('stores the percentage and the queue waits the validity setting gives, a correction awaited or not', async () => {
    const id = ids.started;
    expect(t.config.documents.validityDays.proof_of_address).toBe(VALIDITY);
    const now = Date.now();
    // Issued 60 days ago: expired after 30 days (the setting), valid for 90 (the default).
    const issuedOn = new Date(now - 60 * DAY).toISOString().slice(0, 10);
    const issued = Date.parse(`${issuedOn}T00:00:00-03:00`);
    const items = (await listDocuments(as.comprador, id)).items.map((i) => i.key);
    const last = items.find((key) => key !== 'proof_of_address_buyer1')!;
    for (const item of items.filter((key) => key !== last))
      await insertDocumentFile(db(), {
        proposalId: id,
        item,
        status: 'accepted',
        userId: userIds.comprador,
        now,
        issuedOn: item === 'proof_of_address_buyer1' ? issuedOn : new Date(now).toISOString().slice(0, 10),
      });

    const upload = async () => {
      const sent = await uploadDocument(as.comprador, id, last, { name: 'doc.pdf', content: makePdf() });
      expect(sent.statusCode, sent.body).toBe(201);
      return sent.json().data.id as string;
    };
    const takeBack = async (fileId: string) => {
      const res = await as.comprador.delete(`/api/v3/proposals/${id}/documents/files/${fileId}`);
      expect(res.statusCode, res.body).toBe(204);
    };

    // Every buyer item sent or accepted: the documents step is done by the default validity, and
    // rejected (the proof of address expired) by the setting's.
    const fileId = await upload();
    const setting = await progressWith(id, t.config.documents.validityDays);
    const byDefault = await progressWith(id);
    expect(setting.documents).toBe('rejected');
    expect(byDefault.documents).toBe('done');
    expect(setting.percent).not.toBe(byDefault.percent);
    expect((await stored(id)).filling_status).toBe(setting.percent);
    expect(await expiringSince(id)).toBe(issued + (VALIDITY - DEFAULT_QUEUE_EXPIRING_DAYS) * DAY);

    await takeBack(fileId);
    expect((await stored(id)).filling_status).toBe((await progressWith(id, t.config.documents.validityDays)).percent);
    expect(await expiringSince(id)).toBe(issued + (VALIDITY - DEFAULT_QUEUE_EXPIRING_DAYS) * DAY);

    // Waiting on a correction: the upload judges the answer, and stores the progress and the waits,
    // with the setting too (the expired proof of address keeps the documents step from being done).
    await db().updateTable('proposals').set({ status: 'pending_correction' }).where('id', '=', id).execute();
    const again = await upload();
    const awaited = await progressWith(id, t.config.documents.validityDays);
    expect(awaited.documents).toBe('rejected');
    expect(await stored(id)).toEqual({ filling_status: awaited.percent, status: 'pending_correction' });
    expect(await expiringSince(id)).toBe(issued + (VALIDITY - DEFAULT_QUEUE_EXPIRING_DAYS) * DAY);

    // A file taken back keeps to the setting, correction or not.
    await takeBack(again);
    expect((await stored(id)).filling_status).toBe((await progressWith(id, t.config.documents.validityDays)).percent);
    expect(await expiringSince(id)).toBe(issued + (VALIDITY - DEFAULT_QUEUE_EXPIRING_DAYS) * DAY);
  });

  it('stores, on a section sent, and shows the buyer, the progress the setting gives', async () => {
    const id = ids.twoBuyers;
    const now = Date.now();
    const issuedOn = new Date(now - 60 * DAY).toISOString().slice(0, 10);
    // Every buyer item sent and accepted, the proof of address 60 days old: expired by the setting.
    for (const { key } of (await listDocuments(as.comprador, id)).items)
      await insertDocumentFile(db(), {
        proposalId: id,
        item: key,
        status: 'accepted',
        userId: userIds.comprador,
        now,
        issuedOn: key === 'proof_of_address_buyer1' ? issuedOn : new Date(now).toISOString().slice(0, 10),
      });
    const setting = await progressWith(id, t.config.documents.validityDays);
    const byDefault = await progressWith(id);
    expect([setting.documents, byDefault.documents]).toEqual(['rejected', 'done']);

    const sent = await as.comprador.put(sectionUrl(id, 'investment'), INVESTMENT_DATA);
    expect(sent.statusCode, sent.body).toBe(200);
    const after = await progressWith(id, t.config.documents.validityDays);
    expect(after.percent).not.toBe((await progressWith(id)).percent);
    expect((await stored(id)).filling_status).toBe(after.percent);

    const read = (await as.comprador.get(proposalUrl(id, '/progress'))).json().data;
    expect(read.percent).toBe(after.percent);
    expect(read.steps.find((s: { id: string }) => s.id === 'documents:buyer').state).toBe('rejected');
  });
});
