import { describe, expect, it } from 'vitest';
import { createJpegMetadataStripper, readJpegFacts, readJpegOrientation, stripJpegMetadata } from './jpeg-metadata';
import { exifGpsSegment, exifOrientationGpsSegment, withSegment } from './jpeg-metadata.fixture';

const latin1 = (s: string) => Array.from(s, (c) => c.charCodeAt(0));
const segment = (marker: number, payload: number[]) => [
  0xff,
  marker,
  (payload.length + 2) >> 8,
  (payload.length + 2) & 0xff,
  ...payload,
];

/** A small baseline JPEG's skeleton: JFIF, a quantisation table, SOF0 (640 × 480), the scan, EOI. */
const plain = new Uint8Array([
  0xff,
  0xd8,
  ...segment(0xe0, [...latin1('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0]),
  ...segment(0xdb, [0, ...Array.from({ length: 64 }, (_, i) => i + 1)]),
  ...segment(0xc0, [8, 0x01, 0xe0, 0x02, 0x80, 1, 1, 0x11, 0]),
  ...segment(0xda, [1, 1, 0, 0, 63, 0]),
  // Scan bytes, with a stuffed FF 00 and an FF E1 look-alike that is picture, not a segment.
  0x12,
  0xff,
  0x00,
  0x34,
  0xff,
  0xe1,
  0x00,
  0x10,
  0x45,
  0x78,
  0x69,
  0x66,
  0xff,
  0xd9,
]);
const xmp = new Uint8Array(segment(0xe1, [...latin1('http://ns.adobe.com/xap/1.0/\0'), ...latin1('<x:xmpmeta/>')]));
const gps = exifGpsSegment();

describe('JPEG metadata', () => {
  it('reads the size and sees the EXIF GPS a phone writes', () => {
    expect(readJpegFacts(plain)).toEqual({ width: 640, height: 480, exif: false, gps: false });
    expect(readJpegFacts(withSegment(plain, gps))).toEqual({ width: 640, height: 480, exif: true, gps: true });
    expect(readJpegFacts(new Uint8Array(latin1('%PDF-1.7')))).toBeNull();
  });

  it('removes the EXIF and XMP segments and keeps every other byte as it was', () => {
    const tagged = withSegment(withSegment(plain, xmp), gps);
    expect(tagged.length).toBe(plain.length + xmp.length + gps.length);
    const stripped = stripJpegMetadata(tagged);
    expect(Array.from(stripped)).toEqual(Array.from(plain));
    expect(readJpegFacts(stripped)).toMatchObject({ exif: false, gps: false });
  });

  it('keeps only the orientation of a turned photo, in a minimal EXIF segment without the GPS', () => {
    const turned = withSegment(withSegment(plain, xmp), exifOrientationGpsSegment(6));
    expect(readJpegOrientation(turned)).toBe(6);
    expect(readJpegFacts(turned)).toMatchObject({ exif: true, gps: true });
    const stripped = stripJpegMetadata(turned);
    expect(readJpegOrientation(stripped)).toBe(6);
    expect(readJpegFacts(stripped)).toEqual({ width: 640, height: 480, exif: true, gps: false });
    expect(stripped.length).toBe(plain.length + 36);
    expect(Array.from(stripped.subarray(38))).toEqual(Array.from(plain.subarray(2)));
    // Upright already (1) or no orientation at all: nothing of the EXIF is kept.
    expect(Array.from(stripJpegMetadata(withSegment(plain, exifOrientationGpsSegment(1))))).toEqual(Array.from(plain));
    expect(readJpegOrientation(plain)).toBe(1);
    expect(readJpegOrientation(withSegment(plain, gps))).toBe(1);
    for (const o of [3, 8])
      expect(readJpegOrientation(stripJpegMetadata(withSegment(plain, exifOrientationGpsSegment(o))))).toBe(o);
  });

  it('keeps other APP1 segments, and a clean file is unchanged', () => {
    const other = new Uint8Array(segment(0xe1, latin1('SomethingElse\0')));
    expect(Array.from(stripJpegMetadata(withSegment(plain, other)))).toEqual(Array.from(withSegment(plain, other)));
    expect(Array.from(stripJpegMetadata(plain))).toEqual(Array.from(plain));
  });

  it('gives the same bytes fed in chunks of any size (an upload streaming in)', () => {
    const tagged = withSegment(withSegment(plain, gps), xmp);
    for (const size of [1, 2, 3, 5, 7, 64, 1000]) {
      const stripper = createJpegMetadataStripper();
      const out: number[] = [];
      for (let at = 0; at < tagged.length; at += size)
        for (const part of stripper.push(tagged.slice(at, at + size))) out.push(...part);
      for (const part of stripper.end()) out.push(...part);
      expect(out, `chunks of ${size}`).toEqual(Array.from(plain));
    }
  });

  it('leaves what is not a JPEG, and a file cut inside its header, as they were', () => {
    const pdf = new Uint8Array(latin1('%PDF-1.7\n\xff\xe1\x00\x08Exif\0\0'));
    expect(Array.from(stripJpegMetadata(pdf))).toEqual(Array.from(pdf));
    const cut = withSegment(plain, gps).subarray(0, 30);
    expect(Array.from(stripJpegMetadata(cut))).toEqual(Array.from(cut));
  });
});
