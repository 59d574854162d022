// The only module that imports the design engine (Rust compiled to
// WebAssembly). It is loaded on demand, so pages that do not design anything
// never download the .wasm. Every studio rule, price and clamp comes from here.
// The engine is two modules: the core (rules, prices, drawing) and the text
// module with the fonts (shaping and glyph outlines), fetched once
// the core has arrived so they never share a slow connection with it; a
// studio waits for the second only when its design holds text.
// Its types are generated from the engine's Rust types (tsify); none is retyped here.
import type {
  AreaSpec,
  Design,
  ElementBox,
  ElementKind,
  Facts,
  Font,
  Garment,
  ImageQuality,
  LineQuote,
  OrderQuote,
  PersonalisationCharges,
  PersonalField,
  PersonalStyle,
  PriceTier,
  PrintArea,
  Product,
  ProductPricing,
  Raster,
  RosterParse,
  RosterRow,
  RosterRowInput,
  RowError,
  Side,
  Size,
  Studio,
  TierPrice,
} from 'design-engine';
import { FACTS } from './facts.gen';
import { engineErrorNow } from './engineMessages';

export type { AreaSpec, Design, ElementBox, ElementKind, Facts, Font, Garment, ImageQuality, LineQuote, OrderQuote, PersonalisationCharges, PersonalField, PersonalStyle, PriceTier, ProductPricing, Raster, RosterParse, RosterRow, RosterRowInput, RowError, Side, Size, Studio, TierPrice };
/** A print area's key as the product names it (`leftChest`, `back`, `leftSleeve`). */
export type AreaKey = PrintArea;
export type CatalogueProduct = Product;
/** The engine's facts, written at build time (`just gen`): no wasm needed to read them. */
export { FACTS } from './facts.gen';

type EngineModule = typeof import('design-engine');

// The font files the server compiles in, served to the browser as assets (their names content-hashed). Only the
// URLs are bundled: a file is fetched when the text module first needs it.
const fontUrls = import.meta.glob('../../../design-engine/fonts/*.ttf', {
  query: '?url',
  import: 'default',
  eager: true,
}) as Record<string, string>;
const fontUrlOf = new Map(Object.entries(fontUrls).map(([path, url]) => [path.slice(path.lastIndexOf('/') + 1), url]));

let modulePromise: Promise<EngineModule> | null = null;
let textPromise: Promise<void> | null = null;
/** The font files in the text module (or on their way). */
const loadedFonts = new Map<string, Promise<void>>();

/** The engine module once it has loaded, for the few synchronous questions a page asks of it. */
let loadedModule: EngineModule | null = null;

/** The engine module, loaded once. */
export function loadEngine(): Promise<EngineModule> {
  modulePromise ??= import('design-engine').then((m) => (loadedModule = m));
  return modulePromise;
}

