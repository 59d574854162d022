// The cart in Hindi: its headings, lines, totals and buttons read in Hindi, with no English word left but the
// data's own (the product's name and colour, the gateway's label from the server).
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { designDoc, inHindi, mockApi, ok, renderRoutes, signedIn } from '../../test/testkit';
import type { Cart, CartItem } from '../../api/cart';
import { englishLeft } from '../../test/englishLeft';
import CartPage from './CartPage';

const item: CartItem = {
  _id: 'line1',
  productId: 'p1',
  name: 'Polo',
  color: 'navy',
  colorHex: '#000080',
  price: 25000,
  basePrice: 25000,
  tierDiscountBps: 0,
  tierDiscount: 0,
  discount: 0,
  quantity: { s: 0, m: 10, l: 15, xl: 0, xxl: 0 },
  itemCount: 25,
  elements: 2,
  designFee: 5000,
  sizeSurcharges: 0,
  lineTotal: 630000,
  artworkHash: 'h',
  printWarnings: [],
  design: designDoc(),
};
const cart: Cart = {
  _id: 'c1',
  items: [item],
  itemCount: 25,
  subtotal: 630000,
  discount: 0,
  gatewayChargeBps: 250,
  gatewayLabel: 'Gateway',
  gatewayCharge: 15750,
  total: 645750,
  totalPrice: 645750,
};

describe('the cart in Hindi', () => {
  it('reads in Hindi', async () => {
    await inHindi();
    signedIn();
    mockApi((m, path) => (m === 'GET' && path === '/api/cart' ? ok(cart) : undefined));
    const { container } = renderRoutes([{ path: '/cart', element: <CartPage /> }], '/cart');
    expect(await screen.findByRole('heading', { name: 'आपका कार्ट' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'चेकआउट करें' })).toBeTruthy();
    expect(screen.getByText('25 आइटम')).toBeTruthy();
    expect(container.textContent).toContain('navy · 2 डिज़ाइन एलिमेंट · ₹250.00 प्रति पीस · डिज़ाइन शुल्क ₹50.00');
    expect(screen.getByPlaceholderText('कूपन कोड')).toBeTruthy();
    expect(englishLeft(container, ['Polo', 'navy', 'Gateway', 'XXL'])).toEqual([]);
  });
});
