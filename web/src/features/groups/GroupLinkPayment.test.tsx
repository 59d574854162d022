// The group link (/g/:token) when each member pays for their own piece: the
// member's price, Pay after joining (billing details, then checkout's payment
// popup and verify), the paid state with its order, a paid piece that cannot
// change, and a withdrawal that warns of the refund and shows the server's words.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, mockApi, ok, order, renderRoutes, signedIn, type FakeResponse } from '../../test/testkit';
import { FakePieces, GROUP_TOKEN, myPieces, publicGroup } from '../../test/groupFixtures';
import type { GroupRowRequest, MyGroupPieces } from '../../api/groupOrders';
import { translate } from '../../lib/i18n';
import GroupLinkPage from './GroupLinkPage';

const MEMBERS_PAY_TEXT = translate('en', 'groups.membersPay');
const PAID_NO_CHANGE = translate('en', 'groups.paidNoChange');
const REFUND_WARNING = translate('en', 'groups.refundWarning');

const base = `/api/group-orders/by-token/${GROUP_TOKEN}`;
const SHARE = 29900;
const TO_PAY = 30648;
const CREATED = { orderId: 'order_G1', amount: TO_PAY, currency: 'INR', keyId: 'rzp_test_builtin', provider: 'test', order: { _id: 'o7', orderNumber: 'LT-20261122-00000G' } };
const REFUNDED = 'You have withdrawn from the group order: your payment is being refunded';
const STORED = { email: 'asha@example.com', fullName: 'Asha Verma', phone: '9876543210', addressLine1: '4 MG Road', street: '4 MG Road', city: 'Bengaluru', state: 'Karnataka', zipCode: '560001', country: 'India' };

type Answer = (method: string, path: string, body: unknown) => FakeResponse | undefined;

/** A members-pay group's link: the member's row (paid once verified), the payment calls; bodies kept by path. */
function payApi(start: MyGroupPieces | null, answer?: Answer) {
  const mine = new FakePieces(start);
  const bodies: Record<string, unknown[]> = {};
  mockApi(async (method, path, _url, request) => {
    const body = method === 'POST' || method === 'PUT' ? await request.json().catch(() => undefined) : undefined;
    if (body !== undefined) (bodies[path] ??= []).push(body);
    const own = answer?.(method, path, body);
    if (own) return own;
    if (path === '/api/pincode/560001') return ok({ pincode: '560001', district: 'Bangalore', state: 'Karnataka', city: 'Bengaluru' });
    if (path === base) return ok(publicGroup({ payment: 'members', pricePerPiece: SHARE }));
    if (path === `${base}/rows` && method === 'POST') {
      return ok(mine.add(body as GroupRowRequest, { toPay: TO_PAY }));
    }
    if (path === `${base}/rows/mine/pay`) return ok(CREATED, 'Order created');
    if (path === '/api/payments/test/complete') return ok({ razorpayOrderId: 'order_G1', razorpayPaymentId: 'pay_G1', razorpaySignature: 'sig' });
    if (path === '/api/payments/verify') {
      const paid = { paid: true, orderId: 'o7', orderNumber: CREATED.order.orderNumber };
      mine.mine = { ...mine.mine!, toPay: 0, pieces: mine.mine!.pieces.map((p) => ({ ...p, ...paid })) };
      return ok({ orderId: 'o7', orderNumber: CREATED.order.orderNumber, totalPrice: TO_PAY, itemsCount: 1, shippingAddress: STORED, billingAddress: STORED, status: 'confirmed', isPaid: true });
    }
    if (path === '/api/orders/o7') return ok(order(7, { _id: 'o7', orderNumber: CREATED.order.orderNumber, isPaid: true, status: 'confirmed' }));
    if (path.startsWith(`${base}/rows/mine/`) && method === 'DELETE') {
      const refunded = mine.mine?.pieces.some((p) => p.paid);
      mine.remove();
      return ok(publicGroup({ payment: 'members' }), refunded ? REFUNDED : 'You have withdrawn from the group order');
    }
    if (path === `${base}/rows/mine`) return mine.mine ? ok(mine.mine) : fail(404, 'You have not joined this group order');
    return undefined;
  });
  return bodies;
}

