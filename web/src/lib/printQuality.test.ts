import { describe, expect, it } from 'vitest';
import type { Design } from './engine';
import { gradeOf, imagePrintQuality, printWarnings } from './printQuality';

function withImage(px: [number, number], size: [number, number]): Design {
  const image = { asset: { sha256: 'a'.repeat(64), mime: 'image/png', bytes: 10, width: px[0], height: px[1] }, name: 'x.png', size: { width: size[0], height: size[1] }, position: { x: 50, y: 50 }, useEmbroidery: false };
  return { areas: { leftChest: { text: null, image: null }, back: { text: null, image } } } as unknown as Design;
}

describe('print quality (the engine preflight cases)', () => {
  it('follows the fitted size', () => {
    // 1200 px across the full 12-inch Back: 100 DPI, the engine's warning.
    const low = imagePrintQuality(withImage([1200, 1200], [100, 100]), 'back')!;
    expect(Math.round(low.dpi)).toBe(100);
    expect(low.grade).toBe('Low');
    expect(low.warning).toBe('The image on the Back prints at 100 DPI (below 150): it may look blurry');
    // The same picture in a 20% box (2.4 in wide): 500 DPI, fine.
    const good = imagePrintQuality(withImage([1200, 1200], [20, 20]), 'back')!;
    expect(Math.round(good.dpi)).toBe(500);
    expect(good).toMatchObject({ grade: 'Good', warning: null });
    // No image, no grade.
    expect(imagePrintQuality(withImage([1200, 1200], [20, 20]), 'left_chest')).toBeNull();
  });

  it('lets the tighter side decide for a picture of other proportions', () => {
    // 1200 × 600 px in a square 50% box of the Back (6 × 7 in): 6 in across, 200 DPI.
    const q = imagePrintQuality(withImage([1200, 600], [50, 50]), 'back')!;
    expect(Math.round(q.dpi)).toBe(200);
    expect(q.grade).toBe('Fair');
  });

  it('grades at 300 and 150', () => {
    expect([gradeOf(300), gradeOf(299.9), gradeOf(150), gradeOf(149.9)]).toEqual(['Good', 'Fair', 'Fair', 'Low']);
  });

  it("lists a design's warnings in the areas' order", () => {
    expect(printWarnings(withImage([1200, 1200], [100, 100]))).toEqual(['The image on the Back prints at 100 DPI (below 150): it may look blurry']);
    expect(printWarnings(withImage([1200, 1200], [20, 20]))).toEqual([]);
  });
});
