/**
 * Where a picture goes on an A4 page: a photographed page of the PDF built in the browser
 * (docs/decisions/054-pages-and-upload-queue.md) and a picture of the bank's dossier (docs/product/
 * documents.md, "Dossiê para o banco"). Units are PDF points (1/72 inch); a picture's natural size
 * is one point per pixel, so a small picture is never stretched beyond it.
 */

/** A4 in points: 210 × 297 mm. */
export const A4_SHORT = 595.28;
export const A4_LONG = 841.89;
/** The blank border on every side: 10 mm. */
export const A4_MARGIN = 28.35;

export interface A4Placement {
  /** The page: portrait for a picture taller than wide (or square), landscape for a wider one. */
  pageWidth: number;
  pageHeight: number;
  /** The picture's lower-left corner (PDF's origin is the page's lower-left) and its drawn size. */
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The picture upright (never rotated: the page turns instead), centred, scaled down to fit inside
 * the margins with its proportions kept, and never enlarged. A picture with no size gets nothing drawn.
 */
export function placeOnA4(width: number, height: number, margin = A4_MARGIN): A4Placement {
  const landscape = width > height;
  const pageWidth = landscape ? A4_LONG : A4_SHORT;
  const pageHeight = landscape ? A4_SHORT : A4_LONG;
  if (!(width > 0) || !(height > 0) || !Number.isFinite(width) || !Number.isFinite(height))
    return { pageWidth, pageHeight, x: pageWidth / 2, y: pageHeight / 2, width: 0, height: 0 };
  const scale = Math.min(1, (pageWidth - 2 * margin) / width, (pageHeight - 2 * margin) / height);
  const w = width * scale;
  const h = height * scale;
  return { pageWidth, pageHeight, x: (pageWidth - w) / 2, y: (pageHeight - h) / 2, width: w, height: h };
}

/** The list with the entry at `from` moved one place up (-1) or down (+1); unchanged at either end. */
export function moveEntry<T>(list: readonly T[], from: number, step: -1 | 1): T[] {
  const to = from + step;
  const next = [...list];
  if (from < 0 || from >= list.length || to < 0 || to >= list.length) return next;
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}

/** Whether the bytes are a JPEG or a PNG (the two kinds a PDF page can carry as they are). */
export function pictureKind(head: Uint8Array): 'jpeg' | 'png' | null {
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head[0] === 0x89 && head[1] === 0x50 && head[2] === 0x4e && head[3] === 0x47) return 'png';
  return null;
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
