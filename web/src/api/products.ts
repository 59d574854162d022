// The catalogue: from the server, or, when it cannot be reached, the engine's
// built-in catalogue (mock mode) so that browsing and the studio keep working.
import { useQuery } from '@tanstack/react-query';
import { api, ApiError, unwrap } from '../lib/api';
import { builtinCatalogue } from '../lib/engine';
import { useBackendAvailable } from '../lib/health';
import type { components } from '../lib/schema';

export type Product = components['schemas']['ProductDto'];
export type ColorImage = components['schemas']['ColorImage'];

async function builtinProducts(): Promise<Product[]> {
  return (await builtinCatalogue()).map((p) => ({
    ...p,
    isFeatured: p.isFeatured ?? true,
    stock: 0,
    modelMetadata: [],
    colorImages: [],
    images: [],
    createdAt: 0,
    updatedAt: 0,
  }));
}

export interface ProductQuery {
  category?: string;
  search?: string;
  brand?: string;
  isFeatured?: boolean;
  limit?: number;
}

export function useProducts(query: ProductQuery = {}) {
  const backend = useBackendAvailable();
  return useQuery({
    queryKey: ['products', query, backend],
    enabled: backend !== undefined,
    queryFn: async (): Promise<Product[]> => {
      if (!backend) return builtinProducts();
      return unwrap<Product[]>(await api.GET('/products', { params: { query } }), 'Failed to fetch products');
    },
  });
}

export function useProduct(id: string | null | undefined) {
  const backend = useBackendAvailable();
  return useQuery({
    queryKey: ['product', id, backend],
    enabled: backend !== undefined && !!id,
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
    queryFn: async (): Promise<Product> => {
      if (!backend) {
        const found = (await builtinProducts()).find((p) => p._id === id);
        if (!found) throw new ApiError('Product not found in database.', 404);
        return found;
      }
      return unwrap<Product>(await api.GET('/products/{id}', { params: { path: { id: id! } } }), 'Failed to fetch product from database.');
    },
  });
}

/** The front or back picture of a colour, if the product has one. */
export function colorImage(product: Product, color: string, side: 'front' | 'back' = 'front'): string | undefined {
  const entry = product.colorImages.find((c) => c.color.toLowerCase() === color.toLowerCase());
  return (side === 'front' ? entry?.frontImage : entry?.backImage)?.url;
}

/** The product's 3D model URL for a colour (served by /api/models/by-path). */
export function modelUrl(product: Product, color: string): string | undefined {
  const path = product.models[color] ?? Object.values(product.models)[0];
  if (!path) return undefined;
  // Uploaded models are addresses (the store's /api/files/... or a storage URL); built-in ones are paths under the assets.
  return /^(https?:\/\/|\/)/.test(path) ? path : `/api/models/by-path?path=${encodeURIComponent(path)}`;
}
