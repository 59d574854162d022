import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { mockApi, renderRoutes, signedIn } from '../../test/testkit';
import type { OrderConfirmation } from '../../api/payments';
import OrderConfirmationPage from './OrderConfirmationPage';

const address = {
  email: 'asha@example.com',
  fullName: 'Asha Verma',
  phone: '9876543210',
  addressLine1: '12 Janpath',
  addressLine2: 'Connaught Place',
  street: '12 Janpath, Connaught Place',
  city: 'New Delhi',
  state: 'Delhi',
  zipCode: '110001',
  country: 'India',
};
const orderData: OrderConfirmation = {
  orderId: 'o1',
  orderNumber: 'LT-20261122-7KQ3M9',
  totalPrice: 640625,
  itemsCount: 25,
  shippingAddress: address,
  billingAddress: address,
  paymentId: 'pay_T1',
  status: 'confirmed',
  isPaid: true,
};

async function renderConfirmation(state: unknown) {
  signedIn();
  mockApi(() => undefined);
  const view = renderRoutes([{ path: '/order-confirmation', element: <OrderConfirmationPage /> }], '/products');
  await act(() => view.router.navigate('/order-confirmation', { state }));
  return view;
}

describe('OrderConfirmationPage', () => {
  it('shows the order number, the total in rupees and where it ships', async () => {
    await renderConfirmation({ orderData });
    expect(screen.getByRole('heading', { name: 'Order Placed Successfully!' })).toBeTruthy();
    expect(screen.getByTestId('order-number').textContent).toBe('LT-20261122-7KQ3M9');
    expect(screen.getByTestId('order-total').textContent).toBe('₹6,406.25');
    expect(screen.getByText(/12 Janpath, Connaught Place, New Delhi, Delhi 110001, India/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View My Orders' }).getAttribute('href')).toBe('/user/orders');
    expect(screen.getByRole('link', { name: 'Continue Shopping' }).getAttribute('href')).toBe('/products');
    expect(screen.getByRole('link', { name: 'Go to Home' }).getAttribute('href')).toBe('/');
  });

  it('redirects to / without the order in the navigation state', async () => {
    const { router } = await renderConfirmation(undefined);
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByTestId('path').textContent).toBe('/');
  });
});