async function fetchFont(file: string): Promise<Uint8Array> {
  const url = fontUrlOf.get(file);
  if (!url) throw new Error(`Font ${file}: not bundled`);
  const res = await fetch(url);
  if (!res.ok) throw new Error(`Font ${url}: ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

/**
 * The text module with the Latin fonts of the specification's six, handed to the core once: what the first
 * render of a text needs. India's scripts and the display faces load when a design uses them (`loadFontsFor`).
 */
export function loadTextEngine(): Promise<void> {
  textPromise ??= Promise.all([loadEngine(), import('design-engine/design_text.js'), Promise.all(FACTS.firstFontFiles.map(fetchFont))])
    .then(([engine, text, fonts]) => {
      fonts.forEach((bytes, i) => {
        text.loadFont(bytes);
        loadedFonts.set(FACTS.firstFontFiles[i], Promise.resolve());
      });
      engine.useTextEngine(text);
    })
    .catch((e) => {
      textPromise = null;
      throw e;
    });
  return textPromise;
}

/** A text as a font draws it: what decides which font files it needs. */
export interface FontUse {
  font: Font;
  text: string;
}

/** What the texts, names and numbers of a design are set in. */
export function fontUsesOf(design: Design): FontUse[] {
  const names = (design.roster ?? []).map((row) => row.name ?? '').join(' ');
  return Object.values(design.areas).flatMap((area) => [
    ...(area.text ? [{ font: area.text.font, text: area.text.text }] : []),
    ...(area.name ? [{ font: area.name.font, text: names }] : []),
    ...(area.number ? [{ font: area.number.font, text: '' }] : []),
  ]);
}

/**
 * Loads into the studio the font files these texts need that are not loaded yet (the engine names them: each
 * font's own file, and the script fallbacks its text needs); true when it loaded any, so the studio redraws.
 */
export async function loadFontsFor(studio: Studio, uses: FontUse[]): Promise<boolean> {
  if (uses.length === 0) return false;
  await loadTextEngine();
  const engine = await loadEngine();
  const files = [...new Set(uses.flatMap((u) => engine.fontFilesFor(u.font, u.text)))].filter((f) => !loadedFonts.has(f));
  if (files.length === 0) return false;
  await Promise.all(
    files.map((file) => {
      const loading = fetchFont(file).then((bytes) => {
        // Through the studio: its own caches of drawn texts are cleared too.
        studio.loadFont(bytes);
      });
      loadedFonts.set(file, loading);
      return loading.catch((e) => {
        loadedFonts.delete(file);
        throw e;
      });
    }),
  );
  return true;
}

// Names and numbers are drawn with the same text module as texts.
const holdsText = (studio: Studio) => Object.values(studio.design().areas).some((area) => area.text || area.name || area.number);

/** Puts a studio on its product's garment; frees it when the engine refuses the garment. */
function withGarment(studio: Studio, garment: Garment | undefined): Studio {
  if (!garment) return studio;
  try {
    studio.setGarment(garment);
  } catch (e) {
    studio.free();
    throw e;
  }
  return studio;
}

/**
 * A studio for a product and colour (or restored from a saved document), on
 * the product's garment (its areas, sizes, surcharges and colours; the
 * built-in garment's without one). It waits for the text module only when its
 * design already holds text (see `loadTextEngine` before adding one).
 */
export async function createStudio(productId: string, color: string, savedJson?: string | null, garment?: Garment): Promise<Studio> {
  const engine = await loadEngine();
  let studio: Studio;
  try {
    studio = savedJson ? engine.Studio.fromJson(savedJson) : new engine.Studio(productId, color);
  } catch {
    studio = new engine.Studio(productId, color);
  }
  withGarment(studio, garment);
  // Without text, the text module is not fetched yet: compiling it and its fonts would share the CPU with the
  // first render. The studio asks for it once it has opened (useStudio), well before a shopper can add a text.
  if (holdsText(studio)) await loadFontsFor(studio, fontUsesOf(studio.design()));
  return studio;
}

export async function builtinCatalogue(): Promise<CatalogueProduct[]> {
  return (await loadEngine()).catalogue();
}

/**
 * How many letters the engine counts in a text against its limits (as people see them: "कि" is one), for pages
 * that have loaded it (a studio).
 */
export function letterCount(text: string): number {
  if (!loadedModule) throw new Error('The design engine is not loaded');
  return loadedModule.letterCount(text);
}

/** The engine's check of a chosen file (type, 5 MB); throws with the spec's message. */
export async function checkUpload(mime: string, bytes: number): Promise<void> {
  (await loadEngine()).checkUpload(mime, bytes);
}

/** Removes the background connected to the picture's border (PNG out). */
export async function removeBackground(bytes: Uint8Array, mime: string, tolerance = 32): Promise<Uint8Array> {
  return (await loadEngine()).removeBackground(bytes, mime, tolerance);
}

/** The order breakdown of several lines at the store's gateway fee (basis points, from `useStoreFacts`). */
export async function quoteOrder(lines: LineQuote[], feeBps: number): Promise<OrderQuote> {
  return (await loadEngine()).quoteOrder(lines, feeBps);
}

/**
 * What the engine prices a product's lines with: its price in paise and its
 * quantity tiers (the engine's defaults when it names none: a built-in
 * garment, or a line kept in this browser before tiers existed).
 */
/** The engine's charges for a printed name and number, for a product the server has not priced. */
export const DEFAULT_PERSONALISATION_CHARGES: PersonalisationCharges = {
  name: FACTS.nameChargeDefault,
  number: FACTS.numberChargeDefault,
};

export function pricingOf(product: {
  price: number;
  priceTiers?: PriceTier[];
  personalisationCharges?: PersonalisationCharges;
  /** Extra paise a piece by size label (`{"3XL": 5000}`). */
  sizePrices?: Record<string, number>;
}): ProductPricing {
  return {
    unitPrice: product.price,
    tiers: product.priceTiers ?? FACTS.defaultPriceTiers,
    personalisation: product.personalisationCharges ?? DEFAULT_PERSONALISATION_CHARGES,
    ...(product.sizePrices ? { sizePrices: product.sizePrices } : {}),
  };
}

/** Every tier of a product with its price per piece, as the engine works them out. */
export async function tierPrices(pricing: ProductPricing): Promise<TierPrice[]> {
  return (await loadEngine()).tierPrices(pricing);
}

/** The price of a design document at a product's pricing: a cart line kept in this browser (lib/localCart). */
export async function quoteDesign(design: Design, pricing: ProductPricing): Promise<LineQuote> {
  const studio = (await loadEngine()).Studio.fromJson(JSON.stringify(design));
  try {
    return studio.quote(pricing);
  } finally {
    studio.free();
  }
}

/** The engine's preflight warnings of a design document (an image below 150 DPI at its printed size), as the server lists them. */
export async function printWarningsOf(design: Design): Promise<string[]> {
  return (await loadEngine()).printWarnings(design);
}

/** A buyer's GSTIN as the engine (and so the server) judges it. */
export interface GstinCheck {
  /** Why it would be refused, in the server's words; null when fine or blank. */
  error: string | null;
  /** Where a valid GSTIN is registered, e.g. 'Maharashtra (27)'. */
  registeredIn?: string;
}

/** The engine's GSTIN check, synchronous once the engine is loaded. */
export async function gstinChecker(): Promise<(gstin: string, billingState: string) => GstinCheck> {
  const engine = await loadEngine();
  return (gstin, billingState) => {
    try {
      engine.checkGstin(gstin, billingState);
      return { error: null, registeredIn: gstin.trim() ? engine.gstinState(gstin) : undefined };
    } catch (e) {
      return { error: engineMessage(e), registeredIn: engine.gstinState(gstin) };
    }
  };
}

/** The engine's roster readers, synchronous once the engine is loaded: a pasted list read line by line, typed rows checked. */
export interface RosterReader {
  parse: (text: string) => RosterParse;
  check: (rows: RosterRowInput[]) => RowError[];
}

/** The readers for a product's sizes (the built-in sizes without them). */
export async function rosterReader(sizes?: Size[]): Promise<RosterReader> {
  const engine = await loadEngine();
  return { parse: (text) => engine.parseRoster(text, sizes), check: (rows) => engine.checkRosterRows(rows, sizes) };
}

/** A studio opened on a saved document (a cart line's design) and its product's garment, for editing its roster outside the studio. */
export async function studioFromDesign(design: Design, garment?: Garment): Promise<Studio> {
  return withGarment((await loadEngine()).Studio.fromJson(JSON.stringify(design)), garment);
}

/** The engine's messages arrive as Error objects with a `code`: the code's text in the language chosen now (engineMessages.ts). */
export function engineMessage(e: unknown): string {
  return engineErrorNow(e);
}
