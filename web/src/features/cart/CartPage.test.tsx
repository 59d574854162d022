import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { calls, designDoc, fail, mockApi, ok, product, renderRoutes, signedIn } from '../../test/testkit';
import type { Cart, CartItem } from '../../api/cart';
import { ApiError, SERVER_UNREACHABLE } from '../../lib/api';
import CartPage, { errorText } from './CartPage';
import { addLocalLine, localLines } from '../../lib/localCart';
import type { Design } from '../../lib/engine';

function line(overrides: Partial<CartItem> = {}): CartItem {
  return {
    _id: 'line1',
    productId: 'p1',
    name: 'T-Shirt Normal',
    color: 'white',
    colorHex: '#ffffff',
    price: 25000,
    basePrice: 25000,
    tierDiscountBps: 0,
    tierDiscount: 0,
    discount: 0,
    quantity: { s: 0, m: 10, l: 15, xl: 0, xxl: 0 },
    itemCount: 25,
    elements: 0,
    designFee: 0,
    sizeSurcharges: 0,
    lineTotal: 625000,
    artworkHash: 'h',
    printWarnings: [],
    design: designDoc(),
    ...overrides,
  };
}

/** The cart as the server prices it, at its fee (2.5% unless given). */
function cart(items: CartItem[], { bps = 250, label = 'Payment Gateway (2.5%)' } = {}): Cart {
  const subtotal = items.reduce((s, i) => s + i.lineTotal, 0);
  const gatewayCharge = Math.floor((subtotal * bps + 5000) / 10000);
  const total = subtotal + gatewayCharge;
  return { _id: 'c1', items, itemCount: items.reduce((s, i) => s + i.itemCount, 0), subtotal, discount: 0, gatewayChargeBps: bps, gatewayLabel: label, gatewayCharge, total, totalPrice: total };
}

const renderCart = () => renderRoutes([{ path: '/cart', element: <CartPage /> }], '/cart');

