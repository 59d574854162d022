import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, mockApi, ok, order, renderRoutes, signedIn, storeFacts, type FakeResponse } from '../../test/testkit';
import { claim } from '../../test/supportFixtures';
import type { Order } from '../../api/orders';
import type { Claim } from '../../api/claims';
import { claimablePieces, withinClaimWindow, DAY_MS } from '../../api/claims';
import OrdersPage from './OrdersPage';

const DELIVERED_AT = Date.now() - 3 * DAY_MS;
const delivered = order(1, { status: 'delivered', isPaid: true });
const withTimeline = (o: Order, at = DELIVERED_AT): Order => ({ ...o, timeline: [{ kind: 'delivered', label: 'Delivered', at }] });
const facts = (claimWindowDays = 30) => ok(storeFacts({ claimWindowDays }));

/** The orders page over `orders`, with `claims` of o1 and `other` for the rest. */
function ordersWithClaims(orders: Order[], claims: Claim[], other?: (method: string, path: string, request: Request) => Promise<FakeResponse | undefined> | FakeResponse | undefined, deliveredAt = DELIVERED_AT) {
  return mockApi(async (method, path, _url, request) => {
    if (method === 'GET' && path === '/api/orders') return { body: { success: true, message: 'Orders', data: orders, pagination: { page: 1, limit: 10, total: orders.length, pages: 1 } } };
    if (method === 'GET' && path === '/api/store') return facts();
    if (method === 'GET' && path === '/api/orders/o1') return ok(withTimeline(orders[0], deliveredAt));
    if (method === 'GET' && path === '/api/orders/o1/claims') return ok(claims);
    return other?.(method, path, request);
  });
}

function renderOrders() {
  signedIn();
  return renderRoutes([{ path: '/user/orders', element: <OrdersPage /> }], '/user/orders');
}

