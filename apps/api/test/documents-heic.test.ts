import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJpegFacts } from '@portal/domain/jpeg-metadata';
import { heicPhoto } from '../src/modules/documents/heic.fixture';
import { DATABASES, demoSuite } from './helpers';
import { makeHeicLike } from './document-files';
import { uploadDocument } from './helpers/documents';
import { startS3Server, type S3TestServer } from './s3-server';
import { createS3Storage } from '../src/modules/documents/storage';

/**
 * An iPhone's HEIC photo is stored as an upright JPEG of at most 2 000 px, without its EXIF (so
 * without the place it was taken), whoever sent it and however
 * (docs/decisions/055-heic-and-the-bank-dossier.md); one that cannot be read is refused.
 */
describe.each(DATABASES)('HEIC photos on upload on %s', (dialect) => {
  const { t, as, ids } = demoSuite(dialect);
  const main = as.comprador;
  const send = (name: string, content: Buffer) =>
    uploadDocument(main, ids.twoBuyers, 'proof_of_address_buyer1', { name, content, type: 'image/heic' });
  const stored = () => t.app.storage.list('');

  it('stores a HEIC photo with GPS as a 2 000 px JPEG without EXIF, named .jpg', async () => {
    const sent = heicPhoto();
    expect(sent.includes(Buffer.from('Exif'))).toBe(true);
    const res = await send('IMG_0042.HEIC', sent);
    expect(res.statusCode, res.body).toBe(201);
    const file = res.json().data;
    expect(file).toMatchObject({ mime: 'image/jpeg', name: 'IMG_0042.jpg' });

    const download = await main.get(`/api/v3/proposals/${ids.twoBuyers}/documents/files/${file.id}/content`);
    expect(download.headers['content-type']).toContain('image/jpeg');
    const bytes = download.rawPayload;
    expect(readJpegFacts(bytes)).toEqual({ width: 2000, height: 1333, exif: false, gps: false });
    expect(bytes.includes(Buffer.from('Exif'))).toBe(false);
    const row = await t.db.kysely
      .selectFrom('document_files')
      .select(['sha256', 'size', 'mime'])
      .where('id', '=', file.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ mime: 'image/jpeg', sha256: createHash('sha256').update(bytes).digest('hex') });
    expect(Number(row.size)).toBe(bytes.length);
    expect(file.size).toBe(bytes.length);
  }, 60_000);

  it('refuses a HEIC it cannot read, in Portuguese, and keeps nothing of it', async () => {
    const before = (await stored()).map((o) => o.key).sort();
    const count = async () =>
      Number(
        (
          await t.db.kysely
            .selectFrom('document_files')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('proposal_id', '=', ids.twoBuyers)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const files = await count();
    const res = await send('IMG_0043.HEIC', makeHeicLike());
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({
      code: 'unreadable_image',
      message: 'Não foi possível ler esta foto HEIC. Envie-a em JPEG, PNG ou PDF.',
    });
    expect(await count()).toBe(files);
    expect((await stored()).map((o) => o.key).sort()).toEqual(before);
  }, 60_000);
});

describe('HEIC photos on the S3 driver (s3rver)', () => {
  let s3: S3TestServer;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(async () => s3?.close());
  const { as, ids } = demoSuite('sqlite', () => ({ env: s3.env }));

  it('keeps only the JPEG in the bucket, and nothing of a HEIC it cannot read', async () => {
    const storage = createS3Storage(s3.config);
    try {
      const send = (content: Buffer) =>
        uploadDocument(as.comprador, ids.twoBuyers, 'income_tax_buyer1', {
          name: 'IMG_0050.heic',
          content,
          type: 'image/heic',
        });
      const res = await send(heicPhoto());
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data).toMatchObject({ mime: 'image/jpeg', name: 'IMG_0050.jpg' });
      const objects = (await storage.list('')).map((o) => o.key);
      expect(objects).toEqual([expect.stringMatching(/^files\/[0-9a-f]{2}\/[0-9a-f]{32}$/)]);
      const stored = await (await storage.read(objects[0]!)).body.toArray();
      expect(readJpegFacts(Buffer.concat(stored))).toMatchObject({ width: 2000, height: 1333, exif: false });

      expect((await send(makeHeicLike())).statusCode).toBe(422);
      expect((await storage.list('')).map((o) => o.key)).toEqual(objects);
    } finally {
      await storage.close();
    }
  }, 60_000);
});
