// Checkout, its confirmation and its failure page in Hindi: headings, fields, the form's own messages, the summary
// and the buttons read in Hindi, with no English word left but the data's own.
import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { designDoc, inHindi, mockApi, ok, renderRoutes, signedIn, storeFacts } from '../../test/testkit';
import { englishLeft } from '../../test/englishLeft';
import type { Cart } from '../../api/cart';
import type { OrderConfirmation } from '../../api/payments';
import CheckoutPage from './CheckoutPage';
import OrderConfirmationPage from './OrderConfirmationPage';
import OrderFailedPage from './OrderFailedPage';

const CART: Cart = {
  _id: 'c1',
  items: [
    {
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
      quantity: { m: 25 },
      itemCount: 25,
      elements: 1,
      designFee: 5000,
      sizeSurcharges: 0,
      lineTotal: 630000,
      artworkHash: 'h',
      printWarnings: [],
      design: designDoc(),
    },
  ],
  itemCount: 25,
  subtotal: 630000,
  discount: 0,
  gatewayChargeBps: 250,
  gatewayLabel: 'Gateway',
  gatewayCharge: 15750,
  total: 645750,
  totalPrice: 645750,
  advance: { percent: 50, advance: 322875, balance: 322875 },
};
const METHODS = { provider: 'test', keyId: 'rzp_test_builtin', currency: 'INR', methods: ['card'], testMode: true };
// The shopper's own data, shown as typed.
const DATA = ['Polo', 'navy', 'Gateway', 'GSTIN', 'Asha', 'Verma', 'asha', 'example', 'com', 'Janpath', 'New', 'Delhi', 'India'];

describe('checkout in Hindi', () => {
  it('reads in Hindi, its own messages too', async () => {
    await inHindi();
    signedIn({ name: '', email: '' });
    mockApi((_m, path) => (path === '/api/cart' ? ok(CART) : path === '/api/payments/methods' ? ok(METHODS) : undefined));
    const { container } = renderRoutes([{ path: '/shipping', element: <CheckoutPage /> }], '/shipping');
    expect(await screen.findByRole('heading', { name: 'चेकआउट' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'टेस्ट मोड' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'डिलीवरी का पता' })).toBeTruthy();
    expect(screen.getByLabelText(/^पिनकोड/)).toBeTruthy();
    expect(screen.getByText('उप-योग (25 आइटम)')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'ऑर्डर करें' }));
    expect((await screen.findByRole('alert')).textContent).toBe('कृपया डिलीवरी की सभी ज़रूरी जानकारी भरें');
    expect(screen.getAllByText('यह जानकारी ज़रूरी है').length).toBeGreaterThan(0);
    expect(englishLeft(container, DATA)).toEqual([]);
  });

  it('confirms an order in Hindi', async () => {
    await inHindi();
    signedIn();
    mockApi(() => undefined);
    const address = { email: 'asha@example.com', fullName: 'Asha Verma', phone: '9876543210', addressLine1: '12 Janpath', street: '12 Janpath', city: 'New Delhi', state: 'Delhi', zipCode: '110001', country: 'India' };
    const orderData: OrderConfirmation = { orderId: 'o1', orderNumber: 'LT-1', totalPrice: 645750, itemsCount: 25, shippingAddress: address, billingAddress: address, paymentId: 'pay_T1', status: 'confirmed', isPaid: true };
    const view = renderRoutes([{ path: '/order-confirmation', element: <OrderConfirmationPage /> }], '/products');
    await act(() => view.router.navigate('/order-confirmation', { state: { orderData } }));
    expect(screen.getByRole('heading', { name: 'ऑर्डर सफलतापूर्वक हो गया!' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'मेरे ऑर्डर देखें' })).toBeTruthy();
    expect(englishLeft(view.container, [...DATA, 'pay'])).toEqual([]);
  });

  it('says a payment failed in Hindi', async () => {
    await inHindi();
    mockApi((_m, path) => (path === '/api/store' ? ok(storeFacts()) : undefined));
    const view = renderRoutes([{ path: '/order-failed', element: <OrderFailedPage /> }], '/products');
    await act(() => view.router.navigate('/order-failed', { state: { errorData: { code: 'PAYMENT_FAILED', description: '' } } }));
    expect(screen.getByRole('heading', { name: 'भुगतान नहीं हो सका' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('ऑर्डर करने में गड़बड़ी हुई। कृपया फिर से कोशिश करें।');
    await screen.findByRole('link', { name: 'help@shop.example' });
    await userEvent.click(screen.getByRole('button', { name: 'सहायता से संपर्क करें' }));
    expect(screen.getByRole('dialog').textContent).toContain('कृपया त्रुटि कोड PAYMENT_FAILED बताएँ।');
    expect(englishLeft(view.container.ownerDocument.body, ['PAYMENT', 'FAILED', 'help', 'shop', 'example'])).toEqual([]);
  });
});
