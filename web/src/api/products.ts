// The catalogue: from the server, or, when it cannot be reached, the engine's
// built-in catalogue (mock mode) so that browsing and the studio keep working.
// The queries run even when the browser says it is offline (networkMode
// 'always'): then the request fails at once and the built-in products answer.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, isUnreachable, unwrap } from '../lib/api';
import { useBackendAvailable } from '../lib/health';
import type { components } from '../lib/schema';
import { builtinProducts, type ProductQuery } from './builtinProducts';
import { productPath } from './pictures';
import { takeArrivedRouteData, takeRouteData } from '../lib/routeData';
import { sizesOf } from '../lib/sizes';

export type Product = components['schemas']['ProductDto'];
export type ColorImage = components['schemas']['ColorImage'];
export type { ProductQuery };

/**
 * The server's answer, or `offline()` when the health check already failed or
 * the request gets no answer (then the health check runs again, for the banner).
 * The server is asked before the health check has answered: a new visitor's
 * first page then waits on one round trip, not two in a row.
 */
function useServerOrBuiltin() {
  const backend = useBackendAvailable();
  const queryClient = useQueryClient();
  const source = backend === false ? 'builtin' : 'server';
  const run = async <T>(online: () => Promise<T>, offline: () => Promise<T>): Promise<T> => {
    if (source === 'builtin') return offline();
    try {
      return await online();
    } catch (e) {
      if (!isUnreachable(e)) throw e;
      void queryClient.invalidateQueries({ queryKey: ['health'] });
      return offline();
    }
  };
  return { source, run };
}

export function useProducts(query: ProductQuery = {}) {
  const { source, run } = useServerOrBuiltin();
  return useQuery({
    queryKey: ['products', query, source],
    networkMode: 'always',
    queryFn: () =>
      run(
        async () => unwrap<Product[]>(await api.GET('/products', { params: { query } }), 'Failed to fetch products'),
        () => builtinProducts(query),
      ),
  });
}

export function useProduct(id: string | null | undefined) {
  const { source, run } = useServerOrBuiltin();
  return useQuery({
    queryKey: ['product', id, source],
    enabled: !!id,
    initialData: () => (id && source === 'server' ? takeArrivedRouteData<Product>(productPath(id)) : undefined),
    networkMode: 'always',
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
    queryFn: () =>
      run(
        async () =>
          // The studio's product, asked for by route-preload before the app's code ran (a failed answer: asked again).
          (await takeRouteData<Product>(productPath(id!))) ??
          unwrap<Product>(await api.GET('/products/{id}', { params: { path: { id: id! } } }), 'Failed to fetch product from database.'),
        async () => {
          const found = (await builtinProducts()).find((p) => p._id === id);
          if (!found) throw new ApiError('Product not found in database.', 404);
          return found;
        },
      ),
  });
}

/** What a size picker offers for a product: its sizes in its order, their surcharges and its size chart. */
export interface SizeOffer {
  sizes: string[];
  sizePrices?: Record<string, number>;
  sizeChart?: components['schemas']['SizeChartDto'];
}

/**
 * A product's sizes for a page that has only its id: none while it loads,
 * the built-in ones when it cannot be had.
 */
export function useSizeOffer(productId: string | null | undefined): SizeOffer {
  const product = useProduct(productId);
  if (product.data) return { sizes: sizesOf(product.data), sizePrices: product.data.sizePrices, sizeChart: product.data.sizeChart };
  return { sizes: product.isError ? sizesOf(null) : [] };
}

export { colorImage } from './pictures';

/** The product's 3D model URL for a colour (served by /api/models/by-path). */
export function modelUrl(product: Product, color: string): string | undefined {
  const path = product.models[color] ?? Object.values(product.models)[0];
  if (!path) return undefined;
  // Uploaded models are addresses (the store's /api/files/... or a storage URL); built-in ones are paths under the assets.
  return /^(https?:\/\/|\/)/.test(path) ? path : `/api/models/by-path?path=${encodeURIComponent(path)}`;
}