describe('claims on an order', () => {
  it('counts the pieces left to claim on a line: its sizes, less its open or granted claims', () => {
    const line = { _id: 'i2', quantity: { s: 0, m: 5, xl: 3 } };
    expect(claimablePieces(line, [])).toEqual({ m: 5, xl: 3 });
    const claims = [
      claim({ itemId: 'i2', pieces: { m: 2 } }),
      claim({ itemId: 'i2', pieces: { xl: 3 }, status: 'reprinted' }),
      claim({ itemId: 'i2', pieces: { m: 3 }, status: 'rejected' }),
      claim({ itemId: 'i1', pieces: { m: 3 } }),
    ];
    expect(claimablePieces(line, claims)).toEqual({ m: 3, xl: 0 });
  });

  it('is open within the window from delivery, and left to the server when the delivery date is unknown', () => {
    const now = Date.UTC(2026, 11, 31);
    expect(withinClaimWindow(now - 30 * DAY_MS, 30, now)).toBe(true);
    expect(withinClaimWindow(now - 30 * DAY_MS - 1, 30, now)).toBe(false);
    expect(withinClaimWindow(undefined, 30, now)).toBe(true);
  });

  it('reports two misprinted pieces with a photo and shows the ticket number', async () => {
    const bytes = [0x89, 0x50, 0x4e, 0x47, 1, 2, 3];
    // jsdom's File lacks the browser's arrayBuffer().
    const photo = Object.assign(new File([new Uint8Array(bytes)], 'smudge.png', { type: 'image/png' }), { arrayBuffer: async () => new Uint8Array(bytes).buffer });
    const sha = createHash('sha256').update(Buffer.from(bytes)).digest('hex');
    const uploads: { path: string; type: string | null; bytes: number }[] = [];
    const filed: unknown[] = [];
    const claims: Claim[] = [];
    ordersWithClaims([delivered], claims, async (method, path, request) => {
      if (method === 'PUT' && path.startsWith('/api/artwork/')) {
        uploads.push({ path, type: request.headers.get('content-type'), bytes: (await request.arrayBuffer()).byteLength });
        return { status: 201, body: { success: true, message: 'Image stored', data: { sha256: sha, mime: 'image/png', bytes: 7, width: 1, height: 1 } } };
      }
      if (method === 'POST' && path === '/api/orders/o1/claims') {
        const body = (await request.json()) as Claim;
        filed.push(body);
        claims.push(claim({ pieces: body.pieces, photos: body.photos, message: body.message }));
        return { status: 201, body: { success: true, message: 'Claim filed', data: claims[0] } };
      }
      return undefined;
    });
    renderOrders();
    const [card] = await screen.findAllByTestId('order-card');
    const user = userEvent.setup();
    await user.click(await within(card).findByRole('button', { name: 'Report a problem' }));
    const dialog = screen.getByRole('dialog', { name: 'Report a problem' });

    // Nothing chosen: each missing part is named, nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Report the problem' }));
    expect(within(dialog).getByText('Choose how many pieces have the problem')).toBeTruthy();
    expect(within(dialog).getByText('Please describe the problem')).toBeTruthy();
    expect(within(dialog).getByText('Please add at least one photo of the problem')).toBeTruthy();
    expect(filed).toEqual([]);

    // No more than ordered.
    const m = within(dialog).getByRole('spinbutton', { name: 'Size M (up to 10)' });
    await user.clear(m);
    await user.type(m, '11');
    await user.click(within(dialog).getByRole('button', { name: 'Report the problem' }));
    expect(within(dialog).getByText('No more than 10 pieces of size M')).toBeTruthy();

    await user.clear(m);
    await user.type(m, '2');
    await user.click(within(dialog).getByRole('radio', { name: 'Misprint' }));
    await user.type(within(dialog).getByLabelText('Describe the problem'), 'The logo is printed upside down on two shirts.');
    await user.upload(within(dialog).getByLabelText('Photos of the problem'), photo);
    await within(dialog).findByText('Uploaded');
    expect(within(dialog).getByRole('img', { name: 'Photo 1: smudge.png' })).toBeTruthy();
    expect(uploads).toEqual([{ path: `/api/artwork/${sha}`, type: 'image/png', bytes: 7 }]);

    await user.click(within(dialog).getByRole('button', { name: 'Report the problem' }));
    const done = await within(card).findByRole('status');
    expect(done.textContent).toContain('ticket GRV/26-27/000007');
    expect(within(done).getByRole('link', { name: 'Support' }).getAttribute('href')).toBe('/account/support');
    expect(filed).toEqual([{ itemId: 'i1', pieces: { m: 2 }, reason: 'misprint', message: 'The logo is printed upside down on two shirts.', photos: [sha] }]);
    expect(screen.queryByRole('dialog')).toBeNull();
    const listed = await within(card).findByTestId('claim');
    expect(listed.textContent).toContain('Ticket GRV/26-27/000007 · Misprint · M 2');
    expect(listed.textContent).toContain('Under review');
  });

  it('asks which design when the order has several, and counts that line’s pieces', async () => {
    const second = { ...delivered.orderItems[0], _id: 'i2', name: 'Shirt Half Sleeve', color: 'black', quantity: { s: 0, m: 0, l: 0, xl: 30, xxl: 0 } };
    const two = { ...delivered, orderItems: [delivered.orderItems[0], second] };
    const filed: unknown[] = [];
    ordersWithClaims([two], [claim({ itemId: 'i1', pieces: { m: 10, l: 15 } })], async (method, path, request) => {
      if (method !== 'POST' || path !== '/api/orders/o1/claims') return undefined;
      filed.push(await request.json());
      return { status: 201, body: { success: true, message: 'Claim filed', data: claim({ id: 'c2', itemId: 'i2', ticketNumber: 'GRV/26-27/000008', pieces: { xl: 1 }, reason: 'missing', photos: [] }) } };
    });
    renderOrders();
    const [card] = await screen.findAllByTestId('order-card');
    const user = userEvent.setup();
    await user.click(await within(card).findByRole('button', { name: 'Report a problem' }));
    const dialog = screen.getByRole('dialog', { name: 'Report a problem' });
    // The first line is claimed in full: only the second is offered.
    expect(within(dialog).queryByLabelText('Which design?')).toBeNull();
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Size XL (up to 30)' }), '1');
    await user.click(within(dialog).getByRole('radio', { name: 'Missing pieces' }));
    await user.type(within(dialog).getByLabelText('Describe the problem'), 'One shirt was not in the parcel.');
    await user.click(within(dialog).getByRole('button', { name: 'Report the problem' }));
    await within(card).findByText('GRV/26-27/000008', { selector: 'strong' });
    expect(filed).toEqual([{ itemId: 'i2', pieces: { xl: 1 }, reason: 'missing', message: 'One shirt was not in the parcel.', photos: [] }]);
  });

  it('offers each line with pieces left to claim', async () => {
    const second = { ...delivered.orderItems[0], _id: 'i2', name: 'Shirt Half Sleeve', color: 'black', quantity: { s: 0, m: 0, l: 0, xl: 30, xxl: 0 } };
    ordersWithClaims([{ ...delivered, orderItems: [delivered.orderItems[0], second] }], []);
    renderOrders();
    const [card] = await screen.findAllByTestId('order-card');
    const user = userEvent.setup();
    await user.click(await within(card).findByRole('button', { name: 'Report a problem' }));
    const dialog = screen.getByRole('dialog', { name: 'Report a problem' });
    const which = within(dialog).getByLabelText('Which design?');
    expect(within(which).getAllByRole('option').map((o) => o.textContent)).toEqual(['T-Shirt Normal · white', 'Shirt Half Sleeve · black']);
    expect(within(dialog).getByRole('spinbutton', { name: 'Size M (up to 10)' })).toBeTruthy();
    await user.selectOptions(which, 'i2');
    expect(within(dialog).getAllByRole('spinbutton').map((i) => i.getAttribute('aria-label') ?? i.closest('label')?.textContent)).toEqual(['Size XL (up to 30)']);
  });

  it('shows the server’s reason when it refuses the claim and keeps the form', async () => {
    ordersWithClaims([delivered], [], (method, path) => (method === 'POST' && path === '/api/orders/o1/claims' ? fail(409, 'Order LT-20261122-000001 was delivered more than 30 days ago') : undefined));
    renderOrders();
    const [card] = await screen.findAllByTestId('order-card');
    const user = userEvent.setup();
    await user.click(await within(card).findByRole('button', { name: 'Report a problem' }));
    const dialog = screen.getByRole('dialog', { name: 'Report a problem' });
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Size L (up to 15)' }), '1');
    await user.click(within(dialog).getByRole('radio', { name: 'Missing pieces' }));
    await user.type(within(dialog).getByLabelText('Describe the problem'), 'One shirt was not in the parcel.');
    await user.click(within(dialog).getByRole('button', { name: 'Report the problem' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Order LT-20261122-000001 was delivered more than 30 days ago');
  });

  it('lists the claims with their decisions, the reprint by its order number', async () => {
    const decided = [
      claim({ status: 'reprinted', decision: { action: 'reprint', note: 'Sorry about that!', decidedAt: DELIVERED_AT + DAY_MS, reprintOrderId: 'o9' } }),
      claim({ id: 'c2', ticketNumber: 'GRV/26-27/000008', pieces: { l: 1 }, reason: 'damaged', status: 'refunded', decision: { action: 'refund', note: '', decidedAt: DELIVERED_AT + DAY_MS, creditNoteNumber: 'CN/26-27/000003', refundPaise: 25000 } }),
      claim({ id: 'c3', ticketNumber: 'GRV/26-27/000009', status: 'rejected', decision: { action: 'reject', note: 'The photo shows a different order.', decidedAt: DELIVERED_AT + DAY_MS } }),
    ];
    ordersWithClaims([delivered], decided, (_m, path) => (path === '/api/orders/o9' ? ok(order(9, { orderNumber: 'LT-20261201-000009', totalPrice: 0 })) : undefined));
    renderOrders();
    const [card] = await screen.findAllByTestId('order-card');
    const listed = await within(card).findAllByTestId('claim');
    await waitFor(() => expect(listed[0].textContent).toContain('Reprinted free of charge as order LT-20261201-000009.'));
    expect(listed[0].textContent).toContain('“Sorry about that!”');
    expect(listed[1].textContent).toContain('Refunded ₹250.00 (credit note CN/26-27/000003).');
    expect(listed[2].textContent).toContain('Not accepted. “The photo shows a different order.”');
    // Pieces are left to claim: the form is still offered.
    expect(within(card).getByRole('button', { name: 'Report a problem' })).toBeTruthy();
  });

  it('sends an order outside the window, or not delivered, to the contact form with the order named', async () => {
    ordersWithClaims([delivered, order(2, { status: 'shipped', isPaid: true })], [], undefined, Date.now() - 31 * DAY_MS);
    renderOrders();
    const cards = await screen.findAllByTestId('order-card');
    const late = await within(cards[0]).findByRole('link', { name: 'Report a problem' });
    expect(late.getAttribute('href')).toBe('/contact?orderId=LT-20261122-000001');
    expect(within(cards[1]).getByRole('link', { name: 'Report a problem' }).getAttribute('href')).toBe('/contact?orderId=LT-20261122-000002');
    expect(within(cards[0]).queryByRole('button', { name: 'Report a problem' })).toBeNull();
  });
});
