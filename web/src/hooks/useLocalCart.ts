// The cart kept in this browser, for React: its lines and prices (queried from
// IndexedDB and the engine), and the sync that sends it to the server cart once
// the shopper is signed in for real with the server back (used by the layout,
// so it runs on whatever page the shopper signs in from).
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../lib/api';
import { useAuth } from '../lib/auth';
import { pricingOf, quoteDesign } from '../lib/engine';
import { useBackendAvailable } from '../lib/health';
import { addLocalLine, localLines, priceLocalCart, removeLocalLine, type LocalLine } from '../lib/localCart';
import { uploadDesignImages } from '../api/artwork';
import { lastKnownFeePolicy, useStoreFacts, type FeePolicy } from '../api/store';
import type { Product } from '../api/products';
import { mergeLocalCart, type MergeReport } from '../lib/mergeLocalCart';

const LOCAL_CART = ['local-cart'];

export function useLocalCart() {
  return useQuery({ queryKey: LOCAL_CART, queryFn: localLines, networkMode: 'always', staleTime: Infinity });
}

/** The fee the local cart is priced at: the server's while it answers, else the last it named (or the engine's default). */
export function useFeePolicy(): FeePolicy | undefined {
  const store = useStoreFacts();
  const backend = useBackendAvailable();
  return store.data ?? (backend === false ? lastKnownFeePolicy() : undefined);
}

export function useLocalCartQuote(lines: LocalLine[] | undefined, fee: FeePolicy | undefined) {
  return useQuery({
    queryKey: [...LOCAL_CART, 'quote', lines?.map((l) => l.id), fee?.gatewayFeeBps],
    enabled: !!lines && !!fee,
    networkMode: 'always',
    queryFn: () => priceLocalCart(lines!, fee!.gatewayFeeBps),
  });
}

export function useLocalCartChanges() {
  const queryClient = useQueryClient();
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: LOCAL_CART }), [queryClient]);
  return {
    add: async (product: Product, design: LocalLine['design']) => {
      await addLocalLine({
        design,
        name: product.name,
        unitPrice: product.price,
        priceTiers: product.priceTiers,
        sizePrices: product.sizePrices,
        sizes: product.sizes,
        colorHex: product.colorHex,
      });
      await refresh();
    },
    remove: async (id: string) => {
      await removeLocalLine(id);
      await refresh();
    },
  };
}

/** One merge at a time in this tab (a re-render or a second mount must not send the lines twice). */
let merging: Promise<MergeReport> | null = null;

function sendToServer(lines: LocalLine[]): Promise<MergeReport> {
  merging ??= mergeLocalCart(lines, {
    upload: uploadDesignImages,
    add: async (design, price) => void unwrap(await api.POST('/cart/items', { body: { design, price } }), 'Failed to add item to cart'),
    currentPricing: async (id) => pricingOf(unwrap<Product>(await api.GET('/products/{id}', { params: { path: { id } } }), 'Failed to fetch product from database.')),
    quote: quoteDesign,
    forget: removeLocalLine,
  }).finally(() => {
    merging = null;
  });
  return merging;
}

/**
 * Ends an offline session once the server answers again (it cannot sign in
 * anywhere), and sends the local cart to the server cart when the shopper is
 * signed in for real: once per sign-in, page load or return of the server. The report names what
 * changed until the shopper dismisses it.
 */
export function useLocalCartSync() {
  const { user, isAuthenticated, offline, loading, endOffline } = useAuth();
  const backend = useBackendAvailable();
  const local = useLocalCart();
  const queryClient = useQueryClient();
  const [report, setReport] = useState<MergeReport | null>(null);
  const sentFor = useRef<string | null>(null);
  const count = local.data?.length ?? 0;

  useEffect(() => {
    if (backend === true && offline) endOffline();
  }, [backend, offline, endOffline]);

  useEffect(() => {
    // A new sign-in, or an outage in between (lines may have been added meanwhile): send again.
    if (!isAuthenticated || offline || backend === false) sentFor.current = null;
    if (backend !== true || loading || !isAuthenticated || offline || !user || count === 0) return;
    if (sentFor.current === user._id) return;
    sentFor.current = user._id;
    void sendToServer(local.data ?? []).then((r) => {
      setReport(r);
      void queryClient.invalidateQueries({ queryKey: LOCAL_CART });
      void queryClient.invalidateQueries({ queryKey: ['cart'] });
    });
  }, [backend, loading, isAuthenticated, offline, user, count, local.data, queryClient]);

  return {
    report,
    dismiss: () => setReport(null),
    /** Lines wait in this browser for a real sign-in. */
    waiting: backend === true && !isAuthenticated && count > 0,
  };
}
