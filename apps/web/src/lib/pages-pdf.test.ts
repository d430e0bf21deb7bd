import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PDFDocument, PDFName, PDFRawStream, type PDFDict } from '@cantoo/pdf-lib';
import { A4_LONG, A4_SHORT } from '@portal/domain/a4-page';
import { buildPagesPdf } from './pages-pdf';

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
function chunk(type: string, data: Buffer) {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
}
/** A grey RGB PNG of this size, written byte by byte. */
function png(width: number, height: number): Uint8Array {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x80)]);
  const bytes = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return new Uint8Array(bytes);
}

/** The pixel size of the picture each page draws, in page order. */
async function pictures(pdf: Uint8Array) {
  const doc = await PDFDocument.load(pdf);
  return doc.getPages().map((page) => {
    const xobjects = page.node.Resources()!.lookup(PDFName.of('XObject')) as PDFDict;
    const image = xobjects.lookup(xobjects.keys()[0]!) as PDFRawStream;
    const size = (key: string) => Number(image.dict.lookup(PDFName.of(key))!.toString());
    return { page: [page.getWidth(), page.getHeight()], picture: [size('Width'), size('Height')] };
  });
}

describe('buildPagesPdf', () => {
  it('one A4 page per picture, in the given order, each page turned to its picture', async () => {
    const pdf = await buildPagesPdf([png(300, 400), png(500, 200), png(120, 120)], 'documento-3-paginas');
    expect(new TextDecoder().decode(pdf.slice(0, 5))).toBe('%PDF-');
    expect((await PDFDocument.load(pdf)).getTitle()).toBe('documento-3-paginas');
    expect(await pictures(pdf)).toEqual([
      { page: [A4_SHORT, A4_LONG], picture: [300, 400] },
      { page: [A4_LONG, A4_SHORT], picture: [500, 200] },
      { page: [A4_SHORT, A4_LONG], picture: [120, 120] },
    ]);
  });

  it('refuses a file that is neither JPEG nor PNG', async () => {
    await expect(buildPagesPdf([png(10, 10), new TextEncoder().encode('GIF89a')], 'x')).rejects.toThrow(
      'page 2: not a JPEG or PNG',
    );
  });
});
