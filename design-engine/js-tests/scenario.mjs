// Plays tests/fixtures/scenario.json through the compiled WebAssembly package,
// producing the same shape of result as the native tests/support/scenario.rs.
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import * as engine from './engine.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
export const fixtures = (name) => readFileSync(`${root}tests/fixtures/${name}`);
export const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');
/** A catalogue product's pricing: its price at the engine's default quantity tiers. */
export const pricingOf = (product) => ({ unitPrice: product.price, tiers: engine.facts().defaultPriceTiers });
const raster = (r) => ({ width: r.width, height: r.height, sha256: sha256(r.pixels) });

/** A studio with every font loaded from the same files the server bundles. */
/** A built-in product's garment (its colours, sizes and print areas), as the web hands it to `setGarment`. */
export const garmentOf = (product) => ({ colors: product.colors, colorHex: {}, sizes: product.sizes, sizePrices: {}, printAreas: product.printAreas });

/** A studio of a built-in product (its garment set) with every font loaded from the same files the server bundles. */
export function newStudio(productId, color) {
  const studio = new engine.Studio(productId, color);
  const product = engine.catalogue().find((p) => p._id === productId);
  if (product) studio.setGarment(garmentOf(product));
  for (const file of new Set(engine.fontFiles().map((f) => f.file))) {
    studio.loadFont(readFileSync(`${root}fonts/${file}`));
  }
  return studio;
}

export function runScenario() {
  const scenario = JSON.parse(fixtures('scenario.json'));
  const product = engine.catalogue()[scenario.productIndex];
  const studio = newStudio(product._id, scenario.color);
  const backgroundRemovedPng = {};

  for (const t of scenario.texts) {
    studio.setText(t.area, t.text, t.font, t.size, t.color);
    for (const [x, y] of t.moves) studio.moveElement(t.area, 'text', x, y);
  }
  for (const i of scenario.images) {
    let bytes = fixtures(i.file);
    if (i.removeBackground !== undefined) {
      bytes = engine.removeBackground(bytes, i.mime, i.removeBackground);
      backgroundRemovedPng[i.area] = sha256(bytes);
    }
    studio.addImage(i.area, bytes, i.mime, i.file);
    studio.setImageSize(i.area, i.width, i.height);
    studio.setEmbroidery(i.area, i.embroidery);
    for (const [x, y] of i.moves) studio.moveElement(i.area, 'image', x, y);
  }
  let belowMinimumMessage;
  try {
    studio.checkForCart(product);
  } catch (e) {
    belowMinimumMessage = e.message;
  }
  for (const [size, n] of Object.entries(scenario.quantities)) studio.setQuantity(size, n);

  const areas = {};
  for (const area of ['leftChest', 'back']) {
    areas[area] = {
      textDecal: raster(studio.textDecal(area)),
      imageDecal: raster(studio.imageDecal(area)),
      composite: raster(studio.renderArea(area, scenario.renderWidth)),
    };
  }
  return {
    studio,
    product,
    result: {
      design: studio.design(),
      contentHash: studio.contentHash(),
      artworkHash: studio.artworkHash(),
      elementCount: studio.elementCount(),
      needMore: studio.needMore(),
      belowMinimumMessage,
      lineQuote: studio.quote(pricingOf(product)),
      // The scenario is priced at the specification's fee, 2.5% (250 basis points).
      orderQuote: studio.orderQuote(pricingOf(product), 250),
      backgroundRemovedPng,
      areas,
    },
  };
}
