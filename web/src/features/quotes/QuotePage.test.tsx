import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { designDoc, mockApi, ok, renderRoutes, signedIn } from '../../test/testkit';
import QuotePage from './QuotePage';
import MyQuotesPage from './MyQuotesPage';
import { quote } from '../../test/quoteFixtures';

function routes(at: string) {
  return renderRoutes(
    [
      { path: '/quotes/:id', element: <QuotePage /> },
      { path: '/user/quotes', element: <MyQuotesPage /> },
      { path: '/cart', element: <p>The cart</p> },
    ],
    at,
  );
}

describe('QuotePage', () => {
  it('shows the line, sizes, list and quoted prices, validity and note, and accepts into the cart', async () => {
    signedIn();
    const accepted: string[] = [];
    mockApi(async (m, path, _url, request) => {
      if (m === 'GET' && path === '/api/quotes/q1') return ok(quote({ design: undefined, status: 'open' }));
      if (m === 'GET' && path === '/api/designs')
        return ok([
          { _id: 'd1', name: 'Annual day', productId: 'p1', color: 'white' },
          { _id: 'd2', name: 'Black one', productId: 'p1', color: 'black' },
        ]);
      if (m === 'POST' && path === '/api/quotes/q1/accept') {
        accepted.push(JSON.stringify(await request.json()));
        return ok(quote({ status: 'accepted' }));
      }
      return undefined;
    });
    routes('/quotes/q1');
    expect(await screen.findByRole('heading', { name: 'Quote QT/26-27/000001' })).toBeTruthy();
    expect(screen.getByTestId('quote-sizes').textContent).toBe('Sizes: M 20 · L 30');
    expect(screen.getByTestId('quote-list-price').textContent).toBe('₹449.10');
    expect(screen.getByTestId('quote-unit-price').textContent).toBe('₹400.00 (you save ₹49.10 a piece)');
    expect(screen.getByTestId('quote-total').textContent).toBe('₹20,050.00');
    expect(screen.getByTestId('quote-status').textContent).toContain('15 Dec 2026');
    expect(screen.getByTestId('quote-note').textContent).toBe('For the annual day');
    const u = userEvent.setup();
    const acceptButton = screen.getByRole('button', { name: 'Accept and go to cart' }) as HTMLButtonElement;
    expect(acceptButton.disabled).toBe(true);
    const select = screen.getByLabelText('Your design for these garments');
    expect(await screen.findByRole('option', { name: 'Annual day' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Black one' })).toBeNull();
    await u.selectOptions(select, 'd1');
    await u.click(acceptButton);
    expect(await screen.findByText('The cart')).toBeTruthy();
    expect(accepted).toEqual([JSON.stringify({ designId: 'd1' })]);
  });

  it("shows the server's 410 when the quote expired meanwhile, and an expired quote offers no acceptance", async () => {
    signedIn();
    let status = 'open';
    mockApi((m, path) => {
      if (m === 'GET' && path === '/api/quotes/q1') return ok(quote({ design: designDoc(), status }));
      if (m === 'POST' && path === '/api/quotes/q1/accept') {
        status = 'expired';
        return { status: 410, body: { success: false, message: 'This quote has expired: ask the store for a new one', code: 'QUOTE_EXPIRED' } };
      }
      return undefined;
    });
    routes('/quotes/q1');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Accept and go to cart' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This quote has expired: ask the store for a new one');
    expect(await screen.findByText(/This quote expired at the end of 15 Dec 2026/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept and go to cart' })).toBeNull();
  });

  it("shows the server's 404 for someone else's quote, and lists the customer's quotes", async () => {
    signedIn();
    mockApi((m, path) => {
      if (m === 'GET' && path === '/api/quotes/other') return { status: 404, body: { success: false, message: 'Quote not found' } };
      if (m === 'GET' && path === '/api/quotes') return ok([quote(), quote({ id: 'q2', number: 'QT/26-27/000002', status: 'accepted' })]);
      return undefined;
    });
    routes('/quotes/other');
    expect((await screen.findByRole('alert')).textContent).toContain('Quote not found');
    await userEvent.setup().click(screen.getByRole('link', { name: 'Your quotes' }));
    const rows = await screen.findAllByTestId('my-quote');
    expect(rows.map((r) => r.textContent)).toEqual([
      'QT/26-27/000001 Classic Round Neck T-Shirt (white) · 50 pieces at ₹400.00 each · Open until 15 Dec 2026',
      'QT/26-27/000002 Classic Round Neck T-Shirt (white) · 50 pieces at ₹400.00 each · Accepted',
    ]);
  });
});
