import { describe, expect, it } from 'vitest';
import jpeg from 'jpeg-js';
import { readJpegFacts } from '@portal/domain/jpeg-metadata';
import { convertHeicToJpeg, HeicConversionError } from './heic-to-jpeg';
import { HEIC_PHOTO_HEIGHT, HEIC_PHOTO_WIDTH, heicPhoto } from './heic.fixture';

const pixel = (img: { data: Uint8Array; width: number }, x: number, y: number) =>
  Array.from(img.data.subarray((y * img.width + x) * 4, (y * img.width + x) * 4 + 3));
const near = (rgb: number[], expected: number[]) => rgb.every((v, i) => Math.abs(v - expected[i]!) < 40);

describe('HEIC to JPEG', () => {
  it('decodes a real HEIC photo, brings its long edge to 2 000 px and drops its EXIF (GPS)', async () => {
    const sent = heicPhoto();
    expect(sent.includes(Buffer.from('Exif'))).toBe(true);
    const out = await convertHeicToJpeg(sent);
    expect(out).toMatchObject({ width: 2000, height: Math.round((2000 * HEIC_PHOTO_HEIGHT) / HEIC_PHOTO_WIDTH) });
    expect(readJpegFacts(out.jpeg)).toEqual({ width: 2000, height: 1333, exif: false, gps: false });
    const img = jpeg.decode(out.jpeg, { useTArray: true });
    // Top quarter red, left sixth blue below it, white elsewhere: the picture the right way up.
    expect(near(pixel(img, 1000, 100), [220, 30, 30])).toBe(true);
    expect(near(pixel(img, 100, 900), [30, 30, 220])).toBe(true);
    expect(near(pixel(img, 1500, 1000), [255, 255, 255])).toBe(true);
  }, 30_000);

  it('keeps a photo that already fits at its size', async () => {
    const out = await convertHeicToJpeg(heicPhoto(), { maxEdge: 4000 });
    expect(readJpegFacts(out.jpeg)).toMatchObject({ width: HEIC_PHOTO_WIDTH, height: HEIC_PHOTO_HEIGHT });
  }, 30_000);

  it('refuses a picture over the pixel limit before decoding it, and bytes that are no HEIC', async () => {
    await expect(convertHeicToJpeg(heicPhoto(), { maxPixels: 1_000_000 })).rejects.toMatchObject({
      reason: 'too_large',
      message: expect.stringContaining('mais de 1 megapixels'),
    });
    const broken = Buffer.concat([heicPhoto().subarray(0, 40), Buffer.alloc(600)]);
    const err = await convertHeicToJpeg(broken).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HeicConversionError);
    expect(err).toMatchObject({
      reason: 'undecodable',
      message: 'Não foi possível ler esta foto HEIC. Envie-a em JPEG, PNG ou PDF.',
    });
  }, 30_000);
});
