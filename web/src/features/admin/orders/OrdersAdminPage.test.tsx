import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, ok, order, renderAt, renderRoutes, signedIn } from '../../../test/testkit';
import type { Order } from '../../../api/orders';
import AdminLayout from '../AdminLayout';
import OrdersAdminPage from './OrdersAdminPage';
import { OrderDetailsDialog } from './OrderDetailsDialog';

const overview = {
  byStatus: [],
  totalOrders: 2,
  revenue: { today: 640625, last7Days: 640625, last30Days: 640625 },
  daily: Array.from({ length: 30 }, (_, i) => ({ date: `2026-11-${String(i + 1).padStart(2, '0')}`, orders: i === 29 ? 2 : 0, revenue: i === 29 ? 640625 : 0 })),
};

/** The admin API over `orders`; the requests it saw are kept. */
function adminApi(orders: Order[]) {
  const seen: { method: string; path: string; search: string; body?: unknown }[] = [];
  mockApi(async (method, path, url, request) => {
    const body = method === 'PUT' ? await request.json() : undefined;
    seen.push({ method, path, search: url.search, body });
    if (path === '/api/orders/stats/overview') return ok(overview);
    if (path === '/api/orders/admin') {
      const status = url.searchParams.get('status');
      const list = orders.filter((o) => !status || o.status === status);
      return { status: 200, body: { success: true, message: 'Orders', data: list, pagination: { page: 1, limit: 100, total: list.length, pages: 1 } } };
    }
    const m = path.match(/^\/api\/orders\/(\w+)\/status$/);
    if (m && method === 'PUT') {
      const o = orders.find((x) => x._id === m[1])!;
      o.status = (body as { status: Order['status'] }).status;
      return ok(o, `Order status updated to ${o.status}`);
    }
    return undefined;
  });
  return seen;
}

const routes = [{ path: '/admin', element: <AdminLayout />, children: [{ path: 'orders', element: <OrdersAdminPage /> }] }];

