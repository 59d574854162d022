// The admin's orders: the list (a page of 100, or all), filters by status and
// date, the 30-day overview, status changes (a paid order moved to cancelled or
// refunded is refunded by the server), deletion, one order's details, and the
// print files. Every call is checked for the admin role by the server.
import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, unwrap } from '../lib/api';
import type { components } from '../lib/schema';
import type { Order, Pagination } from './orders';

export type OrderStatus = components['schemas']['OrderStatus'];
export type Overview = components['schemas']['Overview'];

/** The specification's seven statuses, in the order an order goes through them. */
export const ORDER_STATUSES = ['pending', 'confirmed', 'processing', 'shipped', 'delivered', 'cancelled', 'refunded'] as const satisfies readonly OrderStatus[];
// The list must name every status of the contract: a status added to the API fails the type check here.
const everyStatus: Exclude<OrderStatus, (typeof ORDER_STATUSES)[number]> extends never ? true : never = true;
void everyStatus;
export const ADMIN_PAGE_SIZE = 100;

export const FETCH_FAILED = 'Failed to fetch orders';
export const FETCH_ERROR = 'Error fetching orders. Please try again.';
export const DETAILS_FAILED = 'Failed to fetch order details';
export const DELETE_FAILED = 'Failed to delete order';

export interface AdminFilters {
  status?: OrderStatus;
  /** yyyy-mm-dd, India's calendar days. */
  dateFrom?: string;
  dateTo?: string;
  /** Every matching order at once instead of a page. */
  showAll: boolean;
  page: number;
}

export interface AdminOrders {
  orders: Order[];
  pagination: Pagination;
}

/** The spec's two failure texts: the server said no, or the call itself failed. */
function listError(error: unknown): Error {
  return error instanceof ApiError ? new ApiError(error.message || FETCH_FAILED, error.status) : new Error(FETCH_ERROR);
}

/** Show All's pages: a few hundred orders an answer (well under 1 MB), as many as the server's unpaged list gives. */
export const SHOW_ALL_PAGE_SIZE = 250;
export const SHOW_ALL_MAX = 5000;

/** How far Show All has got: orders loaded of those matching. */
export interface LoadProgress {
  loaded: number;
  total: number;
}

type Filters = { status?: OrderStatus; dateFrom?: string; dateTo?: string };

/**
 * Every matching order (at most SHOW_ALL_MAX, newest first), a page at a time
 * rather than as one answer of megabytes, telling `progress` after each page.
 */
async function fetchAllOrders(filters: Filters, progress: (p: LoadProgress) => void): Promise<Order[]> {
  const orders: Order[] = [];
  for (let page = 1; ; page++) {
    const result = await api.GET('/orders/admin', { params: { query: { ...filters, page, limit: SHOW_ALL_PAGE_SIZE } } });
    orders.push(...unwrap(result, FETCH_FAILED));
    const { pages, total } = result.data!.pagination;
    progress({ loaded: orders.length, total: Math.min(total, SHOW_ALL_MAX) });
    if (page >= pages || orders.length >= SHOW_ALL_MAX) return orders.slice(0, SHOW_ALL_MAX);
  }
}

async function fetchAdminOrders(f: AdminFilters, progress: (p: LoadProgress) => void): Promise<AdminOrders> {
  const filters: Filters = { ...(f.status ? { status: f.status } : {}), ...(f.dateFrom ? { dateFrom: f.dateFrom } : {}), ...(f.dateTo ? { dateTo: f.dateTo } : {}) };
  try {
    if (f.showAll) {
      const orders = await fetchAllOrders(filters, progress);
      return { orders, pagination: { page: 1, limit: orders.length, total: orders.length, pages: 1 } };
    }
    const result = await api.GET('/orders/admin', { params: { query: { ...filters, page: f.page, limit: ADMIN_PAGE_SIZE } } });
    const orders = unwrap(result, FETCH_FAILED);
    return { orders, pagination: result.data!.pagination };
  } catch (error) {
    throw listError(error);
  }
}

/** The list; it loads again whenever a filter, the page or Show All changes. `progress`: Show All's, while it loads. */
export function useAdminOrders(filters: AdminFilters) {
  const [progress, setProgress] = useState<LoadProgress | null>(null);
  const query = useQuery({
    queryKey: ['admin-orders', filters],
    queryFn: async () => {
      setProgress(null);
      try {
        return await fetchAdminOrders(filters, setProgress);
      } finally {
        setProgress(null);
      }
    },
    placeholderData: keepPreviousData,
  });
  return { ...query, progress };
}

export function useOrderOverview() {
  return useQuery({
    queryKey: ['admin-orders', 'overview'],
    queryFn: async () => unwrap(await api.GET('/orders/stats/overview'), 'Failed to fetch the overview'),
  });
}

/** One order with its status history (admins see any order). */
export function useAdminOrder(id: string | null) {
  return useQuery({
    queryKey: ['admin-orders', 'one', id],
    enabled: id !== null,
    queryFn: async () => unwrap(await api.GET('/orders/{id}', { params: { path: { id: id! } } }), DETAILS_FAILED),
  });
}

export function useSetOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, status, overrideReason }: { id: string; status: OrderStatus; overrideReason?: string }) =>
      unwrap(await api.PUT('/orders/{id}/status', { params: { path: { id } }, body: { status, overrideReason } }), 'Failed to update order status'),
    onSuccess: (updated) => {
      // The row shows the new status with the banner; the lists and counts then reload.
      queryClient.setQueriesData<AdminOrders>({ queryKey: ['admin-orders'] }, (page) =>
        page?.orders ? { ...page, orders: page.orders.map((o) => (o._id === updated._id ? updated : o)) } : page,
      );
      void queryClient.invalidateQueries({ queryKey: ['admin-orders'] });
    },
  });
}

export function useDeleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    // The server's words: an order never paid is cancelled and stays listed, not deleted.
    mutationFn: async (id: string) => {
      const result = await api.DELETE('/orders/{id}', { params: { path: { id } } });
      unwrap(result, DELETE_FAILED);
      return result.data?.message ?? 'Order deleted successfully';
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['admin-orders'] }),
  });
}

/** Whether moving the order to `status` makes the server refund it (and so needs the admin's confirmation). */
export function refundsOnMove(order: Order, status: OrderStatus): boolean {
  return order.isPaid && order.status !== status && (status === 'cancelled' || status === 'refunded') && order.refundedAmount < order.totalPrice;
}

/** Saves a file the API answered with (authenticated, so not a plain link). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Every print file of the order as one zip (PNG per line and area, with a manifest). */
export async function downloadPrintFiles(order: Order): Promise<void> {
  const result = await api.GET('/orders/{id}/print-files', { params: { path: { id: order._id } }, parseAs: 'blob' });
  if (result.error !== undefined || !result.data) throw new Error('Failed to download print files');
  saveBlob(result.data as Blob, `print-files-${order.orderNumber}.zip`);
}
