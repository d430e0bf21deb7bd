/**
 * Test material: an APP1 EXIF segment carrying a GPS position (what a phone camera writes), built
 * byte by byte, and a way to put it into a JPEG right after its SOI. Used by the unit tests and
 * the e2e tests; not by the application.
 */

/** FF E1, length, "Exif\0\0", then a big-endian TIFF: IFD0 → GPS IFD with latitude and longitude. */
export function exifGpsSegment(lat = [23, 33, 1], lon = [46, 38, 2]): Uint8Array {
  const tiff = new Uint8Array(128);
  const view = new DataView(tiff.buffer);
  tiff.set([0x4d, 0x4d, 0x00, 0x2a]); // "MM", 42
  view.setUint32(4, 8); // IFD0 at 8
  view.setUint16(8, 1); // one entry
  entry(view, 10, 0x8825, 4, 1, 26); // GPSInfo → 26
  view.setUint32(22, 0); // no next IFD
  view.setUint16(26, 4); // GPS IFD: four entries
  entry(view, 28, 0x0001, 2, 2, 0x53000000); // GPSLatitudeRef "S"
  entry(view, 40, 0x0002, 5, 3, 80); // GPSLatitude → 80
  entry(view, 52, 0x0003, 2, 2, 0x57000000); // GPSLongitudeRef "W"
  entry(view, 64, 0x0004, 5, 3, 104); // GPSLongitude → 104
  view.setUint32(76, 0);
  [...lat, ...lon].forEach((v, i) => {
    view.setUint32(80 + i * 8, v);
    view.setUint32(84 + i * 8, 1);
  });
  const payload = new Uint8Array(6 + tiff.length);
  payload.set([0x45, 0x78, 0x69, 0x66, 0, 0]); // "Exif\0\0"
  payload.set(tiff, 6);
  const segment = new Uint8Array(4 + payload.length);
  segment.set([0xff, 0xe1, (payload.length + 2) >> 8, (payload.length + 2) & 0xff]);
  segment.set(payload, 4);
  return segment;
}

function entry(view: DataView, at: number, tag: number, type: number, count: number, value: number) {
  view.setUint16(at, tag);
  view.setUint16(at + 2, type);
  view.setUint32(at + 4, count);
  view.setUint32(at + 8, value);
}

/** The JPEG with `segment` inserted right after its SOI (where a camera puts its EXIF). */
export function withSegment(jpeg: Uint8Array, segment: Uint8Array): Uint8Array {
  const out = new Uint8Array(jpeg.length + segment.length);
  out.set(jpeg.subarray(0, 2));
  out.set(segment, 2);
  out.set(jpeg.subarray(2), 2 + segment.length);
  return out;
}

/**
 * FF E1, length, "Exif\0\0", then a little-endian TIFF (as many Android phones write) whose IFD0
 * holds a camera make, the orientation and a pointer to a GPS IFD with a latitude reference.
 */
export function exifOrientationGpsSegment(orientation: number): Uint8Array {
  const tiff = new Uint8Array(72);
  const view = new DataView(tiff.buffer);
  tiff.set([0x49, 0x49, 0x2a, 0x00]); // "II", 42
  view.setUint32(4, 8, true); // IFD0 at 8
  view.setUint16(8, 3, true); // three entries
  const le = (at: number, tag: number, type: number, count: number, value: number, short = false) => {
    view.setUint16(at, tag, true);
    view.setUint16(at + 2, type, true);
    view.setUint32(at + 4, count, true);
    if (short) view.setUint16(at + 8, value, true);
    else view.setUint32(at + 8, value, true);
  };
  le(10, 0x010f, 2, 4, 0x00676f47); // Make "Gog\0", inline
  le(22, 0x0112, 3, 1, orientation, true); // Orientation
  le(34, 0x8825, 4, 1, 50); // GPSInfo → 50
  view.setUint32(46, 0, true); // no next IFD
  view.setUint16(50, 1, true); // GPS IFD: one entry
  le(52, 0x0001, 2, 2, 0x53); // GPSLatitudeRef "S"
  view.setUint32(64, 0, true);
  const payload = new Uint8Array(6 + tiff.length);
  payload.set([0x45, 0x78, 0x69, 0x66, 0, 0]);
  payload.set(tiff, 6);
  const segment = new Uint8Array(4 + payload.length);
  segment.set([0xff, 0xe1, (payload.length + 2) >> 8, (payload.length + 2) & 0xff]);
  segment.set(payload, 4);
  return segment;
}
