// Where a product and its pictures are, for the app and for route-preload (vite.config.ts), which copies these
// functions' source into the tiny script that asks for the studio's product and picture before the app's code has
// loaded. So each stands alone: no imports, nothing outside its own body.
import type { components } from '../lib/schema';

type PicturedProduct = Pick<components['schemas']['ProductDto'], 'colorImages'>;

/** The front or back picture of a colour, if the product has one. */
export function colorImage(product: PicturedProduct, color: string, side: 'front' | 'back' = 'front'): string | undefined {
  const entry = product.colorImages.find((c) => c.color.toLowerCase() === color.toLowerCase());
  return (side === 'front' ? entry?.frontImage : entry?.backImage)?.url;
}

/** The API path of one product. */
export function productPath(id: string): string {
  return `/api/products/${encodeURIComponent(id)}`;
}
