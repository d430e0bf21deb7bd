import { describe, expect, it } from 'vitest';
import { hasPhotoMetadata } from '@portal/domain/jpeg-metadata';
import { exifGpsSegment } from '@portal/domain/jpeg-metadata.fixture';
import { fitWithin, isShrinkable, jpegName } from './photo-shrink';

describe('photo shrink rules', () => {
  it('scales the long edge down to the limit and never up', () => {
    expect(fitWithin(4000, 3000, 2000)).toEqual({ width: 2000, height: 1500, scale: 0.5 });
    expect(fitWithin(3000, 4000, 2000)).toEqual({ width: 1500, height: 2000, scale: 0.5 });
    expect(fitWithin(1200, 900, 2000)).toEqual({ width: 1200, height: 900, scale: 1 });
  });

  it('names the result as a JPEG and tries pictures only', () => {
    expect(jpegName('IMG_0042.HEIC')).toBe('IMG_0042.jpg');
    expect(jpegName('rg frente.png')).toBe('rg frente.jpg');
    expect(jpegName('foto')).toBe('foto.jpg');
    expect(jpegName('.jpeg')).toBe('foto.jpg');
    expect(isShrinkable(new File([], 'a.jpg', { type: 'image/jpeg' }))).toBe(true);
    expect(isShrinkable(new File([], 'a.heic', { type: '' }))).toBe(true);
    expect(isShrinkable(new File([], 'a.pdf', { type: 'application/pdf' }))).toBe(false);
    expect(isShrinkable(new File([], 'a.jpg', { type: 'application/pdf' }))).toBe(false);
  });

  it('sees the metadata that forces a re-encoding', () => {
    expect(hasPhotoMetadata(exifGpsSegment())).toBe(true);
    expect(hasPhotoMetadata(new TextEncoder().encode('\x89PNG....eXIf'))).toBe(true);
    expect(hasPhotoMetadata(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16]))).toBe(false);
  });
});
