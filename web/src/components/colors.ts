// Swatch colours: the product's own (`colorHex`, every colour it sells), else
// the store's for the colours the engine knows, from its facts (written at
// build time), so pages show them without loading the engine.
import { FACTS } from '../lib/engine';

const SWATCH = new Map(FACTS.colors.map((c) => [c.name, c.hex]));

/** The store's swatches of the colours it knows among `colors` (a built-in product's `colorHex`). */
export function storeSwatches(colors: string[]): Record<string, string> {
  return Object.fromEntries(colors.filter((c) => SWATCH.has(c)).map((c) => [c, SWATCH.get(c)!]));
}

export function colorSwatch(name: string, colorHex?: Record<string, string>): string {
  const key = name.toLowerCase();
  return colorHex?.[key] ?? colorHex?.[name] ?? SWATCH.get(key) ?? name;
}
