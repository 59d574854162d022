// Orders Management (/admin/orders): the 30-day chart, header counts, filters
// (status and dates on the server, free text over the loaded list), the table
// with its status chips and actions, the details dialog, the invoice, the
// print files, and the selection's stage moves and shipping labels.
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  DELETE_FAILED,
  FETCH_ERROR,
  ORDER_STATUSES,
  refundsOnMove,
  useAdminOrders,
  useDeleteOrder,
  useOrderOverview,
  useSetOrderStatus,
  type AdminFilters,
  type OrderStatus,
} from '../../../api/adminOrders';
import type { Order } from '../../../api/orders';
import { ApiError } from '../../../lib/api';
import { rupees } from '../../../lib/money';
import { Dialog } from '../../../components/Dialog';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Menu } from '../../../components/Menu';
import { Spinner } from '../../../components/Spinner';
import { StatusChip } from '../../../components/order/StatusChip';
import { OrdersChart } from './OrdersChart';
import { TicketCounts } from './TicketCounts';
import { OrderDetailsDialog } from './OrderDetailsDialog';
import { printInvoice } from './invoice';
import { useBanners, Banners } from '../../../components/Banners';
import { BulkStageBar, OrderStage } from './StageControls';
import { MAX_BULK } from '../../../api/stages';
import { PROOF_NOT_APPROVED } from '../../../api/proofs';
import { OverrideDialog } from './OverrideDialog';
import { BulkLabelsButton } from './BulkLabelsButton';
import { OrderRows } from './OrderRows';
import { dateFormat } from '../../../lib/dateFormat';

