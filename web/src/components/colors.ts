// Swatch colours: the product's own (`colorHex`, every colour it sells), else
// the store's for the colours the engine knows, from its facts (written at
// build time), so pages show them without loading the engine.
import { FACTS } from '../lib/engine';

const SWATCH = new Map(FACTS.colors.map((c) => [c.name, c.hex]));

export function colorSwatch(name: string, colorHex?: Record<string, string>): string {
  const key = name.toLowerCase();
  return colorHex?.[key] ?? colorHex?.[name] ?? SWATCH.get(key) ?? name;
}
