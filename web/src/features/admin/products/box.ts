// Moving and resizing a print area's box on its picture, in percent: the box
// stays inside the picture and at least MIN_SIDE wide and high, and its numbers
// keep two decimals (what the numeric fields show).
import type { AreaBox } from './garment';

export const MIN_SIDE = 1;
/** The catalogue's pictures are 600 × 720 (lib/printAreas's PICTURE_ASPECT; not imported: that module is being redone for issue 48). */
const PICTURE_ASPECT = 600 / 720;
/** A corner the admin drags to resize: n(orth)/s(outh), w(est)/e(ast). */
export type Corner = 'nw' | 'ne' | 'sw' | 'se';
export const CORNERS: Corner[] = ['nw', 'ne', 'sw', 'se'];

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const round = (v: number) => Math.round(v * 100) / 100;
const rounded = (b: AreaBox): AreaBox => ({ x: round(b.x), y: round(b.y), w: round(b.w), h: round(b.h) });

/** The box moved by (dx, dy), kept inside the picture. */
export function moveBox(b: AreaBox, dx: number, dy: number): AreaBox {
  return rounded({ ...b, x: clamp(b.x + dx, 0, 100 - b.w), y: clamp(b.y + dy, 0, 100 - b.h) });
}

/** The box with one corner dragged by (dx, dy); the opposite corner stays. */
export function resizeBox(b: AreaBox, corner: Corner, dx: number, dy: number): AreaBox {
  const right = b.x + b.w;
  const bottom = b.y + b.h;
  const x = corner.endsWith('w') ? clamp(b.x + dx, 0, right - MIN_SIDE) : b.x;
  const y = corner.startsWith('n') ? clamp(b.y + dy, 0, bottom - MIN_SIDE) : b.y;
  const w = corner.endsWith('w') ? right - x : clamp(b.w + dx, MIN_SIDE, 100 - b.x);
  const h = corner.startsWith('n') ? bottom - y : clamp(b.h + dy, MIN_SIDE, 100 - b.y);
  return rounded({ x, y, w, h });
}

/** A typed number for one of the box's fields, kept inside the picture; null when it is not a number. */
export function setBoxField(b: AreaBox, field: keyof AreaBox, value: number): AreaBox | null {
  if (!Number.isFinite(value)) return null;
  if (field === 'x') return rounded({ ...b, x: clamp(value, 0, 100 - b.w) });
  if (field === 'y') return rounded({ ...b, y: clamp(value, 0, 100 - b.h) });
  if (field === 'w') return rounded({ ...b, w: clamp(value, MIN_SIDE, 100 - b.x) });
  return rounded({ ...b, h: clamp(value, MIN_SIDE, 100 - b.y) });
}

/**
 * The box's height for the area's proportions: the picture is taller than wide,
 * so a square area takes fewer percent of the height than of the width.
 */
export function fitToInches(b: AreaBox, widthInches: number, heightInches: number): AreaBox {
  const h = b.w * (heightInches / widthInches) * PICTURE_ASPECT;
  return rounded({ ...b, h: clamp(h, MIN_SIDE, 100 - b.y) });
}

/** Arrow keys: move by 1%, or with Shift resize (right and down grow); null for other keys. */
export function keyedBox(b: AreaBox, key: string, shift: boolean): AreaBox | null {
  const step = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[key];
  if (!step) return null;
  return shift ? resizeBox(b, 'se', step[0], step[1]) : moveBox(b, step[0], step[1]);
}