const label = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const dateTime = dateFormat('en-IN', { day: '2-digit', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const timeOnly = dateFormat('en-IN', { hour: '2-digit', minute: '2-digit', second: '2-digit' });
/** The header's counts, over the loaded list. */
const COUNTED: OrderStatus[] = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'];

const noFilters: AdminFilters = { showAll: false, page: 1 };

/** Client-side search over order number, customer name and e-mail, and item names. */
export function matchesSearch(order: Order, text: string): boolean {
  const q = text.trim().toLowerCase();
  if (!q) return true;
  return [order.orderNumber, order.user.name, order.user.email, ...order.orderItems.map((i) => i.name)].some((v) => v?.toLowerCase().includes(q));
}

export default function OrdersAdminPage() {
  const [filters, setFilters] = useState<AdminFilters>(noFilters);
  const [search, setSearch] = useState('');
  const orders = useAdminOrders(filters);
  const overview = useOrderOverview();
  const setStatus = useSetOrderStatus();
  const remove = useDeleteOrder();
  const banners = useBanners();
  const [details, setDetails] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Order | null>(null);
  const [refunding, setRefunding] = useState<{ order: Order; status: OrderStatus } | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else if (next.size < MAX_BULK) next.add(id);
      return next;
    });
  const [overriding, setOverriding] = useState<{ order: Order; status: OrderStatus; message: string } | null>(null);

  const change = (patch: Partial<AdminFilters>) => setFilters((f) => ({ ...f, page: 1, ...patch }));
  const list = useMemo(() => (orders.data?.orders ?? []).filter((o) => matchesSearch(o, search)), [orders.data, search]);
  const chosen = list.filter((o) => selected.has(o._id));
  const pagination = orders.data?.pagination;
  const loaded = orders.data?.orders ?? [];

  const moveTo = useCallback(
    (order: Order, status: OrderStatus, overrideReason?: string) => {
      setStatus.mutate(
        { id: order._id, status, overrideReason },
        {
          onSuccess: () => banners.success(`Order status updated to ${status}`),
          // The specification only logs this; the admin should know the order did not move.
          onError: (e) => {
            // No approved proof: production needs a written reason (recorded).
            if (e instanceof ApiError && e.code === PROOF_NOT_APPROVED && !overrideReason) {
              setOverriding({ order, status, message: e.message });
              return;
            }
            console.error('Order status update failed', e);
            banners.error(e instanceof ApiError && e.message ? e.message : 'Failed to update order status');
          },
        },
      );
    },
    [setStatus, banners],
  );
  const chooseStatus = (order: Order, status: OrderStatus) => {
    if (status === order.status) return;
    if (refundsOnMove(order, status)) setRefunding({ order, status });
    else moveTo(order, status);
  };
  const confirmDelete = () => {
    const order = deleting;
    setDeleting(null);
    if (!order) return;
    remove.mutate(order._id, {
      onSuccess: (message) => {
        if (details === order._id) setDetails(null);
        banners.success(message);
      },
      onError: (e) => banners.error(e instanceof ApiError && e.message ? e.message : DELETE_FAILED),
    });
  };
  const invoice = (order: Order) => void printInvoice(order).catch((e: Error) => banners.error(e.message));

  // A page emptied by a deletion: back to the last page there is.
  const pages = pagination?.pages ?? 1;
  useEffect(() => {
    if (!filters.showAll && filters.page > pages) setFilters((f) => ({ ...f, page: Math.max(1, pages) }));
  }, [filters.showAll, filters.page, pages]);

  const row = (order: Order, index: number, measure?: (el: HTMLTableRowElement | null) => void) => (
    <tr key={order._id} data-testid="admin-order-row" data-index={index} ref={measure}>
      <td>
        <input type="checkbox" aria-label={`Select order ${order.orderNumber}`} checked={selected.has(order._id)} onChange={() => toggle(order._id)} />
      </td>
      <td>
        <strong>{order.orderNumber}</strong>
        <div className="muted mono">{order._id.slice(-8)}</div>
      </td>
      <td>
        {order.user.name || 'N/A'}
        <div className="muted">{order.user.email || 'N/A'}</div>
      </td>
      <td>
        <Menu
          label={`${label(order.status)}: change the status of order ${order.orderNumber}`}
          button={<StatusChip status={order.status} />}
          className="status-menu"
          items={ORDER_STATUSES.map((s) => ({ label: label(s), current: s === order.status, onSelect: () => chooseStatus(order, s) }))}
        />
        <OrderStage order={order} notify={banners} />
      </td>
      <td>
        {order.paymentMethod}
        <div>
          <span className={`pay-chip ${order.isPaid ? 'paid' : 'unpaid'}`}>{order.isPaid ? 'Paid' : 'Pending'}</span>
        </div>
      </td>
      <td>{dateTime.format(order.createdAt)}</td>
      <td>
        <Menu
          label={`Actions for order ${order.orderNumber}`}
          button={<span aria-hidden>⋮</span>}
          items={[
            { label: 'View Details', onSelect: () => setDetails(order._id) },
            { label: 'Generate Performa Invoice', onSelect: () => invoice(order) },
            { label: 'Delete Order', danger: true, onSelect: () => setDeleting(order) },
          ]}
        />
      </td>
    </tr>
  );

  const first = pagination && pagination.total > 0 ? (pagination.page - 1) * pagination.limit + 1 : 0;
  const last = pagination ? Math.min(pagination.total, pagination.page * pagination.limit) : 0;

  return (
    <section className="page admin-orders">
      <header className="admin-head">
        <div>
          <h1>Orders Management</h1>
          <p className="muted" data-testid="orders-summary">
            {pagination?.total ?? 0} total orders
            {!filters.showAll && pagination && pagination.pages > 1 && ` · Page ${pagination.page} of ${pagination.pages}`}
            {orders.dataUpdatedAt > 0 && ` · Last updated ${timeOnly.format(orders.dataUpdatedAt)}`}
          </p>
        </div>
        <ul className="status-counts" aria-label="Orders by status in this list">
          {COUNTED.map((s) => (
            <li key={s}>
              <StatusChip status={s} /> <strong>{loaded.filter((o) => o.status === s).length}</strong>
            </li>
          ))}
        </ul>
      </header>

      <Banners banners={banners} />

      {overview.data && <TicketCounts overview={overview.data} />}
      {overview.data && <OrdersChart overview={overview.data} />}

      <div className="admin-controls" role="group" aria-label="Filters">
        <label className="check">
          <input type="checkbox" checked={filters.showAll} onChange={(e) => change({ showAll: e.target.checked })} /> Show All Orders
        </label>
        <button className="btn ghost small" onClick={() => void Promise.all([orders.refetch(), overview.refetch()])} disabled={orders.isFetching}>
          {orders.isFetching ? 'Refreshing…' : 'Refresh'}
        </button>
        <input type="search" placeholder="Search orders..." aria-label="Search orders" value={search} onChange={(e) => setSearch(e.target.value)} />
        <select aria-label="Filter by status" value={filters.status ?? ''} onChange={(e) => change({ status: (e.target.value || undefined) as OrderStatus | undefined })}>
          <option value="">All Status</option>
          {ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {label(s)}
            </option>
          ))}
        </select>
        <label>
          From <input type="date" value={filters.dateFrom ?? ''} max={filters.dateTo} onChange={(e) => change({ dateFrom: e.target.value || undefined })} />
        </label>
        <label>
          To <input type="date" value={filters.dateTo ?? ''} min={filters.dateFrom} onChange={(e) => change({ dateTo: e.target.value || undefined })} />
        </label>
        <button
          className="btn ghost small"
          onClick={() => {
            setFilters(noFilters);
            setSearch('');
          }}
        >
          Clear Filters
        </button>
      </div>

      {orders.progress && (
        <p className="muted" role="status" data-testid="show-all-progress">
          <progress max={orders.progress.total} value={orders.progress.loaded} /> Loading all orders: {orders.progress.loaded.toLocaleString('en-IN')} of{' '}
          {orders.progress.total.toLocaleString('en-IN')}
        </p>
      )}
      {orders.isPending ? (
        <Spinner label="Loading orders..." />
      ) : orders.isError ? (
        <div className="empty-state" role="alert">
          <p>{orders.error.message || FETCH_ERROR}</p>
          <button className="btn" onClick={() => void orders.refetch()}>
            Try Again
          </button>
        </div>
      ) : list.length === 0 ? (
        <div className="empty-state">
          <p>No orders found</p>
        </div>
      ) : (
        <div className="table-wrap">
          <BulkStageBar selected={chosen} notify={banners} onDone={() => setSelected(new Set())}>
            <BulkLabelsButton selected={chosen} onError={banners.error} />
          </BulkStageBar>
          <table className={`admin-table ${orders.isPlaceholderData ? 'stale' : ''}`} aria-busy={orders.isFetching}>
            <thead>
              <tr>
                <th scope="col">
                  <span className="visually-hidden">Select</span>
                </th>
                <th scope="col">Order ID</th>
                <th scope="col">Customer</th>
                <th scope="col">Status</th>
                <th scope="col">Payment</th>
                <th scope="col">Date</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <OrderRows orders={list} row={row} />
          </table>
        </div>
      )}

      {!filters.showAll && pagination && pagination.pages > 1 && (
        <nav className="pager" aria-label="Pagination">
          <span>
            Showing {first} to {last} of {pagination.total} results
          </span>
          <button className="btn ghost small" onClick={() => setFilters((f) => ({ ...f, page: f.page - 1 }))} disabled={filters.page <= 1 || orders.isFetching}>
            Previous
          </button>
          <button className="btn ghost small" onClick={() => setFilters((f) => ({ ...f, page: f.page + 1 }))} disabled={filters.page >= pagination.pages || orders.isFetching}>
            Next
          </button>
        </nav>
      )}

      {details && <OrderDetailsDialog id={details} onClose={() => setDetails(null)} onInvoice={invoice} onError={banners.error} />}

      {deleting && (
        <ConfirmDialog
          title="Delete order"
          question="Are you sure you want to delete this order? This action cannot be undone."
          confirmLabel="Delete Order"
          onConfirm={confirmDelete}
          onCancel={() => setDeleting(null)}
        >
          Order {deleting.orderNumber} · {rupees(deleting.totalPrice)}
          {deleting.isPaid && ' · its payment and refund records are kept'}
        </ConfirmDialog>
      )}

      {refunding && (
        <Dialog title={`Mark as ${refunding.status}`} onClose={() => setRefunding(null)}>
          <p>
            Order {refunding.order.orderNumber} was paid. Marking it {refunding.status} refunds{' '}
            <strong>{rupees(refunding.order.totalPrice - refunding.order.refundedAmount)}</strong> to the customer through {refunding.order.paymentMethod}. Continue?
          </p>
          <div className="row">
            <button
              className="btn danger"
              onClick={() => {
                const { order, status } = refunding;
                setRefunding(null);
                moveTo(order, status);
              }}
            >
              Refund and mark {refunding.status}
            </button>
            <button className="btn ghost" onClick={() => setRefunding(null)} autoFocus>
              Keep order
            </button>
          </div>
        </Dialog>
      )}
      {overriding && (
        <OverrideDialog
          {...overriding}
          onCancel={() => setOverriding(null)}
          onConfirm={(reason) => {
            const { order, status } = overriding;
            setOverriding(null);
            moveTo(order, status, reason);
          }}
        />
      )}
      <p className="visually-hidden" aria-live="polite">
        {setStatus.isPending ? 'Updating the order status…' : ''}
      </p>
    </section>
  );
}
