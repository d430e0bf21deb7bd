import type { PDFDocument as PdfDocument, PDFImage } from '@cantoo/pdf-lib';
import { placeOnA4, type A4Placement } from '@portal/domain/a4-page';
import { readJpegOrientation } from '@portal/domain/jpeg-metadata';
import { renderForm } from '../../pdf/form-pdf';
import { convertHeicToJpeg } from '../documents/heic-to-jpeg';

/**
 * One checklist item of the bank's dossier as one PDF (docs/product/documents.md, "Dossiê para o
 * banco"): its accepted files in upload order, a PDF's pages copied as they are, each picture on an
 * A4 page of its own, upright and never enlarged. A file that cannot be laid out (a PDF protected by
 * a password or damaged, a picture that does not decode) gets a page that says so, and travels as
 * an attachment of the item's PDF, so the bank still receives it.
 */

export interface ItemFile {
  /** The uploader's (sanitized) file name. */
  name: string;
  mime: string;
  read(): Promise<Buffer>;
}

export interface ItemPdfInput {
  /** The item's title in Portuguese, e.g. "RG ou CNH". */
  title: string;
  files: ItemFile[];
  /** "Proposta PF-2026-000123 — …": the footer of a notice page. */
  footer: string;
  createdAt: Date;
}

/**
 * The PDF `cm` matrix [a b c d e f] that draws an image's unit square into `box` so that a JPEG with
 * EXIF `orientation` is seen upright. The image's (s, t), t = 1 its first row, lands at
 * (box.x + X·w, box.y + Y·h) with X, Y below; the rotated ones (5–8) swap the picture's sides.
 */
export function orientationMatrix(orientation: number, box: Pick<A4Placement, 'x' | 'y' | 'width' | 'height'>) {
  // [X from s, X from t, X constant, Y from s, Y from t, Y constant]
  const maps: Record<number, [number, number, number, number, number, number]> = {
    1: [1, 0, 0, 0, 1, 0],
    2: [-1, 0, 1, 0, 1, 0], // mirrored left–right
    3: [-1, 0, 1, 0, -1, 1], // upside down
    4: [1, 0, 0, 0, -1, 1], // mirrored top–bottom
    5: [0, -1, 1, -1, 0, 1], // first row on the left, first column on top
    6: [0, 1, 0, -1, 0, 1], // first row on the right: a quarter turn clockwise
    7: [0, 1, 0, 1, 0, 0], // first row on the right, first column at the bottom
    8: [0, -1, 1, 1, 0, 0], // first row on the left: a quarter turn anticlockwise
  };
  const [xs, xt, x0, ys, yt, y0] = maps[orientation] ?? maps[1]!;
  const { x, y, width: w, height: h } = box;
  return [w * xs, h * ys, w * xt, h * yt, x + w * x0, y + h * y0] as const;
}

/** Whether the picture's sides swap when it is turned upright (EXIF orientations 5 to 8). */
const turnsSideways = (orientation: number) => orientation >= 5 && orientation <= 8;

export async function buildItemPdf(input: ItemPdfInput): Promise<Uint8Array> {
  const lib = await import('@cantoo/pdf-lib');
  const doc = await lib.PDFDocument.create();
  doc.setTitle(input.title);
  doc.setAuthor('Portal de Propostas');
  doc.setCreator('Portal de Propostas');
  doc.setProducer('Portal de Propostas');
  doc.setLanguage('pt-BR');
  doc.setCreationDate(input.createdAt);

  const addPicture = (image: PDFImage, orientation: number) => {
    const sideways = turnsSideways(orientation);
    const place = placeOnA4(sideways ? image.height : image.width, sideways ? image.width : image.height);
    const page = doc.addPage([place.pageWidth, place.pageHeight]);
    const name = page.node.newXObject('Image', image.ref);
    page.pushOperators(
      lib.pushGraphicsState(),
      lib.concatTransformationMatrix(...orientationMatrix(orientation, place)),
      lib.drawObject(name),
      lib.popGraphicsState(),
    );
  };

  for (const file of input.files) {
    const bytes = await file.read();
    try {
      if (file.mime === 'application/pdf') await copyPages(doc, await lib.PDFDocument.load(bytes));
      else if (file.mime === 'image/jpeg') addPicture(await doc.embedJpg(bytes), readJpegOrientation(bytes));
      else if (file.mime === 'image/png') addPicture(await doc.embedPng(bytes), 1);
      // A HEIC stored before uploads were converted: converted now, upright already.
      else if (file.mime === 'image/heic') addPicture(await doc.embedJpg((await convertHeicToJpeg(bytes)).jpeg), 1);
      else throw new Error(`no layout for ${file.mime}`);
    } catch {
      const notice = await renderForm({
        title: input.title,
        subtitle: `Arquivo “${file.name}”`,
        blocks: [
          {
            kind: 'paragraph',
            text:
              file.mime === 'application/pdf'
                ? 'Este PDF está protegido por senha ou danificado e não pôde ser reproduzido aqui.'
                : 'Esta imagem não pôde ser lida e não pôde ser reproduzida aqui.',
          },
          { kind: 'paragraph', text: 'O arquivo original, como foi enviado, está anexado a este PDF.' },
        ],
        footer: input.footer,
        author: 'Portal de Propostas',
        subject: input.title,
        createdAt: input.createdAt,
      });
      await copyPages(doc, await lib.PDFDocument.load(notice));
      await doc.attach(bytes, file.name, { mimeType: file.mime, description: 'Arquivo original enviado ao portal' });
    }
  }
  return doc.save();
}

async function copyPages(into: PdfDocument, from: PdfDocument) {
  for (const page of await into.copyPages(from, from.getPageIndices())) into.addPage(page);
}
