// Where each print area sits on the catalogue's garment pictures (600 × 720),
// in percent of the picture: the centre, and the width (the height follows
// from the area's proportions, which the engine's render gives).
import type { AreaKey } from '../../lib/engine';

export const AREA_ON_PICTURE: Record<AreaKey, { side: 'front' | 'back'; cx: number; cy: number; width: number }> = {
  left_chest: { side: 'front', cx: 63, cy: 34, width: 15 },
  back: { side: 'back', cx: 50, cy: 46, width: 40 },
};

export const AREA_LABELS: Record<AreaKey, string> = { left_chest: 'Left Chest', back: 'Back' };
export const AREA_DOC_KEY: Record<AreaKey, 'leftChest' | 'back'> = { left_chest: 'leftChest', back: 'back' };
export const PICTURE_ASPECT = 600 / 720;
