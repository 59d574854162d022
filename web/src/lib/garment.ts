// What the engine needs of a product to check, price and draw its designs
// (`Studio.setGarment`): its colours with their swatches, its sizes with their
// surcharges and its print areas, as the API sends them.
import type { Garment } from './engine';
import { areasOf } from './printAreas';
import { sizesOf } from './sizes';
import type { components } from './schema';

type ProductDto = components['schemas']['ProductDto'];

export function garmentOf(product: Pick<ProductDto, 'colors' | 'sizes'> & Partial<Pick<ProductDto, 'colorHex' | 'sizePrices' | 'printAreas'>>): Garment {
  return {
    colors: product.colors,
    colorHex: product.colorHex ?? {},
    sizes: sizesOf(product),
    sizePrices: product.sizePrices ?? {},
    printAreas: areasOf(product),
  };
}
