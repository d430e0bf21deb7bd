/**
 * Where a picture goes on an A4 page of the bank's dossier (docs/product/documents.md, "Dossiê para
 * o banco"). Pure arithmetic in PDF points (1/72 inch), shared by whoever lays pictures on A4.
 */

/** A4 in points: 210 × 297 mm. */
export const A4_SHORT = 595.28;
export const A4_LONG = 841.89;
/** The white border kept around a picture: 10 mm. */
export const A4_MARGIN = 28.35;

export interface A4Placement {
  /** The page: portrait for an upright picture (or a square), landscape for a wide one. */
  pageW: number;
  pageH: number;
  /** The picture's box on it, from the page's bottom-left corner, centred. */
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * A picture of `width` × `height` pixels (as it is seen, upright) on an A4 page: one pixel is one
 * point (72 dpi) at most, so a small picture is never enlarged; a larger one is scaled down, its
 * proportions kept, to fit inside the margins; the page turns to landscape when the picture is wider
 * than tall.
 */
export function placeOnA4(width: number, height: number): A4Placement {
  if (!(width > 0) || !(height > 0)) throw new RangeError('placeOnA4: width and height must be positive');
  const landscape = width > height;
  const pageW = landscape ? A4_LONG : A4_SHORT;
  const pageH = landscape ? A4_SHORT : A4_LONG;
  const scale = Math.min(1, (pageW - 2 * A4_MARGIN) / width, (pageH - 2 * A4_MARGIN) / height);
  const w = width * scale;
  const h = height * scale;
  return { pageW, pageH, x: (pageW - w) / 2, y: (pageH - h) / 2, w, h };
}
