/**
 * JPEG metadata, read and removed over the file's markers without decoding the image
 * (docs/decisions/052-photos-shrink-on-the-phone.md). A JPEG is SOI (FF D8), then segments
 * `FF xx LL LL payload` (LL counts itself and the payload), then the scan (SOS, FF DA) with the
 * compressed picture. The metadata a phone writes — EXIF (with the GPS position) and XMP — lives
 * in APP1 segments before the scan, so removing them keeps every other byte as it was. One EXIF
 * value is not private and is needed to show the picture upright: its orientation. A photo whose
 * EXIF says it is turned keeps a minimal EXIF segment that holds the orientation and nothing else.
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
      const segment = pending.subarray(at, at + size);
      const drop = marker === APP1 && DROPPED_APP1.some((id) => startsWith(segment, 4, id));
      if (!drop) out.push(segment);
      else if (startsWith(segment, 4, DROPPED_APP1[0]!)) {
        const orientation = exifOrientation(segment.subarray(10));
        if (orientation !== 1) out.push(orientationSegment(orientation));
      }
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

/** The first IFD's entries of a TIFF header (EXIF's body): tag and the offset of its value field. */
function ifd0Entries(tiff: Uint8Array): { tag: number; u16: (i: number) => number; at: number }[] {
  if (tiff.length < 8) return [];
  const little = tiff[0] === 0x49;
  const u16 = (i: number) => (little ? tiff[i]! | (tiff[i + 1]! << 8) : (tiff[i]! << 8) | tiff[i + 1]!);
  const u32 = (i: number) => (little ? u16(i) + u16(i + 2) * 65536 : u16(i) * 65536 + u16(i + 2));
  const ifd = u32(4);
  if (ifd + 2 > tiff.length) return [];
  const entries = [];
  const count = u16(ifd);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.length) break;
    entries.push({ tag: u16(entry), u16, at: entry + 8 });
  }
  return entries;
}

/** Whether a TIFF header's first IFD carries the GPSInfo pointer (0x8825). */
function exifHasGps(tiff: Uint8Array): boolean {
  return ifd0Entries(tiff).some((e) => e.tag === 0x8825);
}

/** The EXIF orientation (tag 0x0112, 1–8) of a TIFF header; 1 (as stored) when absent or invalid. */
function exifOrientation(tiff: Uint8Array): number {
  const entry = ifd0Entries(tiff).find((e) => e.tag === 0x0112);
  const value = entry ? entry.u16(entry.at) : 1;
  return value >= 1 && value <= 8 ? value : 1;
}

/** An APP1 EXIF segment holding only an orientation: "Exif\0\0", a big-endian TIFF, one IFD0 entry. */
function orientationSegment(orientation: number): Uint8Array {
  const segment = new Uint8Array(36);
  const view = new DataView(segment.buffer);
  segment.set([0xff, 0xe1, 0x00, 0x22, 0x45, 0x78, 0x69, 0x66, 0, 0, 0x4d, 0x4d, 0x00, 0x2a]);
  view.setUint32(14, 8); // IFD0 right after the header
  view.setUint16(18, 1); // one entry
  view.setUint16(20, 0x0112); // Orientation
  view.setUint16(22, 3); // SHORT
  view.setUint32(24, 1); // one value
  view.setUint16(28, orientation); // left-justified in the 4-byte field
  view.setUint32(32, 0); // no next IFD
  return segment;
}

/**
 * How a JPEG is meant to be turned to be seen upright: its EXIF orientation (1 = as stored, 3 =
 * upside down, 6 = a quarter turn clockwise, 8 = a quarter turn anticlockwise, 2/4/5/7 mirrored).
 */
export function readJpegOrientation(bytes: Uint8Array): number {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return 1;
  let at = 2;
  while (at + 4 <= bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1]!;
    if (marker === SOS || standalone(marker)) break;
    const size = 2 + ((bytes[at + 2]! << 8) | bytes[at + 3]!);
    if (marker === APP1 && startsWith(bytes, at + 4, DROPPED_APP1[0]!)) {
      return exifOrientation(bytes.subarray(at + 10, Math.min(bytes.length, at + size)));
    }
    at += size;
  }
  return 1;
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
