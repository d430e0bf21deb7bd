import { PDFDocument } from '@cantoo/pdf-lib';
import { pictureKind, placeOnA4 } from '@portal/domain/a4-page';

/**
 * The pages of one document, photographed one by one, as ONE PDF
 * (docs/decisions/054-pages-and-upload-queue.md): each picture (already shrunk, see
 * photo-shrink.ts) upright and centred on its own A4 page, never enlarged. It runs in a worker
 * (pages-pdf.worker.ts, started by pages-pdf-maker.ts): the PDF library is in no screen's JavaScript
 * and the putting together is off the page's main thread.
 */
export async function buildPagesPdf(pages: readonly Uint8Array[], title: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.setProducer('Portal de Propostas');
  pdf.setCreator('Portal de Propostas');
  for (const [i, bytes] of pages.entries()) {
    const kind = pictureKind(bytes);
    if (!kind) throw new Error(`page ${i + 1}: not a JPEG or PNG`);
    const image = kind === 'jpeg' ? await pdf.embedJpg(bytes) : await pdf.embedPng(bytes);
    const place = placeOnA4(image.width, image.height);
    pdf
      .addPage([place.pageWidth, place.pageHeight])
      .drawImage(image, { x: place.x, y: place.y, width: place.width, height: place.height });
  }
  return pdf.save();
}
