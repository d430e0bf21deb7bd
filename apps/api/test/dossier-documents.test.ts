import { crc32, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import jpeg from 'jpeg-js';
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFRawStream,
  PDFString,
} from '@cantoo/pdf-lib';
import { A4_LONG, A4_SHORT } from '@portal/domain/a4-page';
import { exifOrientationGpsSegment, withSegment } from '@portal/domain/jpeg-metadata.fixture';
import { heicPhoto } from '../src/modules/documents/heic.fixture';
import { DATABASES, DEMO_PROPOSALS } from './helpers';
import { unzipNames, useBackofficeWorld } from './helpers/backoffice';
import { uploadDocument } from './helpers/documents';
import { makeJpegLike } from './document-files';

/** A real 300 × 200 JPEG whose first 20 rows are red, with an EXIF orientation 6 (a phone held upright) and GPS. */
function turnedJpeg(): Buffer {
  const [w, h] = [300, 200];
  const data = Buffer.alloc(w * h * 4, 255);
  for (let i = 0; i < w * 20; i++) data.set([220, 30, 30, 255], i * 4);
  return Buffer.from(withSegment(jpeg.encode({ data, width: w, height: h }, 85).data, exifOrientationGpsSegment(6)));
}

/** A real 40 × 30 grey PNG. */
function png(): Buffer {
  const chunk = (type: string, body: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(body.length);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])));
    return Buffer.concat([head, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(40, 0);
  ihdr.writeUInt32BE(30, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = Buffer.alloc(30 * (1 + 40 * 3), 128);
  for (let y = 0; y < 30; y++) rows[y * (1 + 40 * 3)] = 0; // filter: none
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function twoPagePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([300, 400]);
  doc.addPage([400, 300]);
  return Buffer.from(await doc.save());
}

const round = (n: number) => Math.round(n * 100) / 100;

/** The `cm` matrices a page's content stream sets. */
function matrices(doc: PDFDocument, page: number): number[][] {
  const contents = doc.getPage(page).node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents];
  const text = streams
    .map((s) => (s instanceof PDFRawStream ? Buffer.from(decodePDFRawStream(s).decode()).toString('latin1') : ''))
    .join('\n');
  return [...text.matchAll(/((?:-?[\d.]+\s+){6})cm/g)].map((m) => m[1]!.trim().split(/\s+/).map(Number));
}

/**
 * The dossier for the bank holds PDFs only: the summary and one PDF per checklist item, which joins
 * the item's accepted files in upload order (docs/product/documents.md, "Dossiê para o banco").
 */
describe.each(DATABASES)('the dossier joins each item into one PDF on %s', (dialect) => {
  const w = useBackofficeWorld(dialect);
  const { as, ids } = w;

  it('lays out PDFs, JPEG (upright), PNG and HEIC photos, and keeps an unreadable picture as an attachment', async () => {
    const unreadable = makeJpegLike(4096);
    const sent = [
      ['income_tax_buyer1', { name: 'declaracao.pdf', content: await twoPagePdf() }],
      ['income_tax_buyer1', { name: 'recibo.jpg', content: turnedJpeg(), type: 'image/jpeg' }],
      ['income_tax_buyer1', { name: 'anexo.png', content: png(), type: 'image/png' }],
      ['proof_of_address_buyer1', { name: 'IMG_0042.HEIC', content: heicPhoto(), type: 'image/heic' }],
      ['proof_of_address_buyer1', { name: 'conta.jpg', content: unreadable, type: 'image/jpeg' }],
    ] as const;
    for (const [item, file] of sent) {
      const res = await uploadDocument(as.comprador, ids.first, item, { ...file, content: Buffer.from(file.content) });
      expect(res.statusCode, res.body).toBe(201);
      const accepted = await as.operador.post(
        `/api/v3/proposals/${ids.first}/documents/files/${res.json().data.id}/review`,
        { decision: 'accept' },
      );
      expect(accepted.statusCode, accepted.body).toBe(200);
    }

    const res = await as.operador.get(`/api/v3/backoffice/proposals/${ids.first}/dossier`);
    expect(res.statusCode).toBe(200);
    const files = await unzipNames(res.rawPayload);
    expect([...files.keys()].sort()).toEqual([
      'documentos/income_tax_buyer1.pdf',
      'documentos/proof_of_address_buyer1.pdf',
      `resumo-${DEMO_PROPOSALS.twoBuyers}.pdf`,
    ]);

    // 2 pages of the PDF, then one page per picture, in upload order.
    const income = await PDFDocument.load(files.get('documentos/income_tax_buyer1.pdf')!);
    expect(income.getPageCount()).toBe(4);
    expect(income.getPages().map((p) => [round(p.getWidth()), round(p.getHeight())])).toEqual([
      [300, 400],
      [400, 300],
      [A4_SHORT, A4_LONG],
      [A4_LONG, A4_SHORT],
    ]);
    // The 300 × 200 JPEG turned by its orientation 6: seen 200 wide and 300 tall, not enlarged, its
    // first (red) row down the right-hand side — a quarter turn clockwise.
    const [a, b, c, d, e, f] = matrices(income, 2).at(-1)!;
    expect([a, b, c, d]).toEqual([0, -300, 200, 0]);
    expect(e).toBeCloseTo((A4_SHORT - 200) / 2, 1);
    expect(f).toBeCloseTo((A4_LONG - 300) / 2 + 300, 1);
    // The PNG (40 × 30, wider than tall) at its own size, on a landscape page.
    expect(matrices(income, 3).at(-1)!.slice(0, 4)).toEqual([40, 0, 0, 30]);

    // The HEIC photo (now a 2 000 × 1 333 JPEG) scaled into a landscape page; then a page saying the
    // last picture could not be read, the file itself attached.
    const address = await PDFDocument.load(files.get('documentos/proof_of_address_buyer1.pdf')!);
    expect(address.getPageCount()).toBe(2);
    expect([round(address.getPage(0).getWidth()), round(address.getPage(0).getHeight())]).toEqual([A4_LONG, A4_SHORT]);
    const [w0, , , h0] = matrices(address, 0).at(-1)!;
    expect(w0! / h0!).toBeCloseTo(2000 / 1333, 2);
    expect(w0!).toBeLessThan(A4_LONG);
    const names = address.catalog
      .lookup(PDFName.of('Names'), PDFDict)
      .lookup(PDFName.of('EmbeddedFiles'), PDFDict)
      .lookup(PDFName.of('Names'), PDFArray);
    expect((names.lookup(0) as PDFHexString | PDFString).decodeText()).toBe('conta.jpg');
    const attached = names.lookup(1, PDFDict).lookup(PDFName.of('EF'), PDFDict).lookup(PDFName.of('F'));
    if (!(attached instanceof PDFRawStream)) throw new Error('no attached file');
    expect(Buffer.from(decodePDFRawStream(attached).decode()).equals(unreadable)).toBe(true);
  }, 120_000);
});
