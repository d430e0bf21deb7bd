/**
 * JPEG metadata, read and removed over the file's markers without decoding the image
 * (docs/decisions/052-photos-shrink-on-the-phone.md). A JPEG is SOI (FF D8), then segments
 * `FF xx LL LL payload` (LL counts itself and the payload), then the scan (SOS, FF DA) with the
 * compressed picture. The metadata a phone writes — EXIF (with the GPS position) and XMP — lives
 * in APP1 segments before the scan, so removing them keeps every other byte as it was.
 */

/** The long edge, in pixels, a photo is scaled down to in the browser before it is sent. */
export const UPLOAD_IMAGE_MAX_EDGE = 2000;
/** The JPEG quality of that re-encoding (0–1). */
export const UPLOAD_IMAGE_QUALITY = 0.8;

const APP1 = 0xe1;
const SOS = 0xda;
const latin1 = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
/** The identifiers that open an APP1 payload to remove: EXIF, XMP and XMP's extension. */
const DROPPED_APP1 = [
  latin1('Exif\0'),
  latin1('http://ns.adobe.com/xap/1.0/\0'),
  latin1('http://ns.adobe.com/xmp/extension/\0'),
];

const startsWith = (bytes: Uint8Array, at: number, prefix: Uint8Array) =>
  bytes.length - at >= prefix.length && prefix.every((b, i) => bytes[at + i] === b);

/** Markers with no length after them (SOI, EOI, RSTn, TEM): none belongs before the scan but SOI. */
const standalone = (m: number) => m === 0xd8 || m === 0xd9 || m === 0x01 || (m >= 0xd0 && m <= 0xd7);

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b;
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/**
 * A stripper fed the file in chunks (an upload on its way to storage): it holds at most one
 * segment (≤ 64 KiB) at a time, drops the EXIF/XMP APP1 segments, and from the scan on (or at
 * anything it does not recognise) passes the bytes through unchanged. Fed a file that is not a
 * JPEG, it changes nothing.
 */
export function createJpegMetadataStripper() {
  let pending: Uint8Array = new Uint8Array(0);
  let passThrough = false;
  let started = false;

  function push(chunk: Uint8Array): Uint8Array[] {
    if (passThrough) return [chunk];
    pending = concat(pending, chunk);
    const out: Uint8Array[] = [];
    if (!started) {
      if (pending.length < 2) return out;
      started = true;
      if (pending[0] !== 0xff || pending[1] !== 0xd8) {
        passThrough = true;
        out.push(pending);
        pending = new Uint8Array(0);
        return out;
      }
      out.push(pending.subarray(0, 2));
      pending = pending.subarray(2);
    }
    let at = 0;
    for (;;) {
      if (pending.length - at < 2) break;
      const marker = pending[at + 1]!;
      if (pending[at] !== 0xff || marker === SOS || standalone(marker) || marker === 0xff) {
        passThrough = true;
        break;
      }
      if (pending.length - at < 4) break;
      const size = 2 + ((pending[at + 2]! << 8) | pending[at + 3]!);
      if (pending.length - at < size) break;
      const drop = marker === APP1 && DROPPED_APP1.some((id) => startsWith(pending.subarray(at + 4, at + size), 0, id));
      if (!drop) out.push(pending.subarray(at, at + size));
      at += size;
    }
    if (passThrough) {
      out.push(pending.subarray(at));
      pending = new Uint8Array(0);
    } else pending = pending.slice(at);
    return out;
  }

  return {
    push,
    /** The bytes still held at the end (a file cut short inside its header): kept as they were. */
    end(): Uint8Array[] {
      const rest = pending;
      pending = new Uint8Array(0);
      return rest.length ? [rest] : [];
    },
  };
}

/** The whole file without its EXIF and XMP segments; every other byte as it was. */
export function stripJpegMetadata(bytes: Uint8Array): Uint8Array {
  const stripper = createJpegMetadataStripper();
  const parts = [...stripper.push(bytes), ...stripper.end()];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export interface JpegFacts {
  width: number;
  height: number;
  /** An APP1 EXIF segment is present. */
  exif: boolean;
  /** That EXIF segment's first IFD points to a GPS IFD (tag 0x8825). */
  gps: boolean;
}

/** Size (from the SOF segment; 0 × 0 before one) and whether EXIF / GPS is there; null for no JPEG. */
export function readJpegFacts(bytes: Uint8Array): JpegFacts | null {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  const facts: JpegFacts = { width: 0, height: 0, exif: false, gps: false };
  let at = 2;
  while (at + 4 <= bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1]!;
    if (marker === SOS || standalone(marker)) break;
    const size = 2 + ((bytes[at + 2]! << 8) | bytes[at + 3]!);
    // SOF0–SOF15 but DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      facts.height = (bytes[at + 5]! << 8) | bytes[at + 6]!;
      facts.width = (bytes[at + 7]! << 8) | bytes[at + 8]!;
    }
    if (marker === APP1 && startsWith(bytes, at + 4, DROPPED_APP1[0]!)) {
      facts.exif = true;
      facts.gps ||= exifHasGps(bytes.subarray(at + 10, at + size));
    }
    at += size;
  }
  return facts;
}

/** Whether a TIFF header's first IFD carries the GPSInfo pointer (0x8825). */
function exifHasGps(tiff: Uint8Array): boolean {
  if (tiff.length < 8) return false;
  const little = tiff[0] === 0x49;
  const u16 = (i: number) => (little ? tiff[i]! | (tiff[i + 1]! << 8) : (tiff[i]! << 8) | tiff[i + 1]!);
  const u32 = (i: number) => (little ? u16(i) + u16(i + 2) * 65536 : u16(i) * 65536 + u16(i + 2));
  const ifd = u32(4);
  if (ifd + 2 > tiff.length) return false;
  const count = u16(ifd);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.length) return false;
    if (u16(entry) === 0x8825) return true;
  }
  return false;
}

const METADATA_MARKS = ['Exif\0', 'eXIf', 'http://ns.adobe.com/xap/1.0/'].map(latin1);

/**
 * Whether the start of an image file carries metadata a phone writes (EXIF, PNG's eXIf, XMP):
 * such a file is always re-encoded before it leaves the browser, even when that makes it bigger.
 */
export function hasPhotoMetadata(head: Uint8Array): boolean {
  for (let at = 0; at < head.length; at++) if (METADATA_MARKS.some((mark) => startsWith(head, at, mark))) return true;
  return false;
}
