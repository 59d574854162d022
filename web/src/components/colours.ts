// Swatch colours for chips before the engine is loaded. The names and values
// are the engine's colour map (catalogue.rs); this is display only.
const SWATCH: Record<string, string> = {
  white: '#FFFFFF',
  black: '#000000',
  blue: '#3B82F6',
  red: '#EF4444',
  grey: '#6B7280',
  skyblue: '#87CEEB',
  navyblue: '#000080',
};

export function colourSwatch(name: string): string {
  return SWATCH[name.toLowerCase()] ?? name;
}