const render = () => {
  signedIn();
  return renderRoutes([{ path: '/g/:token', element: <GroupLinkPage /> }], `/g/${GROUP_TOKEN}`);
};

const billing = () => within(screen.getByRole('group', { name: 'Billing details' }));

/** The billing details but the name and e-mail (from the account): phone, address, pincode (its lookup fills the rest). */
async function fillBilling(u: ReturnType<typeof userEvent.setup>) {
  await u.type(billing().getByLabelText(/^Phone number/), '9876543210');
  await u.type(billing().getByLabelText(/^Address line 1/), '4 MG Road');
  fireEvent.change(billing().getByLabelText(/^Pincode/), { target: { value: '560001' } });
  await waitFor(() => expect((billing().getByLabelText(/^State/) as HTMLInputElement).value).toBe('Karnataka'), { timeout: 2000 });
}

describe('GroupLinkPage, members paying', () => {
  it('shows each member’s price, joins, pays through the test provider, and shows the paid piece with its order', async () => {
    const bodies = payApi(null);
    const u = userEvent.setup();
    render();
    expect(await screen.findByText('You pay per piece')).toBeTruthy();
    expect(screen.getByTestId('group-price').textContent).toBe('₹299.00');
    expect(screen.getByTestId('group-who-pays').textContent).toBe(MEMBERS_PAY_TEXT);

    const join = await screen.findByRole('form', { name: 'Join this group order' });
    await u.selectOptions(within(join).getByLabelText('Size'), 'M');
    await u.click(within(join).getByRole('button', { name: 'Join' }));
    expect((await screen.findByTestId('piece-unpaid')).textContent).toBe('Not paid yet: ₹306.48 for your piece (Payment Gateway (2.5%) included). It counts towards the group once it is paid.');

    // Pay: the billing details first (the same rules and messages as checkout's), then the provider.
    await u.click(screen.getByRole('button', { name: 'Pay ₹306.48' }));
    const form = screen.getByRole('form', { name: 'Pay ₹306.48' });
    expect(document.activeElement).toBe(billing().getByLabelText(/^Email/));
    expect((billing().getByLabelText(/^Full name/) as HTMLInputElement).value).toBe('Asha Verma');
    await u.click(within(form).getByRole('button', { name: 'Continue to payment' }));
    expect(within(form).getByRole('alert').textContent).toBe('Please fill in all required billing fields');
    expect(bodies[`${base}/rows/mine/pay`]).toBeUndefined();
    await fillBilling(u);
    await u.click(within(form).getByRole('button', { name: 'Continue to payment' }));

    const popup = await screen.findByRole('dialog', { name: 'Test payment' });
    expect(within(popup).getByTestId('test-payment-amount').textContent).toBe('₹306.48');
    const [sent] = bodies[`${base}/rows/mine/pay`] as Record<string, unknown>[];
    expect(sent).toEqual({
      amount: TO_PAY,
      receipt: expect.stringMatching(/^rcpt_[0-9a-f]{32}$/),
      billingAddress: { email: 'asha@example.com', fullName: 'Asha Verma', phone: '9876543210', addressLine1: '4 MG Road', city: 'Bengaluru', state: 'Karnataka', zipCode: '560001', country: 'India' },
    });
    await u.click(within(popup).getByRole('button', { name: 'Pay ₹306.48 (test)' }));
    expect((await screen.findByRole('status', {}, { timeout: 3000 })).textContent).toContain(`Payment received: order ${CREATED.order.orderNumber} is paid.`);
    expect(bodies['/api/payments/verify']).toEqual([{ razorpayOrderId: 'order_G1', razorpayPaymentId: 'pay_G1', razorpaySignature: 'sig', orderId: 'o7' }]);
    await waitFor(() => expect(screen.getByTestId('piece-paid').textContent).toBe(`Paid — order ${CREATED.order.orderNumber} View in My Orders`));
    expect(screen.getByRole('link', { name: 'View in My Orders' }).getAttribute('href')).toBe('/user/orders');
    // A paid piece cannot change; withdrawing it warns of the refund, then says what the server did.
    expect(screen.queryByRole('button', { name: 'Change' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
    expect(screen.getByText(PAID_NO_CHANGE)).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Withdraw' }));
    const confirm = screen.getByRole('dialog', { name: 'Withdraw' });
    expect(within(confirm).getByText(REFUND_WARNING)).toBeTruthy();
    await u.click(within(confirm).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText(`${REFUNDED}.`)).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Join this group order' })).toBeTruthy();
  });

  it('shows the server’s refusal to make the order, fetches the row again, and keeps the form', async () => {
    let rowAsked = 0;
    payApi(myPieces([{ size: 'M' }], { toPay: TO_PAY }), (method, path) => {
      if (path === `${base}/rows/mine` && method === 'GET') rowAsked++;
      if (path === `${base}/rows/mine/pay`) return { status: 409, body: { success: false, code: 'GROUP_ROWS_CHANGED', message: 'Your pieces changed while you were paying: please pay again.' } };
      return undefined;
    });
    const u = userEvent.setup();
    render();
    await u.click(await screen.findByRole('button', { name: 'Pay ₹306.48' }));
    await fillBilling(u);
    const asked = rowAsked;
    await u.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect((await screen.findByText('Your pieces changed while you were paying: please pay again.')).closest('[role="alert"]')).toBeTruthy();
    await waitFor(() => expect(rowAsked).toBeGreaterThan(asked));
    expect(screen.getByRole('form', { name: 'Pay ₹306.48' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Test payment' })).toBeNull();
  });

  it('says a declined payment in the provider’s words, stays unpaid, and pays the same order on the next try', async () => {
    let declines = 1;
    const bodies = payApi(myPieces([{ size: 'M' }], { toPay: TO_PAY }), (_method, path) =>
      path === '/api/payments/test/complete' && declines-- > 0 ? ok({ error: { code: 'BAD_REQUEST_ERROR', description: 'Payment failed: the test card was declined.' } }) : undefined,
    );
    const u = userEvent.setup();
    render();
    await u.click(await screen.findByRole('button', { name: 'Pay ₹306.48' }));
    await fillBilling(u);
    await u.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await u.click(within(await screen.findByRole('dialog', { name: 'Test payment' })).getByRole('button', { name: 'Fail payment' }));
    expect(await screen.findByText(`Payment failed: the test card was declined. (order ${CREATED.order.orderNumber})`)).toBeTruthy();
    expect(screen.getByTestId('piece-unpaid')).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await u.click(within(await screen.findByRole('dialog', { name: 'Test payment' })).getByRole('button', { name: 'Pay ₹306.48 (test)' }));
    await waitFor(() => expect(screen.getByTestId('piece-paid')).toBeTruthy());
    const receipts = (bodies[`${base}/rows/mine/pay`] as { receipt: string }[]).map((b) => b.receipt);
    expect(receipts).toHaveLength(2);
    expect(receipts[1]).toBe(receipts[0]);
  });

  it('lets a paying member withdraw, refunded, after the deadline until the group is placed', async () => {
    payApi(myPieces([{ size: 'M', paid: true, orderId: 'o7', orderNumber: CREATED.order.orderNumber }]), (_m, path) =>
      path === base ? ok(publicGroup({ payment: 'members', deadlinePassed: true, deadline: Date.now() - 1000 })) : undefined,
    );
    const u = userEvent.setup();
    render();
    await waitFor(() => expect(screen.getByTestId('piece-paid')).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Change' })).toBeNull();
    await u.click(screen.getByRole('button', { name: 'Withdraw' }));
    const confirm = screen.getByRole('dialog', { name: 'Withdraw' });
    expect(within(confirm).getByText(REFUND_WARNING)).toBeTruthy();
    await u.click(within(confirm).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText(`${REFUNDED}.`)).toBeTruthy();
  });

  it('offers no Pay once the group takes no rows, and a paid piece keeps its order', async () => {
    payApi(myPieces([{ size: 'M', paid: true, orderId: 'o7', orderNumber: CREATED.order.orderNumber }]), (_m, path) => (path === base ? ok(publicGroup({ payment: 'members', status: 'placed' })) : undefined));
    render();
    await waitFor(() => expect(screen.getByTestId('piece-paid').textContent).toContain(`order ${CREATED.order.orderNumber}`));
    expect(screen.queryByRole('button', { name: 'Withdraw' })).toBeNull();
    expect(screen.queryByText(PAID_NO_CHANGE)).toBeNull();
  });
});
