import { describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, mockApi, ok, renderRoutes, signedIn, storeFacts } from '../../test/testkit';
import { emptyForm } from '../../lib/checkoutForm';
import OrderFailedPage from './OrderFailedPage';

const formData = {
  ...emptyForm({ email: 'asha@example.com', name: 'Asha Verma' }),
  shipping: { email: 'asha@example.com', fullName: 'Asha Verma', phone: '9876543210', addressLine1: '12 Janpath', addressLine2: '', pincode: '110001', city: 'New Delhi', state: 'Delhi' },
};
const errorData = { code: 'BAD_REQUEST_ERROR', description: 'Payment failed: the test card was declined.', orderNumber: 'LT-20261122-7KQ3M9', formData };

/** Starts at home, then arrives the way checkout sends the shopper: with navigation state. */
async function renderFailed(state: unknown, store = ok(storeFacts())) {
  signedIn();
  mockApi((_m, path) => (path === '/api/store' ? store : undefined));
  const view = renderRoutes([{ path: '/order-failed', element: <OrderFailedPage /> }], '/');
  await act(() => view.router.navigate('/order-failed', { state }));
  return view;
}

describe('OrderFailedPage', () => {
  it('says nothing was charged and shows the code and the support contact', async () => {
    await renderFailed({ errorData });
    expect(screen.getByRole('heading', { name: 'Payment Failed' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Payment failed: the test card was declined.');
    expect(screen.getByText('No charge was made to your account.')).toBeTruthy();
    expect(screen.getByTestId('error-code').textContent).toBe('BAD_REQUEST_ERROR');
    await userEvent.click(screen.getByRole('button', { name: 'Contact Support' }));
    expect(await within(screen.getByRole('dialog', { name: 'Contact Support' })).findByText('help@shop.example')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Review Cart' }).getAttribute('href')).toBe('/cart');
  });

  it("gives the store's configured support contact, the one on the invoices", async () => {
    await renderFailed({ errorData }, ok(storeFacts({ supportEmail: 'care@threads.example', supportPhone: '+91 80 4000 1234' })));
    const mail = await screen.findByRole('link', { name: 'care@threads.example' });
    expect(mail.getAttribute('href')).toBe('mailto:care@threads.example');
    expect(screen.getByRole('link', { name: '+91 80 4000 1234' }).getAttribute('href')).toBe('tel:+918040001234');
  });

  it('says so when the support contact cannot be loaded, rather than invent one', async () => {
    await renderFailed({ errorData }, fail(503, 'Service unavailable'));
    expect(await screen.findByText('The support contact could not be loaded. Please try again in a moment.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /@/ })).toBeNull();
  });

  it('Try Again returns to /shipping with the form as it was', async () => {
    const { router } = await renderFailed({ errorData });
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByTestId('path').textContent).toBe('/shipping');
    expect(router.state.location.state).toEqual({ formData });
  });

  it('says the money was given back when it reached an order the shopper had cancelled', async () => {
    const refunded = { code: 'PAYMENT_REFUNDED', description: 'Order LT-20261122-7KQ3M9 was cancelled before this payment arrived. The payment has been refunded.' };
    await renderFailed({ errorData: refunded });
    expect(screen.getByText('Your payment has been refunded in full.')).toBeTruthy();
    expect(screen.queryByText('No charge was made to your account.')).toBeNull();
  });

  it('falls back to the generic message and code', async () => {
    await renderFailed({ errorData: {} });
    expect(screen.getByRole('alert').textContent).toBe('Error placing order. Please try again.');
    expect(screen.getByTestId('error-code').textContent).toBe('UNKNOWN_ERROR');
  });

  it('redirects to / without the error in the navigation state', async () => {
    const { router } = await renderFailed(null);
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByText('Payment Failed')).toBeNull();
  });
});
