import { hasPhotoMetadata, UPLOAD_IMAGE_MAX_EDGE, UPLOAD_IMAGE_QUALITY } from '@portal/domain/jpeg-metadata';

/**
 * Photos shrink on the phone before they travel (docs/decisions/052-photos-shrink-on-the-phone.md):
 * decoded upright by their EXIF orientation, scaled so the long edge is at most 2 000 px (never
 * up), drawn on white and re-encoded as JPEG at 0.8 — which leaves every piece of metadata (the
 * GPS position first) behind. PDFs and anything the browser cannot decode (HEIC on most Android
 * browsers) go as they are; the server removes EXIF from a JPEG that still carries it.
 */

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif']);
const IMAGE_NAME = /\.(jpe?g|png|webp|heic|heif)$/i;
/** How much of the original is read to look for metadata (EXIF and XMP sit at the start). */
const HEAD_BYTES = 256 * 1024;

/** Whether this file is a picture worth trying to shrink (by its type, or its name when the type is empty). */
export function isShrinkable(file: File): boolean {
  return IMAGE_TYPES.has(file.type.toLowerCase()) || (file.type === '' && IMAGE_NAME.test(file.name));
}

/** The same name as a JPEG: "IMG_0042.HEIC" → "IMG_0042.jpg". */
export function jpegName(name: string): string {
  const base = name.replace(/\.[^./\\]*$/, '');
  return `${base || 'foto'}.jpg`;
}

/** The size the picture is drawn at: the long edge at most `maxEdge`, never larger than it was. */
export function fitWithin(width: number, height: number, maxEdge: number) {
  const scale = Math.min(1, maxEdge / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)), scale };
}

async function encode(bitmap: ImageBitmap, width: number, height: number): Promise<Blob | null> {
  const draw = (ctx: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D) => {
    // A transparent PNG on white, as on paper (JPEG has no transparency).
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, width, height);
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(bitmap, 0, 0, width, height);
  };
  const options = { type: 'image/jpeg', quality: UPLOAD_IMAGE_QUALITY };
  if (typeof OffscreenCanvas === 'function') {
    const canvas = new OffscreenCanvas(width, height);
    const ctx = canvas.getContext('2d');
    if (ctx) {
      draw(ctx);
      return canvas.convertToBlob(options);
    }
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  draw(ctx);
  return new Promise((resolve) => canvas.toBlob(resolve, options.type, options.quality));
}

/**
 * The file to send: the shrunk JPEG; or the original when it is no picture the browser can
 * decode, or when re-encoding would not make it smaller and it has no metadata and fits the edge.
 */
export async function shrinkPhoto(file: File, maxEdge = UPLOAD_IMAGE_MAX_EDGE): Promise<File> {
  if (!isShrinkable(file) || typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file; // Not decodable here (HEIC on most browsers, or not a picture at all): sent as is.
  }
  let blob: Blob | null;
  const size = fitWithin(bitmap.width, bitmap.height, maxEdge);
  try {
    blob = await encode(bitmap, size.width, size.height);
  } catch {
    blob = null;
  } finally {
    bitmap.close();
  }
  if (!blob) return file;
  if (blob.size >= file.size && size.scale === 1) {
    const head = new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer());
    if (!hasPhotoMetadata(head)) return file;
  }
  return new File([blob], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified });
}