describe('Orders Management', () => {
  // A signed-in customer is sent home by app/RequireAuth (RequireAuth.test.tsx).
  it('lists, searches and filters orders, and asks before a paid order is refunded', async () => {
    signedIn({ role: 'admin' });
    const paid = order(1, { isPaid: true, status: 'confirmed', user: { name: 'Priya Shah', email: 'priya@example.com' } });
    const pending = order(2);
    const seen = adminApi([paid, pending]);
    renderRoutes(routes, '/admin/orders');
    const user = userEvent.setup();

    await waitFor(() => expect(screen.getAllByTestId('admin-order-row')).toHaveLength(2));
    expect(screen.getByRole('navigation', { name: 'Admin Panel' })).toBeTruthy();
    expect(screen.getByTestId('orders-chart')).toBeTruthy();
    expect(screen.getByTestId('orders-summary').textContent).toMatch(/^2 total orders/);

    // Client-side search over customer names; no request.
    const before = seen.length;
    await user.type(screen.getByLabelText('Search orders'), 'priya');
    expect(screen.getAllByTestId('admin-order-row')).toHaveLength(1);
    expect(seen.length).toBe(before);
    await user.clear(screen.getByLabelText('Search orders'));

    // The status filter asks the server again.
    await user.selectOptions(screen.getByLabelText('Filter by status'), 'pending');
    await waitFor(() => expect(seen.some((r) => r.path === '/api/orders/admin' && r.search.includes('status=pending'))).toBe(true));
    await waitFor(() => expect(screen.getAllByTestId('admin-order-row')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    await waitFor(() => expect(screen.getAllByTestId('admin-order-row')).toHaveLength(2));

    // Cancelling the paid order: a confirmation that names the refund, then the change.
    const row = screen.getAllByTestId('admin-order-row').find((r) => r.textContent?.includes(paid.orderNumber))!;
    await user.click(within(row).getByRole('button', { name: /change the status/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Cancelled' }));
    const dialog = screen.getByRole('dialog', { name: 'Mark as cancelled' });
    expect(dialog.textContent).toContain('refunds ₹6,406.25');
    expect(seen.some((r) => r.method === 'PUT')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Refund and mark cancelled' }));
    await waitFor(() => expect(screen.getByText('Order status updated to cancelled')).toBeTruthy());
    expect(seen.find((r) => r.method === 'PUT')?.body).toEqual({ status: 'cancelled' });

    // An unpaid order moves without a question.
    const other = screen.getAllByTestId('admin-order-row').find((r) => r.textContent?.includes(pending.orderNumber))!;
    await user.click(within(other).getByRole('button', { name: /change the status/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Processing' }));
    await waitFor(() => expect(screen.getByText('Order status updated to processing')).toBeTruthy());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows all orders a page at a time with its progress, never one huge answer, and draws only the rows near the screen', async () => {
    signedIn({ role: 'admin' });
    // jsdom lays nothing out: a row measures as the browser's would, about 72 px.
    Object.defineProperty(HTMLTableRowElement.prototype, 'offsetHeight', { configurable: true, get: () => 72 });
    const all = Array.from({ length: 620 }, (_, i) => order(i + 1));
    const asked: string[] = [];
    let release = () => {};
    const secondPage = new Promise<void>((resolve) => (release = resolve));
    mockApi(async (_method, path, url) => {
      if (path === '/api/orders/stats/overview') return ok(overview);
      if (path === '/api/orders/admin/all') throw new Error('Show All must not ask for every order at once');
      if (path !== '/api/orders/admin') return undefined;
      asked.push(url.search);
      const limit = Number(url.searchParams.get('limit') ?? 100);
      const page = Number(url.searchParams.get('page') ?? 1);
      if (limit === 250 && page === 2) await secondPage;
      const data = all.slice((page - 1) * limit, page * limit);
      return { status: 200, body: { success: true, message: 'Orders', data, pagination: { page, limit, total: all.length, pages: Math.ceil(all.length / limit) } } };
    });
    renderRoutes(routes, '/admin/orders');
    await waitFor(() => expect(screen.getAllByTestId('admin-order-row')).toHaveLength(100));
    await userEvent.setup().click(screen.getByLabelText('Show All Orders'));
    // While it loads, how far it has got.
    await waitFor(() => expect(screen.getByTestId('show-all-progress').textContent).toContain('Loading all orders: 250 of 620'));
    release();
    await waitFor(() => expect(screen.queryByTestId('show-all-progress')).toBeNull());
    expect(screen.getByTestId('orders-summary').textContent).toMatch(/^620 total orders/);
    // Three answers of at most 250 orders each.
    expect(asked.filter((q) => q.includes('limit=250'))).toEqual(['?page=1&limit=250', '?page=2&limit=250', '?page=3&limit=250']);
    // Only the rows near the screen are in the page; the rest are spacers.
    const rows = screen.getAllByTestId('admin-order-row');
    expect(screen.getByTestId('virtual-rows')).toBeTruthy();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(60);
    expect(rows[0].textContent).toContain(all[0].orderNumber);
    delete (HTMLTableRowElement.prototype as { offsetHeight?: number }).offsetHeight;
  });
});

describe('Order Details', () => {
  it("shows the fee the order was priced with, and no gateway line when the merchant absorbed it", async () => {
    signedIn({ role: 'admin' });
    const orders: Record<string, Order> = {
      o1: order(1),
      o2: order(2, { gatewayFeeBps: 0, gatewayLabel: 'Payment Gateway (0%)', taxPrice: 0, totalPrice: 625000 }),
    };
    mockApi((_m, path) => {
      const id = path.match(/^\/api\/orders\/(\w+)$/)?.[1];
      return id && orders[id] ? ok(orders[id]) : undefined;
    });
    const show = (id: string) => renderAt('/admin/orders', <OrderDetailsDialog id={id} onClose={() => {}} onInvoice={() => {}} onError={() => {}} />);

    const charged = show('o1');
    const dialog = await screen.findByRole('dialog', { name: 'Order Details' });
    expect((await within(dialog).findByText('Payment Gateway (2.5%)')).nextElementSibling?.textContent).toBe('₹156.25');
    charged.unmount();

    show('o2');
    const absorbed = await screen.findByRole('dialog', { name: 'Order Details' });
    expect((await within(absorbed).findByText('Items price')).nextElementSibling?.textContent).toBe('₹6,250.00');
    expect(within(absorbed).queryByText(/Payment Gateway/)).toBeNull();
  });

  it('lists the production stage moves: who, when, from and to', async () => {
    signedIn({ role: 'admin' });
    const moved = order(3, {
      status: 'processing',
      productionStage: 'Quality check',
      stageHistory: [
        { to: 'Printing', changedBy: 'a1', changedByName: 'Store Admin', changedAt: Date.UTC(2026, 10, 24, 6, 0) },
        { from: 'Printing', to: 'Quality check', changedBy: 'a1', changedAt: Date.UTC(2026, 10, 25, 6, 0) },
      ],
    });
    mockApi((_m, path) => (path === `/api/orders/${moved._id}` ? ok(moved) : undefined));
    renderAt('/admin/orders', <OrderDetailsDialog id={moved._id} onClose={() => {}} onInvoice={() => {}} onError={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Order Details' });
    const list = (await within(dialog).findByRole('heading', { name: 'Production stages' })).nextElementSibling as HTMLElement;
    const lines = within(list).getAllByRole('listitem').map((li) => li.textContent);
    expect(lines[0]).toMatch(/: no stage → Printing by Store Admin$/);
    expect(lines[1]).toMatch(/: Printing → Quality check by a1$/);
  });
});
