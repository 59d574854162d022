// The organiser's page of a group whose members pay: where every piece ships,
// which rows are paid, progress in paid pieces, paying for the organiser's
// own top-ups (as a member pays), and Close and place in the server's words.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, ok, renderRoutes, signedIn, type FakeResponse } from '../../test/testkit';
import { group, groupRow, GROUP_ID, GROUP_TOKEN } from '../../test/groupFixtures';
import type { GroupOrder } from '../../api/groupOrders';
import GroupOrderPage, { topUpPayLabel } from './GroupOrderPage';
import { paidProgress } from './GroupProgressPanel';
import { translate } from '../../lib/i18n';

const english = (id: Parameters<typeof translate>[1], values?: Record<string, string | number>) => translate('en', id, values);

const SHIP_TO = { email: 'asha@example.com', fullName: 'Asha Verma', phone: '9876543210', addressLine1: '12 Janpath', street: '12 Janpath', city: 'New Delhi', state: 'Delhi', zipCode: '110001', country: 'India' };
const BELOW = 'Minimum quantity requirement not met. You need 22 more items to reach the minimum of 25 per color.';
const CLOSED = 'Group order closed: its pieces go to print';

function membersGroup(overrides: Partial<GroupOrder> = {}): GroupOrder {
  return group({
    payment: 'members',
    shipTo: SHIP_TO,
    rows: [groupRow(1, { paid: true }), groupRow(2, { size: 'L' }), groupRow(3, { member: 'Asha Verma', topUp: true, size: 'XL' }), groupRow(4, { member: 'Asha Verma', topUp: true, size: 'XL' })],
    progress: { pieces: 4, paidPieces: 1, paidNeedMore: 24, sizes: { s: 0, m: 1, l: 1, xl: 2, xxl: 0 }, needMore: 21, minimumReached: false, unitPrice: 29900, lineTotal: 119600 },
    toPay: 61296,
    ...overrides,
  });
}

function groupApi(start: GroupOrder, answer?: (method: string, path: string, body: unknown) => FakeResponse | undefined) {
  let current = start;
  const bodies: Record<string, unknown[]> = {};
  mockApi(async (method, path, _url, request) => {
    const body = method === 'POST' || method === 'PUT' ? await request.json().catch(() => undefined) : undefined;
    if (body !== undefined) (bodies[path] ??= []).push(body);
    const own = answer?.(method, path, body);
    if (own) return own;
    if (path === '/api/pincode/110001') return ok({ pincode: '110001', district: 'New Delhi', state: 'Delhi', city: 'New Delhi' });
    if (path === `/api/group-orders/by-token/${GROUP_TOKEN}/rows/mine/pay`) {
      return ok({ orderId: 'order_T', amount: current.toPay, currency: 'INR', keyId: 'k', provider: 'test', order: { _id: 'o9', orderNumber: 'LT-20261122-00000T' } });
    }
    if (path === '/api/payments/test/complete') return ok({ razorpayOrderId: 'order_T', razorpayPaymentId: 'pay_T', razorpaySignature: 'sig' });
    if (path === '/api/payments/verify') {
      current = { ...current, toPay: 0, rows: current.rows.map((r) => ({ ...r, paid: r.paid || r.topUp })), progress: { ...current.progress, paidPieces: 3, paidNeedMore: 22 } };
      return ok({ orderId: 'o9', orderNumber: 'LT-20261122-00000T', totalPrice: 61296, itemsCount: 2, shippingAddress: SHIP_TO, billingAddress: SHIP_TO, status: 'confirmed', isPaid: true });
    }
    if (!path.startsWith(`/api/group-orders/${GROUP_ID}`)) return undefined;
    if (path.endsWith('/close')) {
      current = { ...current, status: 'placed', rows: current.rows.filter((r) => r.paid) };
      return ok(current, CLOSED);
    }
    return ok(current);
  });
  return bodies;
}

const render = () => {
  signedIn();
  return renderRoutes(
    [
      { path: '/account/group-orders/:id', element: <GroupOrderPage /> },
      { path: '/cart', element: <p>cart</p> },
    ],
    `/account/group-orders/${GROUP_ID}`,
  );
};

