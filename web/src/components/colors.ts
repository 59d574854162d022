// Swatch colours for the garment colours the engine knows, from its facts
// (written at build time), so pages show them without loading the engine.
import { FACTS } from '../lib/engine';

const SWATCH = new Map(FACTS.colors.map((c) => [c.name, c.hex]));

export function colorSwatch(name: string): string {
  return SWATCH.get(name.toLowerCase()) ?? name;
}
