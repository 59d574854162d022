// Where each print area sits on the catalogue's garment pictures (600 × 720),
// in percent of the picture: the centre, and the width (the height follows
// from the area's proportions, which the engine's render gives).
import { FACTS, type AreaKey, type Design } from './engine';

/** The print areas in the engine's order, with their labels and document keys. */
export const AREAS: AreaKey[] = FACTS.printAreas.map((a) => a.key);
export const AREA_LABELS = Object.fromEntries(FACTS.printAreas.map((a) => [a.key, a.label])) as Record<AreaKey, string>;
export const AREA_DOC_KEY = Object.fromEntries(FACTS.printAreas.map((a) => [a.key, a.docKey])) as Record<AreaKey, keyof Design['areas']>;

export const AREA_ON_PICTURE: Record<AreaKey, { side: 'front' | 'back'; cx: number; cy: number; width: number }> = {
  left_chest: { side: 'front', cx: 63, cy: 34, width: 15 },
  back: { side: 'back', cx: 50, cy: 46, width: 40 },
};

export const PICTURE_ASPECT = 600 / 720;
