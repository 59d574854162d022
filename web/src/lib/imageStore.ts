// Uploaded design pictures, kept in the browser (IndexedDB) by their SHA-256,
// the same key the design document uses. The studio stores each upload here so
// a draft, the cart's thumbnails and a reload never lose a picture.
import { createStore, get, set } from 'idb-keyval';
import type { AreaKey, Studio } from './engine';
import { drawSvg, SVG_MIME } from './svgLogo';

export interface StoredImage {
  bytes: Uint8Array;
  mime: string;
  name: string;
}

const store = typeof indexedDB === 'undefined' ? null : createStore('store-design-images', 'images');

export async function putImage(sha256: string, image: StoredImage): Promise<void> {
  if (store) await set(sha256, image, store);
}

export async function getImage(sha256: string): Promise<StoredImage | undefined> {
  return store ? get<StoredImage>(sha256, store) : undefined;
}

/**
 * Hands the engine the stored pictures a design uses (reopening a draft or
 * drawing a cart line). Returns the areas whose picture this browser lacks.
 */
export async function provideStoredImages(studio: Studio): Promise<AreaKey[]> {
  const doc = studio.design();
  const missing: AreaKey[] = [];
  for (const [area, content] of Object.entries(doc.areas)) {
    const image = content.image;
    if (image && 'clipart' in image) {
      // Clip-art comes from the library, as the server draws it.
      if (!(await provideClipart(studio, image.clipart.id))) missing.push(area);
      continue;
    }
    const asset = image && 'asset' in image ? image.asset : undefined;
    if (!asset) continue;
    const stored = await getImage(asset.sha256);
    if (!stored) missing.push(area);
    // An SVG logo (its sanitised copy): drawn by the browser under the design's record of it.
    else if (stored.mime === SVG_MIME) {
      const drawn = await drawSvg(stored.bytes, asset.width, asset.height).catch(() => null);
      if (drawn) studio.provideSvgLogo(asset.sha256, asset.bytes, asset.width, asset.height, drawn);
      else missing.push(area);
    } else studio.provideImage(stored.bytes, stored.mime);
  }
  return missing;
}

/** Fetches a library clip-art's SVG and hands it to the engine; false when it could not. */
export async function provideClipart(studio: Studio, id: string): Promise<boolean> {
  try {
    const res = await fetch(`/api/clipart/${encodeURIComponent(id)}/svg`);
    if (!res.ok) return false;
    studio.provideClipart(id, await res.text());
    return true;
  } catch {
    return false;
  }
}
