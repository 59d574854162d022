// The product form's garment: its print areas, sizes with surcharges and
// size-chart numbers, the size chart's unit and measurements, and the swatches
// of colours the store does not know, as typed, and as the API takes them. The server's engine checks every field and its message shows in the
// form; only numbers that cannot be read are named here.
import type { ColorEntry, GarmentInput, ProductInput } from '../../../api/adminProducts';
import type { Product } from '../../../api/products';
import { FACTS } from '../../../lib/facts.gen';
import { parseRupees } from '../../../lib/money';
import type { components } from '../../../lib/schema';

type PrintAreaDto = components['schemas']['PrintAreaDto'];
export type AreaBox = components['schemas']['AreaBoxDto'];
export type Side = 'front' | 'back';

/** One print area as the editor holds it: inches as typed, the box in percent of its side's picture. */
export interface AreaRow {
  key: string;
  label: string;
  width: string;
  height: string;
  side: Side;
  box: AreaBox;
}

/**
 * One size: its label, its surcharge in rupees as typed (empty: none) and its
 * size-chart numbers as typed, one per measurement (kept with the size, so
 * they follow it when it is moved or renamed; missing ones are empty).
 */
export interface SizeRow {
  label: string;
  surcharge: string;
  cells: string[];
}

export type ChartUnit = 'in' | 'cm';

/** The size chart's head; no measurements: the product has no chart. */
export interface ChartHead {
  unit: ChartUnit;
  measurements: string[];
}

export interface GarmentRows {
  areas: AreaRow[];
  sizes: SizeRow[];
  chart: ChartHead;
  /** Swatches by colour name (lower case), for colours not in FACTS.colors. */
  hexes: Record<string, string>;
}

/** A colour's name as the server keeps it. */
export const colorKey = (name: string) => name.trim().toLowerCase();

const KNOWN_COLORS = new Set(FACTS.colors.map((c) => c.name));
/** Whether a colour needs its own swatch: named, and not one of the store's. */
export const needsSwatch = (name: string) => colorKey(name) !== '' && !KNOWN_COLORS.has(colorKey(name));
/** What a new colour's picker shows first. */
export const DEFAULT_SWATCH = '#808080';

/** A new size, with no surcharge and no chart numbers yet. */
export const newSize = (): SizeRow => ({ label: '', surcharge: '', cells: [] });

/** A size's name in messages and labels: its label, or its place while it has none. */
export const sizeName = (row: SizeRow, i: number) => row.label.trim() || `size ${i + 1}`;
/** A measurement's name in labels: its name, or its place while it has none. */
export const measurementName = (name: string, j: number) => name.trim() || `measurement ${j + 1}`;

/** A new area: centred on the front, until the admin places it. */
export const newArea = (): AreaRow => ({ key: '', label: '', width: '', height: '', side: 'front', box: { x: 40, y: 35, w: 20, h: 20 } });

/** The editor's rows for a product (or a new one: the built-in areas and sizes). */
export function garmentRows(p?: Product): GarmentRows {
  const areas = p?.printAreas?.length ? p.printAreas : FACTS.printAreas;
  const prices = p?.sizePrices ?? {};
  const chart = p?.sizeChart;
  return {
    areas: areas.map((a) => ({
      key: a.key,
      label: a.label,
      width: String(a.widthInches),
      height: String(a.heightInches),
      side: a.side === 'back' ? 'back' : 'front',
      box: { ...a.box },
    })),
    sizes: (p?.sizes.length ? p.sizes : FACTS.sizes).map((label) => ({
      label,
      surcharge: prices[label] ? String(prices[label] / 100) : '',
      cells: (chart?.rows[label] ?? []).map(String),
    })),
    chart: { unit: chart?.unit === 'cm' ? 'cm' : 'in', measurements: [...(chart?.measurements ?? [])] },
    // The colour picker's value is lower case (the server keeps upper case).
    hexes: Object.fromEntries(Object.entries(p?.colorHex ?? {}).map(([name, hex]) => [colorKey(name), hex.toLowerCase()])),
  };
}

/** The first colour's pictures by side (the studio places the areas on them), if it has them. */
export function firstColorPictures(colors: ColorEntry[]): Partial<Record<Side, { url: string; alt: string }>> {
  const first = colors.at(0);
  const picture = (side: Side, url: string | undefined) => (url ? { [side]: { url, alt: `${side === 'front' ? 'Front' : 'Back'} of the ${first?.name || 'first'} colour` } } : {});
  return { ...picture('front', first?.existingImages?.frontImage?.url), ...picture('back', first?.existingImages?.backImage?.url) };
}

/** What the form sends of the garment (useSaveProduct spreads it into the product body). */
export type GarmentBody = GarmentInput & Pick<ProductInput, 'sizeChart'>;
type SizeChartDto = components['schemas']['SizeChartDto'];

/**
 * The chart to send, or the cell that cannot be read as a number. No
 * measurements: the empty chart, which removes the product's.
 */
function sizeChartBody({ chart, sizes }: Pick<GarmentRows, 'chart' | 'sizes'>): SizeChartDto | string {
  const { unit, measurements } = chart;
  if (measurements.length === 0) return { unit, measurements: [], rows: {} };
  const rows: Record<string, number[]> = {};
  for (const [i, s] of sizes.entries()) {
    const numbers: number[] = [];
    for (const [j, m] of measurements.entries()) {
      const typed = (s.cells[j] ?? '').trim();
      const value = typed === '' ? Number.NaN : Number(typed);
      if (!Number.isFinite(value)) return `Size chart: enter ${sizeName(s, i)} ${measurementName(m, j)} as a number, e.g. 40.5`;
      numbers.push(value);
    }
    rows[s.label.trim()] = numbers;
  }
  return { unit, measurements: measurements.map((m) => m.trim()), rows };
}

/** The fields to send, or what cannot be read. `colors`: the form's colour names. */
export function garmentBody(rows: GarmentRows, colors: string[]): GarmentBody | string {
  const printAreas: PrintAreaDto[] = [];
  for (const [i, a] of rows.areas.entries()) {
    const inches = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim()));
    const widthInches = inches(a.width);
    const heightInches = inches(a.height);
    if (!Number.isFinite(widthInches)) return `Print area ${i + 1}: enter the width in inches, e.g. 3.5`;
    if (!Number.isFinite(heightInches)) return `Print area ${i + 1}: enter the height in inches, e.g. 4`;
    printAreas.push({ key: a.key.trim(), label: a.label.trim(), widthInches, heightInches, side: a.side, box: a.box });
  }
  const sizes = rows.sizes.map((s) => s.label.trim());
  const sizePrices: Record<string, number> = {};
  for (const [i, s] of rows.sizes.entries()) {
    const typed = s.surcharge.trim();
    if (typed === '') continue;
    const paise = parseRupees(typed);
    if (paise === null) return `Size ${sizes[i] || i + 1}: enter the surcharge in rupees, e.g. 50 or 75.50`;
    sizePrices[sizes[i]] = paise;
  }
  const colorHex = Object.fromEntries(colors.filter(needsSwatch).map((name) => [colorKey(name), rows.hexes[colorKey(name)] ?? DEFAULT_SWATCH]));
  const sizeChart = sizeChartBody(rows);
  if (typeof sizeChart === 'string') return sizeChart;
  return { printAreas, sizes, sizePrices, colorHex, sizeChart };
}
