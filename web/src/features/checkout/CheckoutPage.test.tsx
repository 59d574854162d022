import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { calls, designDoc, fail, mockApi, ok, renderRoutes, signedIn, type FakeResponse } from '../../test/testkit';
import type { Cart } from '../../api/cart';
import CheckoutPage from './CheckoutPage';
import OrderConfirmationPage from './OrderConfirmationPage';

const CART: Cart = {
  _id: 'c1',
  items: [
    {
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
      elements: 1,
      designFee: 0,
      sizeSurcharges: 0,
      lineTotal: 625000,
      artworkHash: 'h',
      printWarnings: [],
      design: designDoc(),
    },
  ],
  itemCount: 25,
  subtotal: 625000,
  discount: 0,
  gatewayChargeBps: 250,
  gatewayLabel: 'Payment Gateway (2.5%)',
  gatewayCharge: 15625,
  total: 640625,
  totalPrice: 640625,
};

const METHODS = { provider: 'test', keyId: 'rzp_test_builtin', currency: 'INR', methods: ['card'], testMode: true };
const DELHI = { pincode: '110001', district: 'New Delhi', state: 'Delhi', city: 'New Delhi' };
const CREATED = { orderId: 'order_T1', amount: CART.totalPrice, currency: 'INR', keyId: 'rzp_test_builtin', provider: 'test', order: { _id: 'o1', orderNumber: 'LT-20261122-7KQ3M9' } };
const STORED = {
  email: 'asha@example.com',
  fullName: 'Asha Verma',
  phone: '9876543210',
  addressLine1: '12 Janpath',
  street: '12 Janpath',
  city: 'New Delhi',
  state: 'Delhi',
  zipCode: '110001',
  country: 'India',
};

type Route = (method: string, path: string, request: Request) => FakeResponse | undefined | Promise<FakeResponse | undefined>;

/** The store's checkout calls, each overridable by `route`; request bodies are kept by path. */
function checkoutApi({ cart = CART, methods = METHODS, route }: { cart?: Cart; methods?: typeof METHODS; route?: Route } = {}) {
  const bodies: Record<string, unknown[]> = {};
  const fetchMock = mockApi(async (method, path, _url, request) => {
    if (method === 'POST') (bodies[path] ??= []).push(await request.clone().json());
    const own = await route?.(method, path, request);
    if (own) return own;
    if (path === '/api/cart') return ok(cart);
    if (path === '/api/payments/methods') return ok(methods);
    if (path === '/api/pincode/110001') return ok(DELHI);
    if (path.startsWith('/api/pincode/')) return fail(404, 'Invalid pincode. Please check and try again.');
    if (path === '/api/payments/create-order') return ok(CREATED, 'Order created');
    return undefined;
  });
  return { fetchMock, bodies };
}

function renderCheckout() {
  signedIn();
  return renderRoutes(
    [
      { path: '/shipping', element: <CheckoutPage /> },
      { path: '/order-confirmation', element: <OrderConfirmationPage /> },
    ],
    '/shipping',
  );
}

const shipping = () => within(screen.getByRole('group', { name: 'Shipping address' }));
const field = (label: RegExp) => shipping().getByLabelText(label) as HTMLInputElement;

/** Everything but the pincode lookup's fields; `pincode` fires one change of all six digits. */
async function fillShipping(u: ReturnType<typeof userEvent.setup>, pincode = '110001') {
  await u.type(field(/^Phone number/), '98765 43210');
  await u.type(field(/^Address line 1/), '12 Janpath');
  fireEvent.change(field(/^Pincode/), { target: { value: pincode } });
}

