import { placeOnA4 } from '@portal/domain/a4-page';

/**
 * The pages of one document, photographed one by one, as ONE PDF made in the browser
 * (docs/decisions/054-pages-and-upload-queue.md): each picture (already shrunk, see
 * photo-shrink.ts) upright and centred on its own A4 page, never enlarged. The PDF library is
 * loaded only when a document is put together, so no screen's first load carries it.
 */

/** Whether the bytes are a JPEG or a PNG (the two kinds a PDF page can carry as they are). */
export function pictureKind(head: Uint8Array): 'jpeg' | 'png' | null {
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head[0] === 0x89 && head[1] === 0x50 && head[2] === 0x4e && head[3] === 0x47) return 'png';
  return null;
}

/** The library, fetched ahead of time when the first page is added: the PDF can then be made offline. */
export const loadPdfLib = () => import('@cantoo/pdf-lib');

export async function buildPagesPdf(pages: readonly File[], name: string): Promise<File> {
  const { PDFDocument } = await loadPdfLib();
  const pdf = await PDFDocument.create();
  pdf.setTitle(name.replace(/\.pdf$/i, ''));
  pdf.setProducer('Portal de Propostas');
  pdf.setCreator('Portal de Propostas');
  for (const page of pages) {
    const bytes = new Uint8Array(await page.arrayBuffer());
    const kind = pictureKind(bytes);
    if (!kind) throw new Error(`${page.name}: not a JPEG or PNG`);
    const image = kind === 'jpeg' ? await pdf.embedJpg(bytes) : await pdf.embedPng(bytes);
    const place = placeOnA4(image.width, image.height);
    pdf
      .addPage([place.pageWidth, place.pageHeight])
      .drawImage(image, { x: place.x, y: place.y, width: place.width, height: place.height });
  }
  const out = await pdf.save();
  return new File([out as Uint8Array<ArrayBuffer>], name, { type: 'application/pdf' });
}

/** "Declaração de Imposto de Renda — comprador principal", 3 → "declaracao-de-imposto-de-renda-3-paginas.pdf". */
export function pagesPdfName(title: string, pages: number): string {
  const slug = (title.split(' — ')[0] ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return `${slug || 'documento'}-${pages}-${pages === 1 ? 'pagina' : 'paginas'}.pdf`;
}
