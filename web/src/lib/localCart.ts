// The cart kept in this browser while the server cannot be reached (the
// specification's mock mode, done honestly): each line is the studio's design
// document and the unit price the shopper was shown, kept in IndexedDB. Its
// figures are the engine's (the same quote the server runs), at the store's
// last known fee policy, so they are the ones the server will charge. When the
// shopper signs in with the server back, the lines go to the server cart
// (lib/mergeLocalCart) and leave this store only once it took them.
import { createStore, del, set, values, type UseStore } from 'idb-keyval';
import { pricingOf, printWarningsOf, quoteDesign, quoteOrder, type Design, type LineQuote, type OrderQuote, type PriceTier, type ProductPricing } from './engine';

export interface LocalLine {
  id: string;
  design: Design;
  /** The product's name, for the cart page and the merge notice. */
  name: string;
  /** The product's price per piece before its quantity tiers, in paise, as the shopper was shown it. */
  unitPrice: number;
  /** The product's tiers as shown (none on lines kept before tiers: the engine's defaults). With
   * `unitPrice`, the price per piece sent with the line: the server refuses it if it changed. */
  priceTiers?: PriceTier[];
  /** The product's surcharges by size label, as shown (none on lines kept before sizes had them). */
  sizePrices?: Record<string, number>;
  /** The product's sizes in its order and its swatches, to list the line as the product does. */
  sizes?: string[];
  colorHex?: Record<string, string>;
  addedAt: number;
}

let db: UseStore | null = null;
/** Opened on first use (IndexedDB may be missing: then the local cart cannot be kept). */
function store(): UseStore {
  if (typeof indexedDB === 'undefined') throw new Error('This browser cannot keep a cart while offline.');
  db ??= createStore('store-offline-cart', 'lines');
  return db;
}

/** The lines, oldest first. */
export async function localLines(): Promise<LocalLine[]> {
  const all = await values<LocalLine>(store());
  return all.sort((a, b) => a.addedAt - b.addedAt);
}

export async function addLocalLine(line: Omit<LocalLine, 'id' | 'addedAt'>): Promise<LocalLine> {
  // After every line already kept, even when added within the same millisecond.
  const latest = Math.max(0, ...(await localLines()).map((l) => l.addedAt));
  const kept: LocalLine = { ...line, id: crypto.randomUUID(), addedAt: Math.max(Date.now(), latest + 1) };
  await set(kept.id, kept, store());
  return kept;
}

export async function removeLocalLine(id: string): Promise<void> {
  await del(id, store());
}

/** The pricing the shopper was shown for a line: the product's price, tiers and size surcharges then. */
export function linePricing(line: LocalLine): ProductPricing {
  return pricingOf({ price: line.unitPrice, priceTiers: line.priceTiers, sizePrices: line.sizePrices });
}

/** How many garments a line holds. */
export function garmentsOf(line: LocalLine): number {
  return Object.values(line.design.quantities).reduce((sum, n) => sum + n, 0);
}

export interface LocalCartQuote {
  /** Each line's quote, in the order of the lines. */
  lines: LineQuote[];
  /** Each line's preflight warnings (a low-resolution image), as the server would list them. */
  printWarnings: string[][];
  order: OrderQuote;
}

/** The engine's prices of the lines and of the order, at the fee in basis points. */
export async function priceLocalCart(lines: LocalLine[], feeBps: number): Promise<LocalCartQuote> {
  const quotes = await Promise.all(lines.map((l) => quoteDesign(l.design, linePricing(l))));
  const printWarnings = await Promise.all(lines.map((l) => printWarningsOf(l.design)));
  return { lines: quotes, printWarnings, order: await quoteOrder(quotes, feeBps) };
}