describe('CheckoutPage', () => {
  it("shows the spec's messages for missing and malformed fields", async () => {
    const { bodies } = checkoutApi();
    renderCheckout();
    const u = userEvent.setup();
    // Contact fields start from the signed-in user.
    expect(((await screen.findByLabelText(/^Email/)) as HTMLInputElement).value).toBe('asha@example.com');
    expect(field(/^Full name/).value).toBe('Asha Verma');

    await u.click(screen.getByRole('button', { name: 'Place Order' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please fill in all required shipping fields');
    expect(shipping().getAllByText('This field is required')).toHaveLength(5);
    expect(field(/^Phone number/).getAttribute('aria-invalid')).toBe('true');

    await u.clear(field(/^Email/));
    await u.type(field(/^Email/), 'asha@example');
    await u.type(field(/^Phone number/), '98765');
    await u.type(field(/^Address line 1/), '12 Janpath');
    await u.type(field(/^Pincode/), '110001');
    await u.type(field(/^City/), 'New Delhi');
    await u.type(field(/^State/), 'Delhi');
    await u.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(screen.getByText('Please enter a valid 10-digit mobile number', { selector: '.field-error' })).toBeTruthy();
    expect(screen.getByText('Please enter a valid email address', { selector: '.field-error' })).toBeTruthy();

    // A different billing address has its own required fields.
    await u.clear(field(/^Email/));
    await u.type(field(/^Email/), 'asha@example.com');
    // A pasted number with +91 and spaces is cleaned, not cut short.
    await u.clear(field(/^Phone number/));
    await u.click(field(/^Phone number/));
    await u.paste('+91 98765 43210');
    expect(field(/^Phone number/).value).toBe('9876543210');
    await u.click(screen.getByLabelText('Same as shipping address'));
    await u.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(screen.getByRole('alert').textContent).toBe('Please fill in all required billing fields');
    expect(bodies['/api/payments/create-order']).toBeUndefined();
  });

  it('fills city and state 500 ms after six pincode digits', async () => {
    const asked: number[] = [];
    const { fetchMock } = checkoutApi({
      route: (_m, path) => {
        if (path.startsWith('/api/pincode/')) asked.push(Date.now());
        return undefined;
      },
    });
    renderCheckout();
    await screen.findByTestId('checkout-total');
    const pin = field(/^Pincode/);
    // Five digits: nothing to look up.
    fireEvent.change(pin, { target: { value: '11000' } });
    await new Promise((r) => setTimeout(r, 600));
    expect(calls(fetchMock, '/api/pincode/11000')).toBe(0);

    const typed = Date.now();
    fireEvent.change(pin, { target: { value: '110001' } });
    await new Promise((r) => setTimeout(r, 300));
    // Nothing asked yet, when this wakes before the 500 ms are up (a loaded machine can wake it later). Below,
    // one lookup at least 495 ms after typing says the same whenever it wakes.
    if (Date.now() - typed < 495) expect(asked).toHaveLength(0);
    await waitFor(() => expect(field(/^City/).value).toBe('New Delhi'));
    expect(field(/^State/).value).toBe('Delhi');
    expect(asked).toHaveLength(1);
    expect(asked[0] - typed).toBeGreaterThanOrEqual(495);
    expect(shipping().getByText('Found: New Delhi, Delhi')).toBeTruthy();
  });

  it('says an unknown pincode is invalid and does not place the order', async () => {
    const { bodies } = checkoutApi();
    renderCheckout();
    const u = userEvent.setup();
    await screen.findByLabelText(/^Email/);
    await fillShipping(u, '999999');
    expect(await shipping().findByText('Invalid pincode. Please check and try again.', {}, { timeout: 2000 })).toBeTruthy();
    await u.type(field(/^City/), 'Somewhere');
    await u.type(field(/^State/), 'Nowhere');
    await u.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(screen.getByRole('alert').textContent).toBe('Invalid pincode. Please check and try again.');
    expect(bodies['/api/payments/create-order']).toBeUndefined();
  });

  it('shows the courier’s estimate under the pincode, and blocks an unserviceable pincode until it changes', async () => {
    const NO = 'Sorry, our couriers do not deliver to pincode 110002 yet. Please use another delivery address. (no courier)';
    const answers: Record<string, unknown> = {
      '110001': { known: true, serviceable: true, etd: '2026-11-28', days: 3, courier: 'Delhivery', message: 'Estimated delivery by Sat, 28 Nov (3 days after dispatch)' },
      '110002': { known: true, serviceable: false, message: NO },
    };
    const { bodies } = checkoutApi({
      route: (_m, path, request) => {
        if (path === '/api/pincode/110002') return ok({ ...DELHI, pincode: '110002' });
        if (path === '/api/shipping/estimate') return ok(answers[new URL(request.url).searchParams.get('pincode') ?? '']);
        return undefined;
      },
    });
    renderCheckout();
    const u = userEvent.setup();
    await screen.findByLabelText(/^Email/);
    await fillShipping(u, '110002');
    expect(await shipping().findByText(NO, {}, { timeout: 2000 })).toBeTruthy();
    const place = screen.getByRole('button', { name: 'Place Order' }) as HTMLButtonElement;
    expect(place.disabled).toBe(true);
    expect(field(/^Pincode/).getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(field(/^Pincode/), { target: { value: '110001' } });
    // Once the pincode changes the block lifts, and the new estimate follows.
    await waitFor(() => expect(place.disabled).toBe(false));
    expect(await shipping().findByText('Estimated delivery by Sat, 28 Nov (3 days after dispatch)', {}, { timeout: 2000 })).toBeTruthy();
    expect(field(/^Pincode/).getAttribute('aria-describedby')).toContain('shipping-pincode-estimate');
    expect(bodies['/api/payments/create-order']).toBeUndefined();
  });

  it('says the generic estimate quietly and never blocks when the estimate fails', async () => {
    let fails = false;
    checkoutApi({
      route: (_m, path) => {
        if (path !== '/api/shipping/estimate') return undefined;
        if (fails) throw new TypeError('Failed to fetch');
        return ok({ known: false, serviceable: true, message: 'Delivery usually takes 3 to 7 days after dispatch' });
      },
    });
    renderCheckout();
    const u = userEvent.setup();
    await screen.findByLabelText(/^Email/);
    await fillShipping(u);
    const note = await shipping().findByText('Delivery usually takes 3 to 7 days after dispatch', {}, { timeout: 2000 });
    expect(note.className).toContain('muted');
    fails = true;
    fireEvent.change(field(/^Pincode/), { target: { value: '560001' } });
    await waitFor(() => expect(shipping().queryByText('Delivery usually takes 3 to 7 days after dispatch')).toBeNull());
    await new Promise((r) => setTimeout(r, 700));
    expect((screen.getByRole('button', { name: 'Place Order' }) as HTMLButtonElement).disabled).toBe(false);
    expect(shipping().queryByText(/deliver/i)).toBeNull();
  });

  it('says when the pincode lookup itself failed, and leaves city and state to the shopper', async () => {
    checkoutApi({
      route: (_m, path) => {
        if (path.startsWith('/api/pincode/')) throw new TypeError('Failed to fetch');
        return undefined;
      },
    });
    renderCheckout();
    const u = userEvent.setup();
    await screen.findByTestId('checkout-total');
    await fillShipping(u);
    expect(await shipping().findByText('Failed to fetch pincode details. Please try again.', {}, { timeout: 2000 })).toBeTruthy();
    expect(field(/^City/).readOnly).toBe(false);
  });

  it("places the order for the server's total with zipCode, pays in the test popup and confirms", async () => {
    const { bodies } = checkoutApi({
      route: (_m, path) => {
        if (path === '/api/payments/test/complete') return ok({ razorpayOrderId: 'order_T1', razorpayPaymentId: 'pay_T1', razorpaySignature: 'sig' });
        if (path === '/api/payments/verify') {
          return ok({ orderId: 'o1', orderNumber: 'LT-20261122-7KQ3M9', totalPrice: CART.totalPrice, itemsCount: 25, shippingAddress: STORED, billingAddress: STORED, paymentId: 'pay_T1', status: 'confirmed', isPaid: true });
        }
        return undefined;
      },
    });
    renderCheckout();
    const u = userEvent.setup();
    expect((await screen.findByTestId('checkout-total')).textContent).toBe('₹6,406.25');
    expect(screen.getByText('Payment Gateway (2.5%)').nextElementSibling?.textContent).toBe('₹156.25');
    await fillShipping(u);
    await waitFor(() => expect(field(/^City/).value).toBe('New Delhi'));
    await u.click(screen.getByRole('button', { name: 'Place Order' }));

    const dialog = await screen.findByRole('dialog', { name: 'Test payment' });
    expect(within(dialog).getByTestId('test-payment-amount').textContent).toBe('₹6,406.25');
    const [sent] = bodies['/api/payments/create-order'] as Record<string, unknown>[];
    expect(sent).toMatchObject({ amount: 640625, currency: 'INR', sameAsShipping: true });
    expect(sent.whatsappUpdates).toBeUndefined(); // unticked by default: no consent
    expect(sent.receipt).toMatch(/^[A-Za-z0-9_-]{1,40}$/);
    expect(sent.shippingAddress).toEqual({
      email: 'asha@example.com',
      fullName: 'Asha Verma',
      phone: '9876543210',
      addressLine1: '12 Janpath',
      city: 'New Delhi',
      state: 'Delhi',
      zipCode: '110001',
      country: 'India',
    });
    expect(sent).not.toHaveProperty('billingAddress');

    await u.click(within(dialog).getByRole('button', { name: 'Pay ₹6,406.25 (test)' }));
    expect(await screen.findByRole('heading', { name: 'Order Placed Successfully!' })).toBeTruthy();
    expect(bodies['/api/payments/test/complete']).toEqual([{ orderId: 'order_T1', outcome: 'success' }]);
    expect(bodies['/api/payments/verify']).toEqual([{ razorpayOrderId: 'order_T1', razorpayPaymentId: 'pay_T1', razorpaySignature: 'sig', orderId: 'o1' }]);
    expect(screen.getByTestId('order-number').textContent).toBe('LT-20261122-7KQ3M9');
    expect(screen.getByText(/12 Janpath, New Delhi, Delhi 110001, India/)).toBeTruthy();
  });

  it('goes to /order-failed with the form when the test payment is declined', async () => {
    checkoutApi({
      route: (_m, path) =>
        path === '/api/payments/test/complete' ? ok({ error: { code: 'BAD_REQUEST_ERROR', description: 'Payment failed: the test card was declined.' } }) : undefined,
    });
    const { router } = renderCheckout();
    const u = userEvent.setup();
    await screen.findByTestId('checkout-total');
    await fillShipping(u);
    await waitFor(() => expect(field(/^State/).value).toBe('Delhi'));
    await u.click(screen.getByRole('button', { name: 'Place Order' }));
    await u.click(await screen.findByRole('button', { name: 'Fail payment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/order-failed'));
    const { errorData } = router.state.location.state as { errorData: Record<string, unknown> };
    expect(errorData).toMatchObject({ code: 'BAD_REQUEST_ERROR', description: 'Payment failed: the test card was declined.', orderNumber: 'LT-20261122-7KQ3M9' });
    expect(errorData.formData).toMatchObject({ shipping: { phone: '9876543210', addressLine1: '12 Janpath', pincode: '110001', city: 'New Delhi' }, sameAsShipping: true });
  });

  it('makes a new order after the old one was cancelled (409 ORDER_CANCELLED)', async () => {
    let first = true;
    const { bodies } = checkoutApi({
      route: (_m, path) => {
        if (path !== '/api/payments/create-order' || !first) return undefined;
        first = false;
        return { status: 409, body: { success: false, message: 'Order LT-1 was cancelled. Please place the order again.', code: 'ORDER_CANCELLED' } };
      },
    });
    renderCheckout();
    const u = userEvent.setup();
    await screen.findByTestId('checkout-total');
    await fillShipping(u);
    await waitFor(() => expect(field(/^City/).value).toBe('New Delhi'));
    await u.click(screen.getByRole('button', { name: 'Place Order' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Order LT-1 was cancelled. Please place the order again.');
    await u.click(screen.getByRole('button', { name: 'Place Order' }));
    await screen.findByRole('dialog', { name: 'Test payment' });
    const [a, b] = (bodies['/api/payments/create-order'] as { receipt: string }[]).map((x) => x.receipt);
    expect(b).not.toBe(a);
  });

  it('points to My Orders when the order was already paid (409 ORDER_ALREADY_PAID)', async () => {
    checkoutApi({
      route: (_m, path) =>
        path === '/api/payments/create-order'
          ? { status: 409, body: { success: false, message: 'Order LT-1 has already been paid. You can find it in My Orders.', code: 'ORDER_ALREADY_PAID' } }
          : undefined,
    });
    renderCheckout();
    const u = userEvent.setup();
    await screen.findByTestId('checkout-total');
    await fillShipping(u);
    await waitFor(() => expect(field(/^City/).value).toBe('New Delhi'));
    await u.click(screen.getByRole('button', { name: 'Place Order' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Order LT-1 has already been paid.');
    expect(within(alert).getByRole('link', { name: 'View My Orders' }).getAttribute('href')).toBe('/user/orders');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps the form when the shopper has too many orders waiting for payment (409) or places them too fast (429)', async () => {
    for (const answer of [
      { status: 409, body: { success: false, message: 'You have 5 orders waiting for payment. Please cancel one in My Orders before placing another.', code: 'TOO_MANY_OPEN_ORDERS' } },
      { status: 429, body: { success: false, message: 'Too many attempts. Please wait a little and try again.' } },
    ]) {
      checkoutApi({ route: (_m, path) => (path === '/api/payments/create-order' ? answer : undefined) });
      const { router, unmount } = renderCheckout();
      const u = userEvent.setup();
      await screen.findByTestId('checkout-total');
      await fillShipping(u);
      await waitFor(() => expect(field(/^City/).value).toBe('New Delhi'));
      await u.click(screen.getByRole('button', { name: 'Place Order' }));
      expect((await screen.findByRole('alert')).textContent).toBe(answer.body.message);
      expect(router.state.location.pathname).toBe('/shipping');
      expect(screen.getByRole('button', { name: 'Place Order' })).toBeTruthy();
      unmount();
    }
  });

  it("shows the server's message when the amount changed", async () => {
    checkoutApi({
      route: (_m, path) =>
        path === '/api/payments/create-order'
          ? { status: 400, body: { success: false, message: 'The amount has changed. Please review your cart and try again.', code: 'AMOUNT_MISMATCH' } }
          : undefined,
    });
    renderCheckout();
    const u = userEvent.setup();
    await screen.findByTestId('checkout-total');
    await fillShipping(u);
    await waitFor(() => expect(field(/^City/).value).toBe('New Delhi'));
    await u.click(screen.getByRole('button', { name: 'Place Order' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The amount has changed. Please review your cart and try again.');
    expect((screen.getByRole('button', { name: 'Place Order' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("restores the form handed back by the failure page's Try Again", async () => {
    checkoutApi();
    signedIn();
    const { router } = renderRoutes([{ path: '/shipping', element: <CheckoutPage /> }], '/cart');
    const shippingData = { email: 'asha@example.com', fullName: 'Asha Verma', phone: '9876543210', addressLine1: '12 Janpath', addressLine2: '', pincode: '110001', city: 'New Delhi', state: 'Delhi' };
    const billing = { addressLine1: '1 MG Road', addressLine2: '', pincode: '560001', city: 'Bengaluru', state: 'Karnataka' };
    await act(() => router.navigate('/shipping', { state: { formData: { shipping: shippingData, billing, sameAsShipping: false } } }));
    await screen.findByTestId('checkout-total');
    expect(field(/^Phone number/).value).toBe('9876543210');
    expect(field(/^Address line 1/).value).toBe('12 Janpath');
    expect(field(/^City/).value).toBe('New Delhi');
    expect((screen.getByLabelText('Same as shipping address') as HTMLInputElement).checked).toBe(false);
    const billingFields = within(screen.getByRole('group', { name: 'Billing address' }));
    expect((billingFields.getByLabelText(/^Address line 1/) as HTMLInputElement).value).toBe('1 MG Road');
    // Taken into the form (and its stored copy): a reload must not bring the old state back.
    await waitFor(() => expect(router.state.location.state).toBeNull());
  });

  it('shows the test buttons only in test mode', async () => {
    checkoutApi({ methods: { ...METHODS, provider: 'razorpay', keyId: 'rzp_live_x', testMode: false } });
    const first = renderCheckout();
    await screen.findByTestId('checkout-total');
    await waitFor(() => expect(first.queryClient.getQueryData(['payment-methods'])).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Fill Test Data' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save Test Order' })).toBeNull();
    first.unmount();

    checkoutApi();
    renderCheckout();
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Fill Test Data' }));
    expect(field(/^Pincode/).value).toBe('110001');
    expect(screen.getByRole('button', { name: 'Save Test Order' })).toBeTruthy();
  });

  it('fills an empty form with the default saved address and offers the others', async () => {
    const saved = [
      { _id: 'a1', type: 'home', street: '12 Janpath', city: 'New Delhi', state: 'Delhi', zipCode: '110001', country: 'India', phone: '9811111111', isDefault: true },
      { _id: 'a2', type: 'work', street: '1 MG Road', city: 'Bengaluru', state: 'Karnataka', zipCode: '560001', country: 'India', phone: '', isDefault: false },
      { _id: 'a3', type: 'other', street: '1 Main St', city: 'Springfield', state: 'IL', zipCode: '62701', country: 'United States', phone: '', isDefault: false },
    ];
    checkoutApi({ route: (_m, path) => (path === '/api/users/addresses' ? ok(saved) : undefined) });
    renderCheckout();
    const u = userEvent.setup();
    await screen.findByTestId('checkout-total');
    const picker = (await shipping().findByLabelText('Saved address')) as HTMLSelectElement;
    await waitFor(() => expect(field(/^Address line 1/).value).toBe('12 Janpath'));
    expect(picker.value).toBe('a1');
    expect(field(/^Pincode/).value).toBe('110001');
    expect(field(/^City/).value).toBe('New Delhi');
    expect(field(/^Phone number/).value).toBe('9811111111');
    // Only Indian addresses: the store delivers in India.
    expect([...picker.options].map((o) => o.value)).toEqual(['', 'a1', 'a2']);

    await u.selectOptions(picker, 'a2');
    expect(field(/^Address line 1/).value).toBe('1 MG Road');
    expect(field(/^State/).value).toBe('Karnataka');
    expect(field(/^Phone number/).value).toBe('9811111111');
    // Typing an address of one's own lets go of the saved one.
    await u.type(field(/^Address line 1/), ', 2nd floor');
    expect(picker.value).toBe('');
  });

  it('leaves a form already filled in alone', async () => {
    sessionStorage.setItem('checkout.form', JSON.stringify({ shipping: { email: 'asha@example.com', fullName: 'Asha Verma', phone: '9876543210', addressLine1: '5 Park Street', pincode: '700016', city: 'Kolkata', state: 'West Bengal' }, sameAsShipping: true }));
    const saved = [{ _id: 'a1', type: 'home', street: '12 Janpath', city: 'New Delhi', state: 'Delhi', zipCode: '110001', country: 'India', phone: '', isDefault: true }];
    checkoutApi({ route: (_m, path) => (path === '/api/users/addresses' ? ok(saved) : undefined) });
    renderCheckout();
    await screen.findByTestId('checkout-total');
    const picker = (await shipping().findByLabelText('Saved address')) as HTMLSelectElement;
    await new Promise((r) => setTimeout(r, 50));
    expect(picker.value).toBe('');
    expect(field(/^Address line 1/).value).toBe('5 Park Street');
  });

  it('shows no gateway line when the merchant absorbs the fee', async () => {
    checkoutApi({ cart: { ...CART, gatewayChargeBps: 0, gatewayLabel: 'Payment Gateway (0%)', gatewayCharge: 0, total: 625000, totalPrice: 625000 } });
    renderCheckout();
    expect((await screen.findByTestId('checkout-total')).textContent).toBe('₹6,250.00');
    expect(screen.queryByText(/Payment Gateway/)).toBeNull();
  });

  it("shows the server's preflight warning on a summary line whose picture prints at a low resolution", async () => {
    const warning = 'The image on the Left Chest prints at 40 DPI (below 150): it may look blurry';
    checkoutApi({ cart: { ...CART, items: [{ ...CART.items[0], printWarnings: [warning] }] } });
    renderCheckout();
    const line = await screen.findByTestId('summary-line');
    expect(within(line).getByTestId('print-warnings').textContent).toContain(warning);
  });

  it('shows the names and numbers of a team line as their own charge', async () => {
    const personalisation = { label: 'Names and numbers', pieces: 25, nameCharge: 6000, numberCharge: 4000, perPiece: 10000, total: 250000 };
    checkoutApi({ cart: { ...CART, items: [{ ...CART.items[0], personalisation, lineTotal: 875000 }] } });
    renderCheckout();
    const line = await screen.findByTestId('summary-line');
    expect(within(line).getByTestId('summary-personalisation').textContent).toBe('Names and numbers: 25 × ₹100.00 = ₹2,500.00');
  });

  it('sends an empty cart back to the products', async () => {
    checkoutApi({ cart: { ...CART, items: [], itemCount: 0, subtotal: 0, gatewayCharge: 0, total: 0, totalPrice: 0 } });
    renderCheckout();
    expect(await screen.findByText('Your cart is empty')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse products' }).getAttribute('href')).toBe('/products');
    expect(screen.queryByRole('button', { name: 'Place Order' })).toBeNull();
  });
});

describe('CheckoutPage GSTIN', () => {
  const gstinField = () => screen.getByLabelText('GSTIN (for business purchases)') as HTMLInputElement;
  const gstinMessage = (text: string) => screen.findByText(text, { selector: '.field-error' }, { timeout: 5000 });

  it("checks a business buyer's GSTIN with the engine as it is typed, and sends it", async () => {
    const { bodies } = checkoutApi();
    renderCheckout();
    const u = userEvent.setup();
    await screen.findByTestId('checkout-total');
    await fillShipping(u);
    await waitFor(() => expect(field(/^State/).value).toBe('Delhi'));
    expect(screen.getByText('Optional. Registered in the billing state; it goes on your tax invoice.')).toBeTruthy();

    // A typing mistake in the last character: the server's own message, at once.
    await u.type(gstinField(), '07aapfu0939f1zy');
    expect(await gstinMessage("This GSTIN's check character is wrong: please check it for a typing mistake")).toBeTruthy();
    expect(gstinField().getAttribute('aria-invalid')).toBe('true');
    await u.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(screen.getByRole('alert').textContent).toBe("This GSTIN's check character is wrong: please check it for a typing mistake");
    expect(bodies['/api/payments/create-order']).toBeUndefined();

    // Another state's registration does not fit a Delhi billing address.
    await u.clear(gstinField());
    await u.type(gstinField(), '27AAPFU0939F1ZV');
    expect(await gstinMessage('This GSTIN is registered in Maharashtra (27), but the billing address is in Delhi')).toBeTruthy();
    // Billed in Maharashtra, it does.
    await u.click(screen.getByLabelText('Same as shipping address'));
    const billing = within(screen.getByRole('group', { name: 'Billing address' }));
    await u.type(billing.getByLabelText(/^Address line 1/), '4 Linking Road');
    await u.type(billing.getByLabelText(/^City/), 'Mumbai');
    await u.type(billing.getByLabelText(/^State/), 'Maharashtra');
    expect(await screen.findByText('Registered in Maharashtra (27): it goes on your tax invoice.')).toBeTruthy();
    expect(screen.queryByText(/This GSTIN/)).toBeNull();
    await u.click(screen.getByLabelText('Same as shipping address'));

    // Put right, upper-cased and sent beside the addresses.
    await u.clear(gstinField());
    await u.type(gstinField(), ' 07aapfu0939f1zx ');
    expect(await screen.findByText('Registered in Delhi (07): it goes on your tax invoice.', {}, { timeout: 5000 })).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Place Order' }));
    await screen.findByRole('dialog', { name: 'Test payment' });
    const [sent] = bodies['/api/payments/create-order'] as Record<string, unknown>[];
    expect(sent).toMatchObject({ gstin: '07AAPFU0939F1ZX', sameAsShipping: true });
  });

  it('sends no GSTIN for a consumer (a blank field is none)', async () => {
    const { bodies } = checkoutApi();
    renderCheckout();
    const u = userEvent.setup();
    await screen.findByTestId('checkout-total');
    await fillShipping(u);
    await waitFor(() => expect(field(/^State/).value).toBe('Delhi'));
    await u.type(gstinField(), '   ');
    await u.click(screen.getByRole('button', { name: 'Place Order' }));
    await screen.findByRole('dialog', { name: 'Test payment' });
    const [sent] = bodies['/api/payments/create-order'] as Record<string, unknown>[];
    expect(sent).not.toHaveProperty('gstin');
  });

  it('offers to pay the advance when the server says the cart may, showing both amounts, and sends the plan', async () => {
    const { bodies } = checkoutApi({ cart: { ...CART, advance: { percent: 50, advance: 320400, balance: 320225 } } });
    renderCheckout();
    const u = userEvent.setup();
    const plan = within(await screen.findByTestId('payment-plan'));
    expect(plan.getByLabelText(/Pay in full/).closest('label')?.textContent).toBe('Pay in full ₹6,406.25');
    expect(plan.getByLabelText(/Pay 50% now/).closest('label')?.textContent).toBe('Pay 50% now ₹3,204.00 and ₹3,202.25 before dispatch');
    await u.click(plan.getByLabelText(/Pay 50% now/));
    await fillShipping(u);
    await waitFor(() => expect(field(/^State/).value).toBe('Delhi'));
    await u.click(screen.getByRole('button', { name: 'Place Order' }));
    await screen.findByRole('dialog', { name: 'Test payment' });
    const [sent] = bodies['/api/payments/create-order'] as Record<string, unknown>[];
    expect(sent).toMatchObject({ amount: 640625, paymentPlan: 'advance' });
  });

  it('offers no choice when the cart carries no advance', async () => {
    checkoutApi();
    renderCheckout();
    await screen.findByTestId('checkout-total');
    expect(screen.queryByTestId('payment-plan')).toBeNull();
  });
});
