import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { designDoc, mockApi, ok, renderRoutes, signedIn } from '../../test/testkit';
import type { Cart, CartItem } from '../../api/cart';
import CartPage from './CartPage';


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
/** The cart as the server prices it with the 2.5% fee, the coupon's discount already in each line's total. */
function cart(items: CartItem[], coupon?: Cart['coupon']): Cart {
  const subtotal = items.reduce((s, i) => s + i.lineTotal, 0);
  const discount = items.reduce((s, i) => s + i.discount, 0);
  const gatewayCharge = Math.floor((subtotal * 250 + 5000) / 10000);
  const total = subtotal + gatewayCharge;
  return { _id: 'c1', items, itemCount: 25, subtotal, discount, coupon, gatewayChargeBps: 250, gatewayLabel: 'Payment Gateway (2.5%)', gatewayCharge, total, totalPrice: total };
}

const refusal = { status: 400, body: { success: false, message: 'This coupon has expired.', code: 'COUPON_EXPIRED' } };

describe('CouponField', () => {
  it("applies a code and shows each line's discount and the new total; each refusal in the server's words; removes it", async () => {
    signedIn();
    let applied = false;
    const sent: string[] = [];
    mockApi(async (m, path, _url, request) => {
      if (path === '/api/cart/coupon' && m === 'POST') {
        const { code } = (await request.json()) as { code: string };
        sent.push(code);
        if (code !== 'ten10') return refusal;
        applied = true;
      }
      if (path === '/api/cart/coupon' && m === 'DELETE') applied = false;
      if (!path.startsWith('/api/cart')) return undefined;
      return ok(
        applied
          ? cart([line({ discount: 62500, lineTotal: 562500 })], { code: 'TEN10', label: '10% off', applied: true })
          : cart([line()]),
      );
    });
    renderRoutes([{ path: '/cart', element: <CartPage /> }], '/cart');
    const u = userEvent.setup();
    const field = await screen.findByLabelText('Coupon code');
    await u.type(field, 'old10');
    await u.click(screen.getByRole('button', { name: 'Apply' }));
    expect((await screen.findByTestId('coupon-error')).textContent).toBe('This coupon has expired.');
    expect(screen.getByTestId('cart-total').textContent).toBe('₹6,406.25');

    await u.clear(field);
    await u.type(field, 'ten10');
    await u.click(screen.getByRole('button', { name: 'Apply' }));
    expect((await screen.findByTestId('cart-line-discount')).textContent).toBe('Coupon: −₹625.00 (was ₹6,250.00)');
    // ₹5,625.00 + 2.5% ₹140.63.
    expect(screen.getByTestId('cart-total').textContent).toBe('₹5,765.63');
    expect(screen.getByTestId('cart-discount').textContent).toBe('−₹625.00');
    expect(within(screen.getByTestId('coupon-field')).getByTestId('coupon-code').textContent).toBe('TEN10');
    expect(screen.queryByTestId('coupon-error')).toBeNull();
    expect(sent).toEqual(['old10', 'ten10']);

    await u.click(screen.getByRole('button', { name: 'Remove coupon TEN10' }));
    expect(await screen.findByText('₹6,406.25')).toBeTruthy();
    expect(screen.queryByTestId('cart-line-discount')).toBeNull();
  });

  it('names a coupon on the cart that is no longer taken, and why', async () => {
    signedIn();
    const kept = { code: 'OLD10', label: '10% off', applied: false, error: 'This coupon has expired.', errorCode: 'COUPON_EXPIRED' };
    mockApi((m, path) => (m === 'GET' && path === '/api/cart' ? ok(cart([line()], kept)) : undefined));
    renderRoutes([{ path: '/cart', element: <CartPage /> }], '/cart');
    expect((await screen.findByTestId('coupon-error')).textContent).toBe('This coupon has expired.');
    expect(screen.getByTestId('cart-total').textContent).toBe('₹6,406.25');
  });
});
