import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, mockApi, ok, renderAt, signedIn } from '../../test/testkit';
import { OrderAgain } from './OrderAgain';
import { TimelineList } from '../../components/order/TimelineList';

const answer = {
  added: [{ productId: 'p1', name: 'T-Shirt Normal', color: 'navyblue', itemCount: 25, orderedPrice: 29900, price: 34900 }],
  leftOut: [{ productId: 'p2', name: 'Polo', color: 'blue', reason: 'Polo is no longer sold.', code: 'PRODUCT_GONE' }],
  cart: { _id: 'u1', items: [], itemCount: 25, subtotal: 872500, gatewayChargeBps: 250, gatewayLabel: 'Payment Gateway (2.5%)', gatewayCharge: 0, total: 0, totalPrice: 0 },
};

describe('Order again', () => {
  it('shows what went back in the cart at which price, what was left out and why, and leads to the cart', async () => {
    signedIn();
    const seen: string[] = [];
    mockApi((method, path) => {
      seen.push(`${method} ${path}`);
      if (method === 'POST' && path === '/api/orders/o1/reorder') return ok(answer, '1 design(s) added to your cart; 1 left out');
      return undefined;
    });
    renderAt('/', <OrderAgain orderId="o1" orderNumber="LT-1" />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Order again: order LT-1' }));
    const status = await screen.findByRole('status');
    expect(within(status).getByText(/T-Shirt Normal · navyblue · 25 items at ₹349.00 each/)).toBeTruthy();
    expect(within(status).getByText('(was ₹299.00)')).toBeTruthy();
    expect(within(status).getByText('Polo is no longer sold.')).toBeTruthy();
    expect(within(status).getByRole('link', { name: 'Go to cart' }).getAttribute('href')).toBe('/cart');
    expect(seen).toContain('POST /api/orders/o1/reorder');
  });

  it('says when nothing could be added, with no way to the cart, and shows a refusal', async () => {
    signedIn();
    let calls = 0;
    mockApi((method, path) => {
      if (method !== 'POST' || path !== '/api/orders/o2/reorder') return undefined;
      calls += 1;
      return calls === 1 ? ok({ ...answer, added: [] }) : fail(404, 'Order not found');
    });
    renderAt('/', <OrderAgain orderId="o2" orderNumber="LT-2" />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Order again: order LT-2' }));
    expect(await screen.findByText('Nothing could be added to your cart.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Go to cart' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Order again: order LT-2' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Order not found');
  });
});

describe('Order timeline', () => {
  it('lists the events in the order given, each with its date (a stage in its line)', () => {
    renderAt(
      '/',
      <TimelineList
        events={[
          { kind: 'paid', label: 'Paid', at: Date.UTC(2026, 10, 20, 6, 0) },
          { kind: 'proofApproved', label: 'Proof approved', at: Date.UTC(2026, 10, 21, 6, 0) },
          { kind: 'stage', label: 'Printing', at: Date.UTC(2026, 10, 22, 6, 0) },
          { kind: 'delivered', label: 'Delivered', at: Date.UTC(2026, 10, 25, 6, 0) },
        ]}
      />,
    );
    const items = within(screen.getByRole('list', { name: 'Order timeline' })).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('.timeline-label')?.textContent)).toEqual(['Paid', 'Proof approved', 'Printing', 'Delivered']);
    expect(items[0].textContent).toContain('20 Nov 2026');
    expect(items[3].querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-25T06:00:00.000Z');
  });

  it('says so when nothing has happened yet', () => {
    renderAt('/', <TimelineList events={[]} />);
    expect(screen.getByText('Nothing has happened to this order yet.')).toBeTruthy();
  });
});
