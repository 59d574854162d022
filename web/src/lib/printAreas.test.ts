import { describe, expect, it } from 'vitest';
import { FACTS } from './engine';
import { areasOf, modelNode, placeOf } from './printAreas';

describe('print areas on the garment pictures', () => {
  it('put the built-in areas where the studio always drew them', () => {
    const [chest, back] = areasOf(null).map(placeOf);
    expect(chest).toEqual({ side: 'front', cx: 63, cy: 34, width: 15 });
    expect(back.side).toBe('back');
    expect([back.cx, back.width]).toEqual([50, 40]);
    expect(back.cy).toBeCloseTo(46, 2);
  });

  it("fit a product's area inside its box, in its inches' proportions, centred", () => {
    const box = { x: 10, y: 20, w: 30, h: 12 };
    // The box is 180 × 86.4 px of the 600 × 720 picture: a 2 × 1 inch area is as wide as its height allows, 172.8 px (28.8%).
    const wide = placeOf({ key: 'hood', label: 'Hood', widthInches: 2, heightInches: 1, side: 'back', box });
    expect(wide.side).toBe('back');
    expect([wide.cx, wide.cy]).toEqual([25, 26]);
    expect(wide.width).toBeCloseTo(28.8, 6);
    // A 4 × 1 inch area is as wide as the box.
    expect(placeOf({ key: 'hood', label: 'Hood', widthInches: 4, heightInches: 1, side: 'back', box }).width).toBe(30);
  });

  it("are a product's own when it has them, the built-in two otherwise", () => {
    const sleeve = { key: 'leftSleeve', label: 'Left Sleeve', widthInches: 3, heightInches: 4, side: 'front', box: { x: 80, y: 30, w: 10, h: 16 } };
    expect(areasOf({ printAreas: [sleeve] })).toEqual([sleeve]);
    expect(areasOf({ printAreas: [] })).toEqual(FACTS.printAreas);
  });

  it('name the 3D model node of an area by its key in snake_case', () => {
    expect(['leftChest', 'back', 'leftSleeve', 'hood'].map(modelNode)).toEqual(['left_chest', 'back', 'left_sleeve', 'hood']);
  });
});
