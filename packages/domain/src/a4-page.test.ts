import { describe, expect, it } from 'vitest';
import { A4_LONG, A4_MARGIN, A4_SHORT, placeOnA4 } from './a4-page';

describe('placeOnA4', () => {
  it('never enlarges a small picture and centres it on a portrait page', () => {
    expect(placeOnA4(300, 200)).toEqual({
      pageW: A4_LONG,
      pageH: A4_SHORT,
      x: (A4_LONG - 300) / 2,
      y: (A4_SHORT - 200) / 2,
      w: 300,
      h: 200,
    });
    const tall = placeOnA4(200, 300);
    expect(tall).toMatchObject({ pageW: A4_SHORT, pageH: A4_LONG, w: 200, h: 300 });
    expect(placeOnA4(100, 100)).toMatchObject({ pageW: A4_SHORT, pageH: A4_LONG, w: 100, h: 100 });
  });

  it('scales a phone photo down inside the margins, keeping its proportions', () => {
    const upright = placeOnA4(1500, 2000);
    expect(upright.pageW).toBe(A4_SHORT);
    expect(upright.w / upright.h).toBeCloseTo(1500 / 2000, 10);
    expect(upright.w).toBeCloseTo(A4_SHORT - 2 * A4_MARGIN, 10);
    expect(upright.y).toBeGreaterThanOrEqual(A4_MARGIN);
    expect(upright.x + upright.w).toBeCloseTo(A4_SHORT - A4_MARGIN, 10);

    const wide = placeOnA4(2000, 1500);
    expect(wide).toMatchObject({ pageW: A4_LONG, pageH: A4_SHORT });
    expect(wide.h).toBeCloseTo(A4_SHORT - 2 * A4_MARGIN, 10);
    expect(wide.w / wide.h).toBeCloseTo(2000 / 1500, 10);
    expect(wide.x).toBeGreaterThanOrEqual(A4_MARGIN);
  });

  it('fits a long strip by its long side', () => {
    const strip = placeOnA4(5000, 100);
    expect(strip.w).toBeCloseTo(A4_LONG - 2 * A4_MARGIN, 10);
    expect(strip.h).toBeCloseTo((100 * (A4_LONG - 2 * A4_MARGIN)) / 5000, 10);
    expect(strip.y).toBeCloseTo((A4_SHORT - strip.h) / 2, 10);
  });

  it('refuses an empty picture', () => {
    expect(() => placeOnA4(0, 100)).toThrow(RangeError);
    expect(() => placeOnA4(100, Number.NaN)).toThrow(RangeError);
  });
});
