import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocumentsService } from '../src/modules/documents/documents.service';
import { createObjectStorage, type ObjectStorage } from '../src/modules/documents/storage';
import { proposalQuotaMessage, userQuotaMessage } from '../src/modules/documents/upload-housekeeping';
import { DATABASES, demoSuite, proposalUrl, sessionUserOf, type Client } from './helpers';
import { uploadDocument } from './helpers/documents';
import { makeExe, makePdf } from './document-files';
import { startS3Server, type S3TestServer } from './s3-server';

/**
 * Upload quotas, and storage that holds exactly the live documents after uploads, deletes, refusals
 * and a crash between the storage write and the row (docs/decisions/015-abuse-limits.md).
 */
const QUOTA = { UPLOAD_QUOTA_USER_MB: '0.1', UPLOAD_QUOTA_PROPOSAL_MB: '0.13' };
const PDF_BYTES = 30_000;
const ITEM = 'income_tax_buyer1';

const SETUPS = [
  ...DATABASES.map((dialect) => ({ name: `local folder on ${dialect}`, dialect, s3: false })),
  { name: 'S3 on sqlite', dialect: 'sqlite' as const, s3: true },
];

describe.each(SETUPS)('upload storage: $name', ({ dialect, s3: useS3 }) => {
  // The S3 server starts before the app (which is given its address) and stops after it.
  let s3: S3TestServer | null = null;
  beforeAll(async () => {
    if (useS3) s3 = await startS3Server();
  });
  afterAll(async () => s3?.close());
  const { t, as, ids, userIds } = demoSuite(dialect, () => ({ env: { ...QUOTA, ...(s3?.env ?? {}) } }));
  const { comprador: main, compradora: second } = as;
  let storage: ObjectStorage;
  beforeAll(() => {
    storage = createObjectStorage(t.config.documents.storage);
  });
  afterAll(async () => storage?.close());

  const upload = (who: Client, content: Buffer, item = ITEM, name = 'doc.pdf') =>
    uploadDocument(who, ids.twoBuyers, item, { name, content });
  const remove = (fileId: string) => main.delete(proposalUrl(ids.twoBuyers, `/documents/files/${fileId}`));
  const objects = async () => (await storage.list('')).map((o) => o.key).sort();
  const liveKeys = async () =>
    (await t.db.kysely.selectFrom('document_files').select('storage_key').execute()).map((r) => r.storage_key).sort();

  it('refuses past the per-user and per-proposal byte quotas in Portuguese, and a delete frees room', async () => {
    const sent: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await upload(main, makePdf({ pad: PDF_BYTES, text: `main ${i}` }));
      expect(res.statusCode).toBe(201);
      sent.push(res.json().data.id);
    }
    const overUser = await upload(main, makePdf({ pad: PDF_BYTES, text: 'main 3' }));
    expect(overUser.statusCode).toBe(413);
    expect(overUser.json().error).toMatchObject({ code: 'quota_exceeded', message: userQuotaMessage(0.1) });

    // The second buyer has room of their own, but the proposal (0,13 MB) fills up.
    expect((await upload(second, makePdf({ pad: PDF_BYTES, text: 'second 0' }), 'income_tax_buyer2')).statusCode).toBe(
      201,
    );
    const overProposal = await upload(second, makePdf({ pad: PDF_BYTES, text: 'second 1' }), 'income_tax_buyer2');
    expect(overProposal.statusCode).toBe(413);
    expect(overProposal.json().error.message).toBe(proposalQuotaMessage(0.13));
    expect(overProposal.json().error.message).toContain('0,13 MB');

    expect((await remove(sent[0]!)).statusCode).toBeLessThan(300);
    expect((await upload(main, makePdf({ pad: PDF_BYTES, text: 'main 4' }))).statusCode).toBe(201);
    expect(await objects()).toEqual(await liveKeys());
  });

  it('storage holds exactly the live documents after deletes, refusals and a crash between the write and the row', async () => {
    const mine = (
      await t.db.kysely.selectFrom('document_files').select('id').where('uploaded_by', '=', userIds.comprador).execute()
    ).map((r) => r.id);
    for (const id of mine) expect((await remove(id)).statusCode).toBeLessThan(300);
    expect((await upload(main, makeExe(), ITEM, 'virus.exe')).statusCode).toBe(415);
    expect((await upload(main, makePdf({ pad: 200_000 }))).statusCode).toBe(413); // over the quota by itself
    expect(await objects()).toEqual(await liveKeys());

    // A second instance of the service whose process "dies" right after the storage write.
    let reached!: () => void;
    const atCrash = new Promise<void>((r) => (reached = r));
    const crashing = createDocumentsService({
      db: t.db.kysely,
      storage,
      scanner: null,
      mailer: t.app.mailer,
      config: t.config.documents,
      publicUrl: t.config.publicUrl,
      log: t.app.log,
      proposals: t.app.services.proposals,
      faults: { afterStorageWrite: () => (reached(), new Promise<void>(() => {})) },
    });
    const ctx = await crashing.prepareUpload(await sessionUserOf(t, main), ids.twoBuyers, ITEM);
    void crashing.storeUpload(ctx, { file: Readable.from([makePdf({ text: 'crash' })]), filename: 'crash.pdf' });
    await atCrash;
    const live = await liveKeys();
    const orphans = (await objects()).filter((k) => !live.includes(k));
    expect(orphans).toHaveLength(1);

    // The sweep (at start and every half hour; here with no grace period) removes it.
    expect(await t.app.services.documents.sweep(0)).toBe(1);
    expect(await objects()).toEqual(await liveKeys());
    expect(await t.db.kysely.selectFrom('pending_storage').selectAll().execute()).toEqual([]);
  });
});
