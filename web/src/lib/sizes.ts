// A product's sizes as the merchant writes them (`S`, `3XL`, `2-3Y`, `Free`),
// each with its surcharge, and the quantities keyed by them: a size's key is
// its label in lower case (`3xl`), as the engine keys them. A product without
// sizes of its own has the built-in five (the engine's facts).
import { FACTS } from './engine';
import { rupees } from './money';

/** Garments per size, keyed by the size's label in lower case. */
export type Quantities = Record<string, number>;

/** A size's key in a design's quantities (the engine's `Size::key`). */
export const sizeKey = (label: string): string => label.toLowerCase();

/** The product's sizes in its order: its own, or the built-in five. */
export function sizesOf(product?: { sizes?: string[] } | null): string[] {
  return product?.sizes?.length ? product.sizes : FACTS.sizes;
}

/** The extra paise a piece of `label` costs (`sizePrices` is keyed by the product's labels). */
export function surchargeOf(sizePrices: Record<string, number> | undefined, label: string): number {
  const key = sizeKey(label);
  return Object.entries(sizePrices ?? {}).find(([l]) => sizeKey(l) === key)?.[1] ?? 0;
}

/** A size as pickers list it: `3XL +₹50.00` when it costs more, else its label. */
export function sizeWithSurcharge(label: string, sizePrices: Record<string, number> | undefined): string {
  const extra = surchargeOf(sizePrices, label);
  return extra > 0 ? `${label} +${rupees(extra)}` : label;
}

/** Every size at 0. */
export function noQuantities(sizes: string[]): Quantities {
  return Object.fromEntries(sizes.map((s) => [sizeKey(s), 0]));
}

export function totalOf(q: Quantities): number {
  return Object.values(q).reduce((sum, n) => sum + (n || 0), 0);
}

/**
 * The sizes of some quantities as labels, in the product's order (the
 * built-in order when it is not known), then any others as keyed.
 */
export function orderedSizes(q: Quantities, sizes: string[] = FACTS.sizes): { label: string; key: string; count: number }[] {
  const known = sizes.map((label) => ({ label, key: sizeKey(label) })).filter(({ key }) => key in q);
  const others = Object.keys(q)
    .filter((key) => !known.some((k) => k.key === key))
    .map((key) => ({ label: key.toUpperCase(), key }));
  return [...known, ...others].map((s) => ({ ...s, count: q[s.key] ?? 0 }));
}

/** Every one of the product's sizes with its count, then any other size the quantities hold pieces of (a size since dropped). */
export function countsBySize(q: Quantities, sizes: string[]): { label: string; key: string; count: number }[] {
  const keys = new Set(sizes.map(sizeKey));
  const own = sizes.map((label) => ({ label, key: sizeKey(label), count: q[sizeKey(label)] ?? 0 }));
  return [...own, ...orderedSizes(q, sizes).filter((s) => !keys.has(s.key) && s.count > 0)];
}

/** A line's sizes to edit: the product's, then any other its quantities hold (to take to 0). */
export function lineSizes(q: Quantities, sizes: string[]): string[] {
  return countsBySize(q, sizes).map((s) => s.label);
}

/** 'M 3, L 2': the sizes that hold items. */
export function sizesText(q: Quantities, sizes?: string[]): string {
  return orderedSizes(q, sizes)
    .filter((s) => s.count > 0)
    .map((s) => `${s.label} ${s.count}`)
    .join(', ');
}
