import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { A4_LONG, A4_MARGIN, A4_SHORT, moveEntry, pagesPdfName, pictureKind, placeOnA4 } from './a4-page';

describe('placeOnA4', () => {
  it('puts a 2000 × 1500 landscape photo on a landscape page, scaled to the height inside the margins', () => {
    const p = placeOnA4(2000, 1500);
    expect([p.pageWidth, p.pageHeight]).toEqual([A4_LONG, A4_SHORT]);
    // 4:3 is less elongated than A4 (1.41:1): the short side limits.
    expect(p.height).toBeCloseTo(A4_SHORT - 2 * A4_MARGIN, 6);
    expect(p.width).toBeCloseTo(((A4_SHORT - 2 * A4_MARGIN) * 4) / 3, 6);
    expect(p.y).toBeCloseTo(A4_MARGIN, 6);
    expect(p.x).toBeCloseTo((A4_LONG - p.width) / 2, 6);
  });

  it('puts a 1500 × 2000 portrait photo on a portrait page, scaled to the height when that is the tighter side', () => {
    const p = placeOnA4(1500, 2000);
    expect([p.pageWidth, p.pageHeight]).toEqual([A4_SHORT, A4_LONG]);
    // (595.28 − 56.7) / 1500 = 0.359; (841.89 − 56.7) / 2000 = 0.393: the width limits.
    expect(p.width).toBeCloseTo(A4_SHORT - 2 * A4_MARGIN, 6);
    expect(p.x).toBeCloseTo(A4_MARGIN, 6);
    expect(p.height / p.width).toBeCloseTo(2000 / 1500, 9);
  });

  it('puts a tall narrow receipt by its height', () => {
    const p = placeOnA4(600, 4000);
    expect(p.height).toBeCloseTo(A4_LONG - 2 * A4_MARGIN, 6);
    expect(p.y).toBeCloseTo(A4_MARGIN, 6);
    expect(p.x).toBeCloseTo((A4_SHORT - p.width) / 2, 6);
  });

  it('never enlarges a small picture: 300 × 200 is drawn at 300 × 200 points in the middle', () => {
    expect(placeOnA4(300, 200)).toEqual({
      pageWidth: A4_LONG,
      pageHeight: A4_SHORT,
      x: (A4_LONG - 300) / 2,
      y: (A4_SHORT - 200) / 2,
      width: 300,
      height: 200,
    });
  });

  it('a square picture gets a portrait page', () => {
    expect(placeOnA4(1000, 1000).pageHeight).toBe(A4_LONG);
  });

  it('draws nothing for a picture without a size', () => {
    for (const [w, h] of [
      [0, 100],
      [100, 0],
      [Number.NaN, 10],
      [-5, 10],
    ] as const)
      expect(placeOnA4(w, h)).toMatchObject({ width: 0, height: 0 });
  });

  it('any picture: inside the margins, centred, proportions kept, never enlarged', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20_000 }), fc.integer({ min: 1, max: 20_000 }), (w, h) => {
        const p = placeOnA4(w, h);
        const eps = 1e-6;
        expect(p.x).toBeGreaterThanOrEqual(A4_MARGIN - eps);
        expect(p.y).toBeGreaterThanOrEqual(A4_MARGIN - eps);
        expect(p.x + p.width).toBeLessThanOrEqual(p.pageWidth - A4_MARGIN + eps);
        expect(p.y + p.height).toBeLessThanOrEqual(p.pageHeight - A4_MARGIN + eps);
        expect(p.x * 2 + p.width).toBeCloseTo(p.pageWidth, 6);
        expect(p.y * 2 + p.height).toBeCloseTo(p.pageHeight, 6);
        expect(p.width).toBeLessThanOrEqual(w + eps);
        expect(p.height).toBeLessThanOrEqual(h + eps);
        expect((p.width * h) / (p.height * w)).toBeCloseTo(1, 9);
        expect(p.pageWidth > p.pageHeight).toBe(w > h);
      }),
    );
  });
});

describe('moveEntry', () => {
  it('moves a page up and down', () => {
    expect(moveEntry(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveEntry(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
  });

  it('leaves the list as it was at either end, and does not change the given list', () => {
    const list = ['a', 'b'];
    expect(moveEntry(list, 0, -1)).toEqual(['a', 'b']);
    expect(moveEntry(list, 1, 1)).toEqual(['a', 'b']);
    expect(moveEntry(list, 5, -1)).toEqual(['a', 'b']);
    expect(moveEntry(list, 1, -1)).toEqual(['b', 'a']);
    expect(list).toEqual(['a', 'b']);
  });
});

describe('pictureKind', () => {
  it('knows JPEG and PNG by their first bytes', () => {
    expect(pictureKind(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(pictureKind(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d]))).toBe('png');
    expect(pictureKind(new TextEncoder().encode('%PDF-1.7'))).toBeNull();
    expect(pictureKind(new Uint8Array([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70]))).toBeNull(); // HEIC
  });
});

describe('pagesPdfName', () => {
  it('names the PDF after the item, without accents, with its page count', () => {
    expect(pagesPdfName('Declaração de Imposto de Renda — comprador principal', 3)).toBe(
      'declaracao-de-imposto-de-renda-3-paginas.pdf',
    );
    expect(pagesPdfName('RG ou CNH', 1)).toBe('rg-ou-cnh-1-pagina.pdf');
    expect(pagesPdfName('— ', 2)).toBe('documento-2-paginas.pdf');
  });
});
