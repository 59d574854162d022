import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, mockApi, order, renderRoutes, signedIn, type FakeResponse } from '../../test/testkit';
import type { Order } from '../../api/orders';
import OrdersPage from './OrdersPage';

const page = (orders: Order[], p = 1, pages = 1, total = orders.length): FakeResponse => ({
  status: 200,
  body: { success: true, message: 'Orders', data: orders, pagination: { page: p, limit: 10, total, pages } },
});

/** GET /api/orders answered by `list`; the queries asked are kept. */
function ordersApi(list: (query: URLSearchParams) => FakeResponse, other?: (method: string, path: string, request: Request) => Promise<FakeResponse | undefined>) {
  const queries: string[] = [];
  mockApi(async (method, path, url, request) => {
    if (method === 'GET' && path === '/api/orders') {
      queries.push(url.search);
      return list(url.searchParams);
    }
    return other?.(method, path, request);
  });
  return queries;
}

function renderOrders() {
  signedIn();
  return renderRoutes([{ path: '/user/orders', element: <OrdersPage /> }], '/user/orders');
}

describe('OrdersPage', () => {
  it('lists each order with its status, payment and total in rupees', async () => {
    ordersApi(() => page([order(1), order(2, { status: 'confirmed', isPaid: true })]));
    renderOrders();
    const cards = await screen.findAllByTestId('order-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]).getByRole('heading').textContent).toBe('Order LT-20261122-000001');
    expect(within(cards[0]).getByText('Pending', { selector: '.status-chip' })).toBeTruthy();
    expect(within(cards[1]).getByText('Confirmed', { selector: '.status-chip' })).toBeTruthy();
    expect(within(cards[1]).getByText('Paid')).toBeTruthy();
    expect(within(cards[0]).getByText('Total ₹6,406.25')).toBeTruthy();

    await userEvent.click(within(cards[0]).getByRole('button', { name: 'View details' }));
    expect(within(cards[0]).getByText('Payment Gateway (2.5%)').nextElementSibling?.textContent).toBe('₹156.25');
    expect(within(cards[0]).getByText(/12 Janpath, New Delhi, Delhi 110001, India/)).toBeTruthy();
  });

  it("shows a team line's names-and-numbers charge and its roster, collapsed to a count, in the order's details", async () => {
    const plain = order(1);
    const roster = [
      { size: 'M', name: 'SHARMA', number: '10' },
      { size: 'L', name: 'RAO', number: '7' },
    ];
    const team = order(2, {
      orderItems: [{ ...plain.orderItems[0], personalisation: { label: 'Names and numbers', pieces: 2, nameCharge: 6000, numberCharge: 4000, perPiece: 10000, total: 20000 }, design: { ...plain.orderItems[0].design, roster } }],
    });
    ordersApi(() => page([team]));
    renderOrders();
    const [card] = await screen.findAllByTestId('order-card');
    await userEvent.click(within(card).getByRole('button', { name: 'View details' }));
    expect(within(card).getByTestId('personalisation-charge').textContent).toBe('Names and numbers: 2 × ₹100.00 = ₹200.00');
    await userEvent.click(within(card).getByText('2 names and numbers'));
    expect(within(within(card).getByTestId('roster-summary')).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['SHARMA · 10 (M)', 'RAO · 7 (L)']);
  });

  it("shows a business buyer's GSTIN in the order's details", async () => {
    ordersApi(() => page([order(1, { buyerGstin: '07AAPFU0939F1ZX' }), order(2)]));
    renderOrders();
    const cards = await screen.findAllByTestId('order-card');
    for (const card of cards) await userEvent.click(within(card).getByRole('button', { name: 'View details' }));
    expect(within(cards[0]).getByText('Your GSTIN:').parentElement?.textContent).toBe('Your GSTIN: 07AAPFU0939F1ZX');
    expect(within(cards[1]).queryByText('Your GSTIN:')).toBeNull();
  });

  it("shows each order's own fee: none on an order placed while the merchant absorbed it", async () => {
    const absorbed = order(1, { gatewayFeeBps: 0, gatewayLabel: 'Payment Gateway (0%)', taxPrice: 0, totalPrice: 625000 });
    const charged = order(2, { gatewayFeeBps: 175, gatewayLabel: 'Payment Gateway (1.75%)', taxPrice: 10938, totalPrice: 635938 });
    ordersApi(() => page([absorbed, charged]));
    renderOrders();
    const u = userEvent.setup();
    const cards = await screen.findAllByTestId('order-card');
    await u.click(within(cards[0]).getByRole('button', { name: 'View details' }));
    await u.click(within(cards[1]).getByRole('button', { name: 'View details' }));
    expect(within(cards[0]).getByText('Items').nextElementSibling?.textContent).toBe('₹6,250.00');
    expect(within(cards[0]).queryByText(/Payment Gateway/)).toBeNull();
    expect(within(cards[1]).getByText('Payment Gateway (1.75%)').nextElementSibling?.textContent).toBe('₹109.38');
  });

  it('filters by status from the first page', async () => {
    const queries = ordersApi((q) => (q.get('status') === 'confirmed' ? page([order(2, { status: 'confirmed', isPaid: true })]) : page([order(1)], Number(q.get('page')), 2, 11)));
    renderOrders();
    const u = userEvent.setup();
    await screen.findAllByTestId('order-card');
    const filters = within(screen.getByRole('group', { name: 'Filter by status' }));
    expect(filters.getAllByRole('button').map((b) => b.textContent)).toEqual(['All', 'Pending', 'Confirmed', 'Processing', 'Shipped', 'Delivered', 'Cancelled']);
    await u.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(queries).toContain('?page=2&limit=10'));

    await u.click(filters.getByRole('button', { name: 'Confirmed' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Order LT-20261122-000002' })).toBeTruthy());
    expect(queries.at(-1)).toBe('?page=1&limit=10&status=confirmed');
    expect(filters.getByRole('button', { name: 'Confirmed' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('pages through the orders', async () => {
    const queries = ordersApi((q) => {
      const p = Number(q.get('page'));
      return page([order(p)], p, 2, 11);
    });
    renderOrders();
    const u = userEvent.setup();
    expect(await screen.findByText('Page 1 of 2 · 11 orders')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    await u.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2 · 11 orders')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Order LT-20261122-000002' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    expect(queries).toEqual(['?page=1&limit=10', '?page=2&limit=10']);
  });

  it("says 'No Orders Found' when there are none", async () => {
    ordersApi(() => page([]));
    renderOrders();
    expect(await screen.findByRole('heading', { name: 'No Orders Found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start Shopping' }).getAttribute('href')).toBe('/products');
  });

  it("shows 'Error Loading Orders' with Try Again", async () => {
    let broken = true;
    ordersApi(() => (broken ? fail(500, '') : page([order(1)])));
    renderOrders();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading').textContent).toBe('Error Loading Orders');
    expect(within(alert).getByText('Failed to fetch orders')).toBeTruthy();
    broken = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByTestId('order-card')).toBeTruthy();
  });

  it('cancels only a pending order, after the confirmation', async () => {
    let list = [order(1), order(2, { status: 'confirmed', isPaid: true })];
    const cancels: unknown[] = [];
    ordersApi(
      () => page(list),
      async (method, path, request) => {
        if (method !== 'PUT' || path !== '/api/orders/o1/cancel') return undefined;
        cancels.push(await request.json());
        list = [{ ...list[0], status: 'cancelled', cancelReason: 'Cancelled by customer' }, list[1]];
        return { status: 200, body: { success: true, message: 'Order cancelled', data: list[0] } };
      },
    );
    renderOrders();
    const u = userEvent.setup();
    const [pending, confirmed] = await screen.findAllByTestId('order-card');
    expect(within(confirmed).queryByRole('button', { name: 'Cancel Order' })).toBeNull();

    await u.click(within(pending).getByRole('button', { name: 'Cancel Order' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to cancel this order?')).toBeTruthy();
    await u.click(within(dialog).getByRole('button', { name: 'Keep order' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(cancels).toEqual([]);

    await u.click(within(pending).getByRole('button', { name: 'Cancel Order' }));
    await u.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, cancel order' }));
    expect((await screen.findByRole('status')).textContent).toBe('Order LT-20261122-000001 was cancelled.');
    expect(cancels).toEqual([{ reason: 'Cancelled by customer' }]);
    await waitFor(() => expect(within(screen.getAllByTestId('order-card')[0]).getByText('Cancelled', { selector: '.status-chip' })).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Cancel Order' })).toBeNull();
  });

  it("shows 'Failed to cancel order' when the server gives no reason", async () => {
    ordersApi(
      () => page([order(1)]),
      async (method) => (method === 'PUT' ? fail(500, '') : undefined),
    );
    renderOrders();
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Cancel Order' }));
    await u.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, cancel order' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to cancel order');
  });
});
