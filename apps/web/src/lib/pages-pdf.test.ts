import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PDFDocument, PDFName, PDFRawStream, type PDFDict } from '@cantoo/pdf-lib';
import { A4_LONG, A4_SHORT } from '@portal/domain/a4-page';
import { buildPagesPdf, pagesPdfName, pictureKind } from './pages-pdf';

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
function png(width: number, height: number, name: string): File {
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
  return new File([bytes], name, { type: 'image/png' });
}

/** The pixel size of the picture each page draws, in page order. */
async function pictures(pdf: File) {
  const doc = await PDFDocument.load(new Uint8Array(await pdf.arrayBuffer()));
  return doc.getPages().map((page) => {
    const xobjects = page.node.Resources()!.lookup(PDFName.of('XObject')) as PDFDict;
    const image = xobjects.lookup(xobjects.keys()[0]!) as PDFRawStream;
    const size = (key: string) => Number(image.dict.lookup(PDFName.of(key))!.toString());
    return { page: [page.getWidth(), page.getHeight()], picture: [size('Width'), size('Height')] };
  });
}

describe('buildPagesPdf', () => {
  it('one A4 page per picture, in the given order, each page turned to its picture', async () => {
    const pdf = await buildPagesPdf(
      [png(300, 400, 'a.png'), png(500, 200, 'b.png'), png(120, 120, 'c.png')],
      'documento-3-paginas.pdf',
    );
    expect(pdf.name).toBe('documento-3-paginas.pdf');
    expect(pdf.type).toBe('application/pdf');
    expect(new TextDecoder().decode(new Uint8Array(await pdf.slice(0, 5).arrayBuffer()))).toBe('%PDF-');
    expect(await pictures(pdf)).toEqual([
      { page: [A4_SHORT, A4_LONG], picture: [300, 400] },
      { page: [A4_LONG, A4_SHORT], picture: [500, 200] },
      { page: [A4_SHORT, A4_LONG], picture: [120, 120] },
    ]);
  });

  it('refuses a file that is neither JPEG nor PNG', async () => {
    await expect(buildPagesPdf([new File(['GIF89a'], 'x.gif')], 'x.pdf')).rejects.toThrow(/not a JPEG or PNG/);
  });
});

describe('pictureKind', () => {
  it('knows JPEG and PNG by their first bytes', () => {
    expect(pictureKind(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(pictureKind(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d]))).toBe('png');
    expect(pictureKind(new TextEncoder().encode('%PDF-1.7'))).toBeNull();
    expect(pictureKind(new Uint8Array([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70]))).toBeNull(); // HEIC
  });
});

describe('pagesPdfName', () => {
  it('names the PDF after the item, without accents, with its page count', () => {
    expect(pagesPdfName('Declaração de Imposto de Renda — comprador principal', 3)).toBe(
      'declaracao-de-imposto-de-renda-3-paginas.pdf',
    );
    expect(pagesPdfName('RG ou CNH', 1)).toBe('rg-ou-cnh-1-pagina.pdf');
    expect(pagesPdfName('— ', 2)).toBe('documento-2-paginas.pdf');
  });
});
