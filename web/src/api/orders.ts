// The signed-in customer's orders: a page of them (10 by default, optionally
// one status), and cancelling a pending one.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, unwrap } from '../lib/api';
import { useAuth } from '../lib/auth';
import type { components } from '../lib/schema';

export type Order = components['schemas']['Order'];
export type OrderItem = components['schemas']['OrderItem'];
export type Pagination = components['schemas']['Pagination'];
export type TimelineEvent = components['schemas']['TimelineEvent'];
export type ReorderResult = components['schemas']['ReorderResult'];
export interface OrdersPage {
  orders: Order[];
  pagination: Pagination;
}

export const ORDERS_PAGE_SIZE = 10;
export const FETCH_ORDERS_FAILED = 'Failed to fetch orders';
export const CANCEL_ORDER_FAILED = 'Failed to cancel order';
export const CANCEL_REASON = 'Cancelled by customer';
export const FETCH_ORDER_FAILED = 'Failed to fetch the order';
export const REORDER_FAILED = 'Failed to order again';

export async function fetchOrders(page: number, status?: string, limit = ORDERS_PAGE_SIZE): Promise<OrdersPage> {
  const result = await api.GET('/orders', { params: { query: { page, limit, ...(status ? { status } : {}) } } });
  const orders = unwrap(result, FETCH_ORDERS_FAILED);
  // This envelope carries `pagination` beside `data`.
  const pagination = result.data?.pagination ?? { page, limit, total: orders.length, pages: 1 };
  return { orders, pagination };
}

/** One page of the customer's orders; the previous page stays on screen while the next loads. */
export function useOrders(page: number, status?: string) {
  const { user } = useAuth();
  return useQuery({
    queryKey: ['orders', user?._id, page, status ?? 'all'],
    queryFn: () => fetchOrders(page, status),
    placeholderData: keepPreviousData,
  });
}

/** Cancels a pending order (the server refuses any other with its own message). */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      unwrap(await api.PUT('/orders/{id}/cancel', { params: { path: { id } }, body: { reason: CANCEL_REASON } }), CANCEL_ORDER_FAILED),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
}

/** One of the customer's orders, with its timeline (paid, each stage, shipped...). */
export function useOrder(id: string, enabled = true) {
  const { user } = useAuth();
  return useQuery({
    queryKey: ['orders', user?._id, 'one', id],
    enabled,
    queryFn: async () => unwrap(await api.GET('/orders/{id}', { params: { path: { id } } }), FETCH_ORDER_FAILED),
  });
}

/** Puts the order's designs back in the cart at today's prices; the answer names what was left out and why. */
export function useReorder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await api.POST('/orders/{id}/reorder', { params: { path: { id } } }), REORDER_FAILED),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['cart'] }),
  });
}

/** The message to show for a failed orders call (the server's words, else the fallback). */
export function ordersError(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}
