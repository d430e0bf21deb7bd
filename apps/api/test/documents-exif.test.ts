import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readJpegFacts } from '@portal/domain/jpeg-metadata';
import { exifGpsSegment, withSegment } from '@portal/domain/jpeg-metadata.fixture';
import { DATABASES, demoSuite } from './helpers';
import { makeJpegLike, makePdf } from './document-files';
import { uploadDocument } from './helpers/documents';

const latin1 = (s: string) => Buffer.from(s, 'latin1');
/** An XMP packet in its APP1 segment, as photo apps add it. */
function xmpSegment(): Buffer {
  const payload = Buffer.concat([
    latin1('http://ns.adobe.com/xap/1.0/\0'),
    latin1('<x:xmpmeta><exif:GPSLatitude/></x:xmpmeta>'),
  ]);
  return Buffer.concat([Buffer.from([0xff, 0xe1, (payload.length + 2) >> 8, (payload.length + 2) & 0xff]), payload]);
}

/**
 * The server does not trust the browser with privacy (docs/decisions/052-photos-shrink-on-the-phone.md):
 * a JPEG that arrives with its EXIF (the phone's GPS position) or XMP — an old page, a direct API
 * call — is stored without them, every other byte as sent; other files are stored as sent.
 */
describe.each(DATABASES)('photo metadata on upload on %s', (dialect) => {
  const { t, as, ids } = demoSuite(dialect);
  const main = as.comprador;

  const send = (name: string, content: Buffer) =>
    uploadDocument(main, ids.twoBuyers, 'income_tax_buyer1', { name, content, type: 'image/jpeg' }, { chunks: 2 });
  const download = (id: string) => main.get(`/api/v3/proposals/${ids.twoBuyers}/documents/files/${id}/content`);

  it('stores a JPEG without its EXIF GPS and XMP segments, the picture byte for byte', async () => {
    const picture = makeJpegLike(3 * 1024 * 1024);
    const sent = Buffer.from(withSegment(withSegment(picture, xmpSegment()), exifGpsSegment()));
    expect(readJpegFacts(sent)).toMatchObject({ exif: true, gps: true });

    const res = await send('identidade.jpg', sent);
    expect(res.statusCode).toBe(201);
    const file = res.json().data;
    expect(file).toMatchObject({ mime: 'image/jpeg', name: 'identidade.jpg', size: picture.length });

    const stored = (await download(file.id)).rawPayload;
    expect(stored.equals(picture)).toBe(true);
    expect(stored.includes(latin1('Exif\0\0'))).toBe(false);
    expect(stored.includes(latin1('ns.adobe.com'))).toBe(false);
    const row = await t.db.kysely
      .selectFrom('document_files')
      .select(['sha256', 'size'])
      .where('id', '=', file.id)
      .executeTakeFirstOrThrow();
    expect(row.sha256).toBe(createHash('sha256').update(picture).digest('hex'));
    expect(Number(row.size)).toBe(picture.length);
  });

  it('stores a JPEG without metadata, and a PDF that mentions EXIF, exactly as sent', async () => {
    const picture = makeJpegLike(4096);
    const clean = await send('rg.jpg', picture);
    expect(clean.statusCode).toBe(201);
    expect((await download(clean.json().data.id)).rawPayload.equals(picture)).toBe(true);

    const pdf = makePdf({ text: 'Exif GPS' });
    const res = await send('rg.pdf', pdf);
    expect(res.statusCode).toBe(201);
    expect((await download(res.json().data.id)).rawPayload.equals(pdf)).toBe(true);
  });
});