describe('GroupOrderPage, members paying', () => {
  it('shows where every piece ships, a paid marker on each row and the progress in paid pieces', async () => {
    groupApi(membersGroup());
    render();
    expect((await screen.findByTestId('group-ship-to')).textContent).toBe('Asha Verma12 Janpath, New Delhi, Delhi 110001, India+91 9876543210 · asha@example.com');
    expect(screen.getByRole('columnheader', { name: 'Payment' })).toBeTruthy();
    expect(screen.getAllByTestId('row-paid').map((c) => c.textContent)).toEqual(['Paid', 'Not paid', 'Not paid', 'Not paid']);
    expect(screen.getByTestId('group-paid-pieces').textContent).toBe('1 paid');
    const bar = screen.getByRole('progressbar', { name: 'Paid pieces towards the minimum of 25' }) as HTMLProgressElement;
    expect([bar.value, bar.max]).toEqual([1, 25]);
    expect(screen.getByTestId('group-need-more').textContent).toBe('24 more paid pieces needed to reach the minimum of 25.');
    // Each member pays their own share: no one total for the group.
    expect(screen.queryByTestId('group-total')).toBeNull();
    expect(screen.getByRole('button', { name: 'Close and place order' })).toBeTruthy();
  });

  it('pays for the organiser’s top-ups as a member pays, through the group’s link', async () => {
    const bodies = groupApi(membersGroup());
    const u = userEvent.setup();
    render();
    await u.click(await screen.findByRole('button', { name: 'Pay ₹612.96 for your 2 top-up pieces' }));
    const billing = within(screen.getByRole('group', { name: 'Billing details' }));
    await u.type(billing.getByLabelText(/^Phone number/), '9876543210');
    await u.type(billing.getByLabelText(/^Address line 1/), '12 Janpath');
    fireEvent.change(billing.getByLabelText(/^Pincode/), { target: { value: '110001' } });
    await waitFor(() => expect((billing.getByLabelText(/^City/) as HTMLInputElement).value).toBe('New Delhi'), { timeout: 2000 });
    await u.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await u.click(within(await screen.findByRole('dialog', { name: 'Test payment' })).getByRole('button', { name: 'Pay ₹612.96 (test)' }));
    expect(await screen.findByText('Payment received: order LT-20261122-00000T pays for your top-up pieces.')).toBeTruthy();
    expect(bodies[`/api/group-orders/by-token/${GROUP_TOKEN}/rows/mine/pay`]).toEqual([expect.objectContaining({ amount: 61296 })]);
    await waitFor(() => expect(screen.getAllByTestId('row-paid').map((c) => c.textContent)).toEqual(['Paid', 'Not paid', 'Paid', 'Paid']));
    expect(screen.queryByRole('button', { name: /^Pay / })).toBeNull();
    expect(screen.getByTestId('group-paid-pieces').textContent).toBe('3 paid');
  });

  it('closes into a placed group and says so; below the minimum of paid pieces, the engine’s refusal', async () => {
    let below = true;
    groupApi(membersGroup(), (_m, path) => (path.endsWith('/close') && below ? { status: 400, body: { success: false, code: 'BELOW_MINIMUM', message: BELOW } } : undefined));
    const u = userEvent.setup();
    render();
    expect((await screen.findByText(/Closing needs the minimum of paid pieces/)).id).toBe('close-note');
    await u.click(screen.getByRole('button', { name: 'Close and place order' }));
    expect(await screen.findByText(BELOW)).toBeTruthy();
    below = false;
    await u.click(screen.getByRole('button', { name: 'Close and place order' }));
    expect(await screen.findByText(`${CLOSED}.`)).toBeTruthy();
    expect(screen.getByText('Group order · Placed: its pieces go to print')).toBeTruthy();
    expect(screen.getByTestId('group-placed')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Close and place order' })).toBeNull();
    expect(screen.queryByText('cart')).toBeNull();
  });

  it('words the paid progress and the top-up button', () => {
    expect(paidProgress(english, { paidPieces: 0, paidNeedMore: 25 }).text).toBe('25 more paid pieces needed to reach the minimum of 25.');
    expect(paidProgress(english, { paidPieces: 24, paidNeedMore: 1 }).text).toBe('1 more paid piece needed to reach the minimum of 25.');
    expect(paidProgress(english, { paidPieces: 27, paidNeedMore: 0 })).toEqual({ max: 27, needMore: 0, text: 'The minimum of paid pieces is reached.' });
    expect(topUpPayLabel(english, 30648, 1)).toBe('Pay ₹306.48 for your 1 top-up piece');
    expect(topUpPayLabel(english, 707004, 23)).toBe('Pay ₹7,070.04 for your 23 top-up pieces');
  });
});
