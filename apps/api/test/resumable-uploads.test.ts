import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileTooLargeMessage } from '@portal/domain/documents';
import { userQuotaMessage } from '../src/modules/documents/upload-housekeeping';
import { DATABASES, demoSuite, proposalUrl } from './helpers';
import { documentRows, listDocuments } from './helpers/documents';
import { tusClient, uploadResumable, UPLOADS_URL } from './helpers/tus';
import { makeExe, makeJpegLike, makePdf } from './document-files';
import { startS3Server, type S3TestServer } from './s3-server';

/**
 * Resumable uploads on tus 1.0 (docs/decisions/053-resumable-uploads.md, docs/product/documents.md):
 * a file sent in pieces, resumed from the server's offset, ends as the same document as the
 * one-request upload; nobody but its sender can see or touch an upload URL.
 */
const ITEM = 'income_tax_buyer1';
// The S3 setups run the tus S3 store on s3rver, which refuses ListParts: the offsets come from the
// part records of resumable-s3-store.ts (docs/decisions/053-resumable-uploads.md).
const SETUPS = DATABASES.flatMap((dialect) => [
  { name: `local folder on ${dialect}`, dialect, s3: false },
  { name: `S3 on ${dialect}`, dialect, s3: true },
]);

describe.each(SETUPS)('resumable uploads: $name', ({ dialect, s3: useS3 }) => {
  let s3: S3TestServer | null = null;
  beforeAll(async () => {
    if (useS3) s3 = await startS3Server();
  });
  afterAll(async () => s3?.close());
  const { t, as, ids } = demoSuite(dialect, () => ({
    env: { UPLOAD_QUOTA_USER_MB: '0.5', UPLOAD_MAX_MB: '1', ...(s3?.env ?? {}) },
  }));
  const { comprador: main, compradora: second, outro, vendedor: seller } = as;
  const tus = () => tusClient(main);
  const row = (url: string) =>
    t.db.kysely
      .selectFrom('resumable_uploads')
      .selectAll()
      .where('id', '=', url.split('/').pop()!)
      .executeTakeFirstOrThrow();
  const filesOf = async (item = ITEM) =>
    (await listDocuments(main, ids.twoBuyers)).items.find((i) => i.key === item)!.files;

  it('creates, takes the file in two PATCHes, and stores it as a document named in Upload-Document-File', async () => {
    const content = makePdf({ pad: 40_000 });
    const before = await documentRows(t);
    const { url, last, documentId } = await uploadResumable(
      main,
      ids.twoBuyers,
      ITEM,
      { name: 'Declaração IR.pdf', content, type: 'application/pdf' },
      { chunks: 2 },
    );
    expect(last.statusCode).toBe(204);
    expect(last.headers['tus-resumable']).toBe('1.0.0');
    expect(last.headers['upload-offset']).toBe(String(content.length));
    expect(documentId).toMatch(/^[\w-]+$/);
    expect(await documentRows(t)).toBe(before + 1);
    const file = (await filesOf()).find((f) => f.id === documentId)!;
    expect(file).toMatchObject({ name: 'Declaração IR.pdf', mime: 'application/pdf', size: content.length });
    const download = await main.get(proposalUrl(ids.twoBuyers, `/documents/files/${documentId}/content`));
    expect(Buffer.from(download.rawPayload).equals(content)).toBe(true);

    // A HEAD afterwards says it is complete and names the same document; a repeated last PATCH stores nothing new.
    const head = await tus().head(url!);
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe(String(content.length));
    expect(head.headers['upload-document-file']).toBe(documentId);
    const half = Math.ceil(content.length / 2);
    const again = await tus().patch(url!, half, content.subarray(half));
    expect(again.statusCode).toBe(204);
    expect(again.headers['upload-document-file']).toBe(documentId);
    expect(await documentRows(t)).toBe(before + 1);
    await main.delete(proposalUrl(ids.twoBuyers, `/documents/files/${documentId}`));
  });

  it('resumes from the offset the server kept after a partial PATCH', async () => {
    const content = makeJpegLike(60_000);
    const created = await tus().create(ids.twoBuyers, ITEM, {
      name: 'foto.jpg',
      type: 'image/jpeg',
      size: content.length,
    });
    expect(created.statusCode).toBe(201);
    expect(created.headers['upload-expires']).toBeTruthy();
    const url = String(created.headers.location);
    expect((await tus().patch(url, 0, content.subarray(0, 25_000))).statusCode).toBe(204);
    const head = await tus().head(url);
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe('25000');
    expect(head.headers['upload-length']).toBe(String(content.length));
    // A PATCH at the wrong offset is refused; at the server's offset it finishes.
    const wrong = await tus().patch(url, 0, content);
    expect(wrong.statusCode, wrong.body).toBe(409);
    expect(wrong.json().error.code).toBe('upload_offset_mismatch');
    const last = await tus().patch(url, 25_000, content.subarray(25_000));
    expect(last.statusCode).toBe(204);
    const id = String(last.headers['upload-document-file']);
    expect((await filesOf()).find((f) => f.id === id)).toMatchObject({ mime: 'image/jpeg', size: content.length });
    await main.delete(proposalUrl(ids.twoBuyers, `/documents/files/${id}`));
  });

  it("answers 404 to anyone else's HEAD, PATCH and DELETE on an upload URL, and changes nothing", async () => {
    const content = makePdf({ pad: 10_000 });
    const created = await tus().create(ids.twoBuyers, ITEM, {
      name: 'a.pdf',
      type: 'application/pdf',
      size: content.length,
    });
    const url = String(created.headers.location);
    await tus().patch(url, 0, content.subarray(0, 5_000));
    // The second buyer of the same proposal, a stranger and the seller: the URL is not theirs.
    for (const who of [second, outro, seller]) {
      const other = tusClient(who);
      expect((await other.head(url)).statusCode).toBe(404);
      const patch = await other.patch(url, 5_000, content.subarray(5_000));
      expect(patch.statusCode).toBe(404);
      expect(patch.json().error.code).toBe('not_found');
      expect((await other.delete(url)).statusCode).toBe(404);
    }
    expect((await tusClient(as.operador).head(url)).statusCode).toBe(403);
    expect((await tus().head(url)).headers['upload-offset']).toBe('5000');
    expect((await row(url)).state).toBe('uploading');
    // A proposal the person is not on cannot be named at creation either.
    const foreign = await tusClient(outro).create(ids.twoBuyers, ITEM, { name: 'a.pdf', size: 10 });
    expect(foreign.statusCode).toBe(404);
    // The owner may give up: DELETE ends it, later requests answer 410.
    expect((await tus().delete(url)).statusCode).toBe(204);
    expect((await tus().head(url)).statusCode).toBe(410);
  });

  /** An upload of which only `sent` bytes arrived, then left past its expiry (the clock is the row's). */
  async function sentInPartThenExpired(name: string, pad: number, sent: number) {
    const content = makePdf({ pad });
    const created = await tus().create(ids.twoBuyers, ITEM, { name, type: 'application/pdf', size: content.length });
    const url = String(created.headers.location);
    await tus().patch(url, 0, content.subarray(0, sent));
    const id = url.split('/').pop()!;
    await t.db.kysely
      .updateTable('resumable_uploads')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', id)
      .execute();
    return { content, url, id };
  }

  it('an unfinished upload past its expiry answers 410, and the uploads sweep removes it', async () => {
    const { content, url, id } = await sentInPartThenExpired('a.pdf', 10_000, 4_000);
    const head = await tus().head(url);
    expect(head.statusCode).toBe(410);
    const patch = await tus().patch(url, 4_000, content.subarray(4_000));
    expect(patch.statusCode).toBe(410);
    expect(patch.json().error).toMatchObject({
      code: 'upload_expired',
      message: expect.stringContaining('Envie o arquivo de novo'),
    });
    if (!useS3) expect(existsSync(join(t.config.documents.resumable.dir, id))).toBe(true);
    expect(await t.app.services.resumableUploads.sweep()).toBe(1);
    expect((await row(url)).state).toBe('expired');
    // The bytes are gone from the tus store (the local folder here; the bucket with S3).
    if (!useS3) expect(existsSync(join(t.config.documents.resumable.dir, id))).toBe(false);
    expect(await t.app.services.resumableUploads.sweep()).toBe(0);
  });

  it('the uploads.sweep background job removes expired unfinished uploads with the other leftovers', async () => {
    const { url, id } = await sentInPartThenExpired('b.pdf', 5_000, 1_000);
    await t.app.jobs.start();
    try {
      await t.app.jobs.send('uploads.sweep');
      await expect.poll(async () => (await row(url)).state, { timeout: 20_000 }).toBe('expired');
    } finally {
      await t.app.jobs.stop(5_000);
    }
    expect(existsSync(join(t.config.documents.resumable.dir, id))).toBe(false);
  }, 60_000);

  it('refuses at creation what is too large, of a declared type not accepted, or past the quota', async () => {
    const big = await tus().create(ids.twoBuyers, ITEM, {
      name: 'a.pdf',
      type: 'application/pdf',
      size: 2 * 1024 * 1024,
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().error).toMatchObject({ code: 'file_too_large', message: fileTooLargeMessage(1) });
    const exe = await tus().create(ids.twoBuyers, ITEM, { name: 'a.exe', type: 'application/x-msdownload', size: 100 });
    expect(exe.statusCode).toBe(415);
    expect(exe.json().error.code).toBe('unsupported_type');
    // 0.5 MB per person: 600 kB declared is refused before a byte is sent.
    const quota = await tus().create(ids.twoBuyers, ITEM, { name: 'a.pdf', type: 'application/pdf', size: 600_000 });
    expect(quota.statusCode).toBe(413);
    expect(quota.json().error).toMatchObject({ code: 'quota_exceeded', message: userQuotaMessage(0.5) });
    expect(
      await t.db.kysely.selectFrom('resumable_uploads').select('id').where('size', '>', 100_000).execute(),
    ).toEqual([]);
  });

  it('refuses at completion a file whose content is not an accepted type, and stores nothing', async () => {
    const before = await documentRows(t);
    const content = makeExe();
    const { url, last } = await uploadResumable(main, ids.twoBuyers, ITEM, {
      name: 'nota.pdf',
      type: 'application/pdf',
      content,
    });
    expect(last.statusCode).toBe(415);
    expect(last.json().error.code).toBe('unsupported_type');
    expect(await documentRows(t)).toBe(before);
    expect((await row(url!)).state).toBe('refused');
    expect((await tus().head(url!)).statusCode).toBe(410);
  });

  it('two completions of the same upload at once give one document', async () => {
    const content = makePdf({ pad: 20_000 });
    const before = await documentRows(t);
    const created = await tus().create(ids.twoBuyers, ITEM, {
      name: 'a.pdf',
      type: 'application/pdf',
      size: content.length,
    });
    const url = String(created.headers.location);
    await tus().patch(url, 0, content.subarray(0, 10_000));
    const [a, b] = await Promise.all([
      tus().patch(url, 10_000, content.subarray(10_000)),
      tus().patch(url, 10_000, content.subarray(10_000)),
    ]);
    const ok = [a, b].filter((r) => r.statusCode === 204);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const r of [a, b]) expect([204, 409, 423]).toContain(r.statusCode);
    expect(await documentRows(t)).toBe(before + 1);
    const head = await tus().head(url);
    expect(head.headers['upload-document-file']).toBe(ok[0]!.headers['upload-document-file']);
  });

  it('the upload routes exist only under the API prefix and need a session', async () => {
    const anon = await t.app.inject({ method: 'POST', url: UPLOADS_URL, headers: { 'tus-resumable': '1.0.0' } });
    expect(anon.statusCode).toBe(401);
  });
});
