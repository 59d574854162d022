// The signed-in shopper's cart: loaded 100 ms after sign-in, polled every 30 s
// while the backend is up, refreshed 500 ms after a change.
import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../lib/api';
import { useAuth } from '../lib/auth';
import { useBackendAvailable, POLL_MS } from '../lib/health';
import type { components } from '../lib/schema';

export type Cart = components['schemas']['CartDto'];
export type CartItem = components['schemas']['CartItem'];
export type AddItemRequest = components['schemas']['AddItemRequest'];
export type UpdateItemRequest = components['schemas']['UpdateItemRequest'];

export const CART_LOAD_DELAY_MS = 100;
export const CART_REFRESH_AFTER_ADD_MS = 500;

export function useCart() {
  const { isAuthenticated, user } = useAuth();
  const backend = useBackendAvailable();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    setReady(false);
    if (!isAuthenticated) return;
    const t = setTimeout(() => setReady(true), CART_LOAD_DELAY_MS);
    return () => clearTimeout(t);
  }, [isAuthenticated, user?._id]);
  return useQuery({
    queryKey: ['cart', user?._id],
    enabled: isAuthenticated && ready && backend === true,
    refetchInterval: backend ? POLL_MS : false,
    queryFn: async () => unwrap<Cart>(await api.GET('/cart'), 'Cart not found'),
  });
}

/** A cart change; the cart is refetched 500 ms after it succeeds. */
function useCartMutation<V>(run: (v: V) => Promise<Cart>) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: run,
    onSuccess: (cart) => {
      queryClient.setQueryData(['cart', user?._id], cart);
      setTimeout(() => void queryClient.invalidateQueries({ queryKey: ['cart'] }), CART_REFRESH_AFTER_ADD_MS);
    },
  });
}

export function useAddToCart() {
  return useCartMutation(async (item: AddItemRequest) =>
    unwrap<Cart>(await api.POST('/cart/items', { body: item }), 'Failed to add item to cart'),
  );
}

/** New quantities for a line; a personalised line's new roster with them (its sizes must add up to them). */
export function useUpdateCartItem() {
  return useCartMutation(async ({ id, ...body }: { id: string } & UpdateItemRequest) =>
    unwrap<Cart>(await api.PUT('/cart/items/{id}', { params: { path: { id } }, body }), 'Failed to update item'),
  );
}

export function useRemoveCartItem() {
  return useCartMutation(async (id: string) =>
    unwrap<Cart>(await api.DELETE('/cart/items/{id}', { params: { path: { id } } }), 'Failed to remove item from cart'),
  );
}

export function useClearCart() {
  return useCartMutation(async () => unwrap<Cart>(await api.DELETE('/cart'), 'Failed to clear cart'));
}

/** The navbar badge: '99+' above 99. */
export function badgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}

/** Applies a coupon code to the cart: the cart comes back priced with it, or the refusal's message. */
export function useApplyCoupon() {
  return useCartMutation(async (code: string) =>
    unwrap<Cart>(await api.POST('/cart/coupon', { body: { code } }), 'Failed to apply the coupon'),
  );
}

export function useRemoveCoupon() {
  return useCartMutation(async () => unwrap<Cart>(await api.DELETE('/cart/coupon'), 'Failed to remove the coupon'));
}

/** The coupon code checkout names: the cart's, when it is taken. */
export function couponCodeOf(cart: Cart): string | undefined {
  return cart.coupon?.applied ? cart.coupon.code : undefined;
}
