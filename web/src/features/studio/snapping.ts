// Snapping while an element is dragged: its centre to the print area's centre
// lines, its edges to the area's edges, its centre to the other element's
// centre, each within a tolerance of a few screen pixels. Pure maths in the
// area's percent (the engine's placement units); the engine still clamps the
// result when it is placed.

/** How near (CSS pixels on screen) an element must come to a line to snap to it. */
export const SNAP_PIXELS = 6;

export type Axis = 'x' | 'y';

/** A line the element snapped to, in percent of the area along its axis (x: a vertical line). */
export interface Guide {
  axis: Axis;
  at: number;
  kind: 'centre' | 'edge' | 'element';
}

export interface SnapInput {
  /** The element's centre where the pointer puts it, in percent of the area. */
  x: number;
  y: number;
  /** The element's size, in percent of the area's width and height. */
  width: number;
  height: number;
  /** The centres of the area's other elements. */
  others: { x: number; y: number }[];
  /** The tolerance in percent of the area's width and height (see `tolerance`). */
  toleranceX: number;
  toleranceY: number;
}

/** The tolerance in percent of an area drawn `cssWidth` × `cssHeight` on screen. */
export function tolerance(cssWidth: number, cssHeight: number, pixels = SNAP_PIXELS) {
  return { toleranceX: cssWidth > 0 ? (pixels / cssWidth) * 100 : 0, toleranceY: cssHeight > 0 ? (pixels / cssHeight) * 100 : 0 };
}

/** The nearest line within the tolerance along one axis: the centre it gives and the guide to show. */
function snapAxis(axis: Axis, centre: number, size: number, others: number[], within: number): { centre: number; guide?: Guide } {
  const candidates: { centre: number; guide: Guide }[] = [
    { centre: 50, guide: { axis, at: 50, kind: 'centre' } },
    { centre: size / 2, guide: { axis, at: 0, kind: 'edge' } },
    { centre: 100 - size / 2, guide: { axis, at: 100, kind: 'edge' } },
    ...others.map((o) => ({ centre: o, guide: { axis, at: o, kind: 'element' as const } })),
  ];
  let best: (typeof candidates)[number] | undefined;
  for (const c of candidates) {
    const distance = Math.abs(c.centre - centre);
    if (distance <= within && (!best || distance < Math.abs(best.centre - centre))) best = c;
  }
  return best ?? { centre };
}

/** Where the element goes with snapping, and the guides it snapped to (none when it is free). */
export function snap(input: SnapInput): { x: number; y: number; guides: Guide[] } {
  const sx = snapAxis('x', input.x, input.width, input.others.map((o) => o.x), input.toleranceX);
  const sy = snapAxis('y', input.y, input.height, input.others.map((o) => o.y), input.toleranceY);
  return { x: sx.centre, y: sy.centre, guides: [sx.guide, sy.guide].filter((g): g is Guide => g !== undefined) };
}
