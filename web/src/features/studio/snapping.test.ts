import { describe, expect, it } from 'vitest';
import { snap, tolerance, type SnapInput } from './snapping';

// An area drawn 200 × 300 CSS pixels: 6 px is 3% across and 2% down.
const base: SnapInput = { x: 30, y: 30, width: 20, height: 10, others: [], ...tolerance(200, 300) };

describe('snapping', () => {
  it('turns pixels on screen into percent of the area', () => {
    expect(tolerance(200, 300)).toEqual({ toleranceX: 3, toleranceY: 2 });
    expect(tolerance(0, 0)).toEqual({ toleranceX: 0, toleranceY: 0 });
  });

  it('leaves an element away from every line where it is, with no guide', () => {
    expect(snap(base)).toEqual({ x: 30, y: 30, guides: [] });
  });

  it('snaps the centre to the centre lines within the tolerance, and only within it', () => {
    expect(snap({ ...base, x: 52.9, y: 48.1 })).toEqual({
      x: 50,
      y: 50,
      guides: [
        { axis: 'x', at: 50, kind: 'centre' },
        { axis: 'y', at: 50, kind: 'centre' },
      ],
    });
    expect(snap({ ...base, x: 53.1, y: 47.9 })).toEqual({ x: 53.1, y: 47.9, guides: [] });
  });

  it('snaps the edges to the area edges', () => {
    // 20% wide: its left edge is at 0 when its centre is at 10; 10% high: its bottom at 100 when its centre is at 95.
    expect(snap({ ...base, x: 11.5, y: 94 })).toEqual({
      x: 10,
      y: 95,
      guides: [
        { axis: 'x', at: 0, kind: 'edge' },
        { axis: 'y', at: 100, kind: 'edge' },
      ],
    });
    expect(snap({ ...base, x: 88, y: 6.5 }).guides).toEqual([
      { axis: 'x', at: 100, kind: 'edge' },
      { axis: 'y', at: 0, kind: 'edge' },
    ]);
  });

  it("snaps to the other element's centre", () => {
    expect(snap({ ...base, x: 31, y: 71, others: [{ x: 32, y: 70 }] })).toEqual({
      x: 32,
      y: 70,
      guides: [
        { axis: 'x', at: 32, kind: 'element' },
        { axis: 'y', at: 70, kind: 'element' },
      ],
    });
  });

  it('takes the nearest line when two are within reach', () => {
    // The other element's centre at 48.5 and the area's at 50: 49 is nearer the first.
    expect(snap({ ...base, x: 49, others: [{ x: 48.5, y: 0 }] }).x).toBe(48.5);
    expect(snap({ ...base, x: 49.5, others: [{ x: 48.5, y: 0 }] }).x).toBe(50);
  });
});