describe('CartPage', () => {
  it("shows each line and the server's totals in rupees", async () => {
    signedIn();
    mockApi((m, path) => (m === 'GET' && path === '/api/cart' ? ok(cart([line()])) : undefined));
    renderCart();
    const row = await screen.findByTestId('cart-line');
    expect(within(row).getByText('T-Shirt Normal')).toBeTruthy();
    expect(within(row).getByText('₹6,250.00')).toBeTruthy();
    expect(screen.getByTestId('cart-total').textContent).toBe('₹6,406.25');
    expect(screen.getByText('Payment Gateway (2.5%)').nextElementSibling?.textContent).toBe('₹156.25');
    expect((screen.getByLabelText('Quantity L') as HTMLInputElement).value).toBe('15');
  });

  it("shows the server's preflight warning on a line whose picture prints at a low resolution, and only there", async () => {
    signedIn();
    const warning = 'The image on the Back prints at 100 DPI (below 150): it may look blurry';
    const low = line({ _id: 'low', printWarnings: [warning] });
    const sharp = line({ _id: 'sharp' });
    mockApi((m, path) => (m === 'GET' && path === '/api/cart' ? ok(cart([low, sharp])) : undefined));
    renderCart();
    const [first, second] = await screen.findAllByTestId('cart-line');
    expect(within(first).getByTestId('print-warnings').textContent).toContain(warning);
    expect(within(second).queryByTestId('print-warnings')).toBeNull();
  });

  it("shows a line's quantity tier and the server's hint for the next one", async () => {
    signedIn();
    const tiered = line({ price: 28405, basePrice: 29900, tierDiscountBps: 500, tierDiscount: 74750, tierLabel: 'Quantity tier: 5% off', nextTierHint: 'Add 50 more for ₹14.95 less per piece', itemCount: 50, lineTotal: 1420250 });
    mockApi((m, path) => (m === 'GET' && path === '/api/cart' ? ok(cart([tiered, line({ _id: 'base' })])) : undefined));
    renderCart();
    const [first, second] = await screen.findAllByTestId('cart-line');
    expect(within(first).getByTestId('cart-unit-price').textContent).toBe('₹284.05');
    expect(within(first).getByTestId('cart-tier').textContent).toBe('Quantity tier: 5% off ₹299.00: you save ₹747.50');
    expect(within(first).getByTestId('cart-next-tier').textContent).toBe('Add 50 more for ₹14.95 less per piece');
    expect(within(second).queryByTestId('cart-tier')).toBeNull();
    expect(within(second).queryByTestId('cart-next-tier')).toBeNull();
  });

  it('shows no gateway line when the merchant absorbs the fee', async () => {
    signedIn();
    const absorbed = cart([line()], { bps: 0, label: 'Payment Gateway (0%)' });
    mockApi((m, path) => (m === 'GET' && path === '/api/cart' ? ok(absorbed) : undefined));
    renderCart();
    expect((await screen.findByTestId('cart-total')).textContent).toBe('₹6,250.00');
    expect(screen.queryByText(/Payment Gateway/)).toBeNull();
  });

  it('has an empty state that leads back to the shop', async () => {
    signedIn();
    mockApi((_m, path) => (path === '/api/cart' ? ok(cart([])) : undefined));
    renderCart();
    expect(await screen.findByText('Your cart is empty')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Continue Shopping' }));
    expect(screen.getByTestId('path').textContent).toBe('/');
  });

  it('clears only after the confirmation', async () => {
    signedIn();
    let items = [line()];
    const fetchMock = mockApi((m, path) => {
      if (path !== '/api/cart') return undefined;
      if (m === 'DELETE') items = [];
      return ok(cart(items));
    });
    renderCart();
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Clear cart' }));
    expect(screen.getByText('Are you sure you want to clear your cart?')).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Keep items' }));
    expect(fetchMock.mock.calls.some(([r]) => r instanceof Request && r.method === 'DELETE')).toBe(false);
    await u.click(screen.getByRole('button', { name: 'Clear cart' }));
    await u.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Clear cart' }));
    expect(await screen.findByText('Your cart is empty')).toBeTruthy();
  });

  it('marks a quoted line with its quote and held price, its pieces fixed, and only that line', async () => {
    signedIn();
    const quoted = line({ _id: 'quoted', price: 20000, lineTotal: 500000, quote: { id: 'q1', number: 'QT/26-27/000001', heldUnitPrice: 20000 } });
    mockApi((m, path) => (m === 'GET' && path === '/api/cart' ? ok(cart([quoted, line({ _id: 'plain' })])) : undefined));
    renderCart();
    const [first, second] = await screen.findAllByTestId('cart-line');
    expect(within(first).getByTestId('cart-quote').textContent).toContain('Quoted price QT/26-27/000001: ₹200.00 each');
    expect((within(first).getByRole('button', { name: 'More L' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(second).queryByTestId('cart-quote')).toBeNull();
    expect((within(second).getByRole('button', { name: 'More L' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('sends edited quantities and shows the server refusing them', async () => {
    signedIn();
    let sent: unknown = null;
    mockApi(async (m, path, _url, request) => {
      if (path === '/api/cart') return ok(cart([line()]));
      if (m === 'PUT' && path === '/api/cart/items/line1') {
        sent = await request.json();
        return fail(400, 'Minimum quantity requirement not met. You need 1 more items to reach the minimum of 25 per color.');
      }
      return undefined;
    });
    renderCart();
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Fewer L' }));
    await u.click(screen.getByRole('button', { name: 'Update to 24 items' }));
    expect((await screen.findByRole('alert')).textContent).toContain('You need 1 more items');
    expect(sent).toEqual({ quantity: { s: 0, m: 10, l: 14, xl: 0, xxl: 0 } });
  });

  it("edits a line in its product's sizes, a surcharge named, with the size chart beside them", async () => {
    signedIn();
    let sent: unknown = null;
    const tee = product({ _id: 'p1', sizes: ['M', 'L', '3XL'], sizePrices: { '3XL': 5000 }, sizeChart: { unit: 'cm', measurements: ['Chest'], rows: { M: [102], L: [107], '3XL': [122] } } });
    mockApi(async (m, path, _url, request) => {
      if (path === '/api/cart') return ok(cart([line({ quantity: { m: 10, l: 15, '3xl': 0 } })]));
      if (path === '/api/products/p1') return ok(tee);
      if (m === 'PUT') sent = await request.json();
      return undefined;
    });
    renderCart();
    const row = await screen.findByTestId('cart-line');
    await within(row).findByLabelText('Quantity 3XL');
    expect([...row.querySelectorAll('.size-label')].map((l) => l.textContent)).toEqual(['M', 'L', '3XL +₹50.00']);
    expect(within(row).getByTestId('size-chart-beside').textContent).toContain('Size chart (cm)');
    const u = userEvent.setup();
    await u.click(within(row).getByRole('button', { name: 'More 3XL' }));
    await u.click(within(row).getByRole('button', { name: 'Update to 26 items' }));
    await waitFor(() => expect(sent).toEqual({ quantity: { m: 10, l: 15, '3xl': 1 } }));
  });

  it("shows the server's message when removing fails", async () => {
    signedIn();
    const fetchMock = mockApi((m, path) => {
      if (path === '/api/cart') return ok(cart([line()]));
      if (m === 'DELETE') return fail(404, 'Cart item not found');
      return undefined;
    });
    renderCart();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove T-Shirt Normal (white)' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Cart item not found');
    await waitFor(() => expect(calls(fetchMock, '/api/cart/items/line1')).toBe(1));
  });

  it('says the server is unreachable when a change gets no answer', async () => {
    signedIn();
    mockApi((m, path) => {
      if (path === '/api/cart') return ok(cart([line()]));
      if (m === 'DELETE') throw new TypeError('Failed to fetch');
      return undefined;
    });
    renderCart();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove T-Shirt Normal (white)' }));
    expect((await screen.findByRole('alert')).textContent).toBe(SERVER_UNREACHABLE);
  });

  it('shows the cart kept in this browser, labelled offline, when the backend is down', async () => {
    signedIn();
    const fetchMock = mockApi(() => undefined, { backend: false });
    renderCart();
    expect((await screen.findByText('Offline')).className).toBe('offline-label');
    expect(screen.getByText(/Your offline cart is empty/)).toBeTruthy();
    await act(() => new Promise((r) => setTimeout(r, 150)));
    expect(calls(fetchMock, '/api/cart')).toBe(0);
  });

  it('prices the offline lines with the engine at the last known fee, with checkout disabled', async () => {
    signedIn();
    localStorage.setItem('store-fee-policy', JSON.stringify({ gatewayFeeBps: 175, gatewayLabel: 'Payment Gateway (1.75%)' }));
    await addLocalLine({ design: designDoc({ productId: '64f1a2b3c4d5e6f708190a05' }) as Design, name: 'T-Shirt Normal', unitPrice: 25000 });
    mockApi(() => undefined, { backend: false });
    renderCart();
    const row = await screen.findByTestId('cart-line');
    expect(within(row).getByText('₹6,250.00')).toBeTruthy();
    // ₹6,250 + 1.75% (₹109.375, half up).
    expect(screen.getByTestId('cart-total').textContent).toBe('₹6,359.38');
    expect(screen.getByText('Payment Gateway (1.75%)').nextElementSibling?.textContent).toBe('₹109.38');
    expect((screen.getByRole('button', { name: 'Proceed to Checkout' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(within(row).getByRole('button', { name: 'Remove T-Shirt Normal (white, 25 items)' }));
    await screen.findByText(/Your offline cart is empty/);
    expect(await localLines()).toEqual([]);
  });

  it('asks for a login when a cart change is refused for want of a session', () => {
    expect(errorText(new ApiError('Please log in', 401), 'Failed to clear cart')).toBe('Please login to manage cart');
    expect(errorText(new ApiError('Cart item not found', 404), 'Failed to remove item from cart')).toBe('Cart item not found');
    expect(errorText(new DOMException('timed out', 'TimeoutError'), 'Failed to clear cart')).toBe(SERVER_UNREACHABLE);
    expect(errorText(new Error('?'), 'Failed to clear cart')).toBe('Failed to clear cart');
  });
});
