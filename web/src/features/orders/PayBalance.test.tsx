import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, ok, order, renderRoutes, signedIn } from '../../test/testkit';
import type { Order } from '../../api/orders';
import OrdersPage from './OrdersPage';

const page = (orders: Order[]) => ({
  status: 200,
  body: { success: true, message: 'Orders', data: orders, pagination: { page: 1, limit: 10, total: orders.length, pages: 1 } },
});

describe('PayBalance', () => {
  it("shows an advance-paid order's balance and pays it through the same payment flow as checkout", async () => {
    let paidInFull = false;
    const calls: string[] = [];
    const advancePaid = order(1, { status: 'processing', isPaid: true, paymentPlan: 'advance', advanceAmount: 320400, balanceDue: 320225 });
    mockApi(async (method, path, _url, request) => {
      if (method === 'GET' && path === '/api/orders') return page([paidInFull ? { ...advancePaid, balanceDue: 0 } : advancePaid]);
      if (method === 'POST' && (path.startsWith('/api/orders/') || path.startsWith('/api/payments/'))) calls.push(`${method} ${path}`);
      if (method === 'POST' && path === '/api/orders/o1/balance')
        return ok({ orderId: 'order_bal', amount: 320225, currency: 'INR', keyId: 'rzp_test', provider: 'test', order: { _id: 'o1', orderNumber: advancePaid.orderNumber } });
      if (method === 'POST' && path === '/api/payments/test/complete') {
        const body = (await request.json()) as { orderId: string };
        expect(body.orderId).toBe('order_bal');
        return ok({ razorpayOrderId: 'order_bal', razorpayPaymentId: 'pay_b', razorpaySignature: 'sig' });
      }
      if (method === 'POST' && path === '/api/payments/verify') {
        paidInFull = true;
        return ok({ orderId: 'o1', orderNumber: advancePaid.orderNumber, totalPrice: 640625, itemsCount: 25, status: 'processing', isPaid: true });
      }
      return undefined;
    });
    signedIn();
    renderRoutes([{ path: '/user/orders', element: <OrdersPage /> }], '/user/orders');
    const [card] = await screen.findAllByTestId('order-card');
    expect(within(card).getByText('Balance due ₹3,202.25')).toBeTruthy();
    expect(within(card).getByText('Advance paid')).toBeTruthy();
    await userEvent.click(within(card).getByRole('button', { name: 'Pay balance ₹3,202.25' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Pay ₹3,202.25 (test)' }));
    await screen.findByText(/Balance paid: your order is paid in full/);
    expect(calls).toEqual(['POST /api/orders/o1/balance', 'POST /api/payments/test/complete', 'POST /api/payments/verify']);
    await waitFor(() => expect(screen.getByText('Paid')).toBeTruthy());
  });

  it('shows nothing for an order paid in full', async () => {
    mockApi(async (method, path) => (method === 'GET' && path === '/api/orders' ? page([order(1, { status: 'confirmed', isPaid: true })]) : undefined));
    signedIn();
    renderRoutes([{ path: '/user/orders', element: <OrdersPage /> }], '/user/orders');
    const [card] = await screen.findAllByTestId('order-card');
    expect(within(card).queryByTestId('balance-due')).toBeNull();
  });
});
