// The engine's built-in catalogue as the store's products, for when the server
// cannot be reached (mock mode): the same five garments the server seeds, with
// the same picture addresses, so pictures the browser already holds (kept by
// the service worker, public/sw.js) still show on the home page and in the studio.
import { builtinCatalogue, DEFAULT_PERSONALISATION_CHARGES, FACTS, type CatalogueProduct } from '../lib/engine';
import type { components } from '../lib/schema';
import { storeSwatches } from '../components/colors';

type Product = components['schemas']['ProductDto'];

export interface ProductQuery {
  category?: string;
  search?: string;
  brand?: string;
  isFeatured?: boolean;
  limit?: number;
}

/**
 * Where the server serves a built-in garment's picture (`/api/catalogue/...`,
 * from assets/catalogue/pictures, as its seeded products' colorImages say).
 */
export function cataloguePicture(slug: string, color: string, side: 'front' | 'back'): string {
  return `/api/catalogue/${slug}/${color}-${side}.png`;
}

export function fromCatalogue(p: CatalogueProduct): Product {
  const { slug, ...rest } = p;
  return {
    ...rest,
    isFeatured: p.isFeatured ?? true,
    stock: p.stock ?? 0,
    modelMetadata: [],
    colorImages: p.colors.map((color) => ({
      color,
      frontImage: { url: cataloguePicture(slug, color, 'front') },
      backImage: { url: cataloguePicture(slug, color, 'back') },
    })),
    images: [],
    createdAt: 0,
    updatedAt: 0,
    // The server seeds the built-in garments with the engine's default tiers.
    priceTiers: FACTS.defaultPriceTiers,
    customPriceTiers: false,
    personalisationCharges: DEFAULT_PERSONALISATION_CHARGES,
    countryOfOrigin: FACTS.defaultCountryOfOrigin,
    // The built-in garments: no surcharges, the store's swatches.
    sizePrices: {},
    colorHex: storeSwatches(p.colors),
  };
}

/** The products a query asks for, filtered as the server's GET /products filters them. */
export function matching(products: Product[], query: ProductQuery): Product[] {
  const has = (value: string, wanted?: string) => !wanted || value.toLowerCase() === wanted.toLowerCase();
  const search = query.search?.trim().toLowerCase();
  const found = products.filter(
    (p) =>
      has(p.category, query.category) &&
      has(p.brand, query.brand) &&
      (query.isFeatured === undefined || p.isFeatured === query.isFeatured) &&
      (!search || p.name.toLowerCase().includes(search) || p.description.toLowerCase().includes(search)),
  );
  return query.limit ? found.slice(0, query.limit) : found;
}

export async function builtinProducts(query: ProductQuery = {}): Promise<Product[]> {
  return matching((await builtinCatalogue()).map(fromCatalogue), query);
}
