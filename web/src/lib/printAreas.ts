// A product's print areas and where each sits on its side's garment picture
// (600 × 720). The product says both (`printAreas`: key, label, inches, side,
// and its box in percent of the picture); a product without them has the
// built-in two (the engine's facts).
// The facts from their own module, not through ./engine: the studio's first screen (in the app's main code) reads a
// product's areas without the engine's code.
import { FACTS } from './facts.gen';
import type { AreaKey, AreaSpec, Design, Side } from './engine';
import type { components } from './schema';

type PrintAreaDto = components['schemas']['PrintAreaDto'];

const PICTURE_ASPECT = 600 / 720;

/** An area as the API sends it, with its side as the engine names sides. */
export function areaSpec(a: PrintAreaDto | AreaSpec): AreaSpec {
  return { ...a, side: a.side === 'back' ? 'back' : 'front' };
}

/** The product's print areas in its order: its own, or the built-in two. */
export function areasOf(product?: { printAreas?: (PrintAreaDto | AreaSpec)[] } | null): AreaSpec[] {
  return product?.printAreas?.length ? product.printAreas.map(areaSpec) : FACTS.printAreas;
}

/** What a design holds on one area. */
export type AreaContent = Design['areas'][string];

/** What a design holds on an area: an area the document leaves out is empty. */
export function contentOf(design: Pick<Design, 'areas'>, area: AreaKey): AreaContent {
  return design.areas[area] ?? { text: null, image: null };
}

/** The area's label among `areas` (its key when the product no longer has it). */
export function areaLabel(areas: AreaSpec[], key: AreaKey): string {
  return areas.find((a) => a.key === key)?.label ?? key;
}

/**
 * Where an area is drawn on its side's picture, in percent of the picture:
 * the centre of its box, and the width of the area's print (its inches'
 * proportions) fitted inside the box; the height follows from those
 * proportions, as the engine draws it.
 */
export interface AreaPlace {
  side: Side;
  cx: number;
  cy: number;
  width: number;
}

export function placeOf(area: AreaSpec): AreaPlace {
  const { x, y, w, h } = area.box;
  // The box's height in units of the picture's width, to compare with the area's proportions.
  const boxHeight = h / PICTURE_ASPECT;
  const width = Math.min(w, (boxHeight * area.widthInches) / area.heightInches);
  return { side: area.side, cx: x + w / 2, cy: y + h / 2, width };
}

/** The node of a garment's 3D model where an area's decal sits: its key in snake_case (`leftSleeve` → `left_sleeve`), as the engine names it. */
export function modelNode(key: AreaKey): string {
  return key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}
