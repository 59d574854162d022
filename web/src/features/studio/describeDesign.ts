// The design in words, for screen readers (beside the 2D and 3D views) and for
// the keyboard handles' names: what each print area holds, where and how big.
import type { AreaKey, AreaSpec, Design } from '../../lib/engine';
import type { T } from '../../lib/i18n';
import { areaLabel, contentOf, type AreaContent as Area } from '../../lib/printAreas';

const at = (t: T, p: { x: number; y: number }) => t('studio.describeAt', { x: String(Math.round(p.x)), y: String(Math.round(p.y)) });

export function describeText(t: T, text: NonNullable<Area['text']>): string {
  return t('studio.describeText', { text: text.text, font: text.font, size: String(text.size), color: text.color, at: at(t, text.position) });
}

export function describeImage(t: T, i: NonNullable<Area['image']>): string {
  return t('studio.describeImage', {
    name: i.name || t('studio.describeUnnamed'),
    width: String(i.size.width),
    height: String(i.size.height),
    at: at(t, i.position),
    embroidered: i.useEmbroidery ? 'yes' : 'no',
  });
}

/** A name's or number's style: each piece prints its own (the roster's row). */
export function describePersonal(t: T, field: 'name' | 'number', s: NonNullable<Area['name']>): string {
  return t('studio.describePersonal', { field, font: s.font, height: String(s.height), color: s.color, at: at(t, s.position) });
}

export function describeArea(t: T, design: Design, area: AreaKey, areas: AreaSpec[]): string {
  const { text, image, name, number } = contentOf(design, area);
  const parts = [image && describeImage(t, image), text && describeText(t, text), name && describePersonal(t, 'name', name), number && describePersonal(t, 'number', number)].filter(Boolean);
  return t('studio.describeArea', { area: areaLabel(areas, area), parts: parts.length ? parts.join('; ') : t('studio.describeEmpty') });
}

/** The design on the product's areas, in its order. */
export function describeDesign(t: T, design: Design, areas: AreaSpec[]): string {
  return t('studio.describeDesign', { color: design.color, areas: areas.map((a) => describeArea(t, design, a.key, areas)).join(' ') });
}
