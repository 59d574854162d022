// The design in words, for screen readers (beside the 2D and 3D views) and for
// the keyboard handles' names: what each print area holds, where and how big.
import type { AreaKey, AreaSpec, Design } from '../../lib/engine';
import { areaLabel, contentOf, type AreaContent as Area } from '../../lib/printAreas';

const at = (p: { x: number; y: number }) => `${Math.round(p.x)}% across, ${Math.round(p.y)}% down`;

export function describeText(t: NonNullable<Area['text']>): string {
  return `text “${t.text}” in ${t.font} size ${t.size}, colour ${t.color}, centred ${at(t.position)}`;
}

export function describeImage(i: NonNullable<Area['image']>): string {
  return `image ${i.name || 'without a name'}, ${i.size.width}% wide and ${i.size.height}% high, centred ${at(i.position)}${i.useEmbroidery ? ', embroidered' : ''}`;
}

/** A name's or number's style: each piece prints its own (the roster's row). */
export function describePersonal(field: 'name' | 'number', s: NonNullable<Area['name']>): string {
  return `each piece's ${field} in ${s.font}, ${s.height}% of the area high, colour ${s.color}, centred ${at(s.position)}`;
}

export function describeArea(design: Design, area: AreaKey, areas: AreaSpec[]): string {
  const { text, image, name, number } = contentOf(design, area);
  const parts = [image && describeImage(image), text && describeText(text), name && describePersonal('name', name), number && describePersonal('number', number)].filter(Boolean);
  return `${areaLabel(areas, area)}: ${parts.length ? parts.join('; ') : 'empty'}.`;
}

/** The design on the product's areas, in its order. */
export function describeDesign(design: Design, areas: AreaSpec[]): string {
  return `${design.color} garment. ${areas.map((a) => describeArea(design, a.key, areas)).join(' ')}`;
}
