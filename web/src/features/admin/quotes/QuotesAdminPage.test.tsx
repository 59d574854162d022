import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, ok, product, renderRoutes, signedIn } from '../../../test/testkit';
import type { Quote, QuoteRequest } from '../../../api/quotes';
import { quote, quoteLine } from '../../../test/quoteFixtures';
import QuotesAdminPage from './QuotesAdminPage';

/** The quotes API as the server answers: the engine's ₹449.10 a piece for 50, a price above it refused. */
function quotesApi() {
  const tee = product({ _id: 'p1', sizes: ['S', 'M', 'L'] });
  const quotes: Quote[] = [];
  const sent: QuoteRequest[] = [];
  mockApi(async (method, path, url, request) => {
    if (method === 'GET' && path === '/api/products') return ok([tee]);
    if (method === 'GET' && path === '/api/admin/quotes') return ok({ quotes, total: quotes.length, page: 1, limit: 20 });
    if (method === 'GET' && path === '/api/admin/quotes/designs')
      return ok(url.searchParams.get('email') === 'asha@example.com' ? [{ id: 'd1', name: 'Annual day', productId: 'p1', productName: tee.name, color: 'black' }] : []);
    if (method !== 'POST' || !(path === '/api/quotes' || path === '/api/admin/quotes/preview')) return undefined;
    const body = (await request.json()) as QuoteRequest;
    sent.push(body);
    const pieces = Object.values(body.quantities).reduce((a, b) => a + b, 0);
    if (pieces < 25) return { status: 400, body: { success: false, message: 'Minimum quantity requirement not met. You need 25 per color.', code: 'BELOW_MINIMUM' } };
    if (!/^\d{4}-\d{2}-\d{2}$/.test(body.validUntil))
      return { status: 400, body: { success: false, message: 'Please give the last day the quote is valid as YYYY-MM-DD', code: 'QUOTE_VALID_UNTIL' } };
    if (body.unitPrice != null && body.unitPrice > 44910)
      return { status: 400, body: { success: false, message: 'The quoted price ₹500.00 is above the list price ₹449.10', code: 'QUOTED_PRICE_ABOVE_LIST' } };
    const line = quoteLine({ quantity: pieces, unitPrice: body.unitPrice ?? 44910 });
    if (path === '/api/admin/quotes/preview') return ok({ line });
    const made = quote({ id: `q${quotes.length + 1}`, number: `QT/26-27/00000${quotes.length + 1}`, customerEmail: body.customerEmail, color: body.color, line, validUntil: body.validUntil });
    quotes.unshift(made);
    return ok(made);
  });
  return sent;
}

describe('QuotesAdminPage', () => {
  it("makes a quote through the form: the engine's price shown, each refusal by its field or at the top, the number on success", async () => {
    signedIn({ role: 'admin' });
    const sent = quotesApi();
    renderRoutes([{ path: '/admin/quotes', element: <QuotesAdminPage /> }], '/admin/quotes');
    const u = userEvent.setup();
    expect(await screen.findByText('No quotes yet')).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'New quote' }));
    const form = screen.getByRole('form', { name: 'New quote' });
    await u.type(within(form).getByLabelText('Customer e-mail'), 'asha@example.com');
    await u.selectOptions(within(form).getByLabelText('Product'), await within(form).findByRole('option', { name: 'Classic Round Neck T-Shirt' }));
    await u.selectOptions(within(form).getByLabelText('Colour'), 'black');
    await u.type(within(form).getByLabelText('Pieces M'), '10');

    await u.click(within(form).getByRole('button', { name: 'Make quote' }));
    expect((await within(form).findByTestId('quote-form-error')).textContent).toContain('You need 25 per color');

    await u.type(within(form).getByLabelText('Pieces L'), '40');
    await u.click(within(form).getByRole('button', { name: "Show the engine's price" }));
    expect((await within(form).findByTestId('error-validUntil')).textContent).toBe('Please give the last day the quote is valid as YYYY-MM-DD');
    await u.type(within(form).getByLabelText('Valid until'), '2026-12-15');
    await u.click(within(form).getByRole('button', { name: "Show the engine's price" }));
    expect((await within(form).findByTestId('quote-preview')).textContent).toBe("Engine's price ₹449.10 a piece for 50; quoted ₹449.10; total ₹20,050.00");

    await u.type(within(form).getByLabelText(/Unit price in rupees/), '500');
    await u.click(within(form).getByRole('button', { name: 'Make quote' }));
    expect((await within(form).findByTestId('error-unitPrice')).textContent).toBe('The quoted price ₹500.00 is above the list price ₹449.10');

    await u.selectOptions(within(form).getByLabelText("Customer's saved design (optional)"), 'Annual day');
    await u.clear(within(form).getByLabelText(/Unit price in rupees/));
    await u.type(within(form).getByLabelText(/Unit price in rupees/), '400');
    await u.type(within(form).getByLabelText('Note'), 'For the annual day');
    await u.click(within(form).getByRole('button', { name: 'Make quote' }));
    expect((await screen.findByTestId('quote-made')).textContent).toBe('Quote QT/26-27/000001 made and e-mailed to asha@example.com');
    expect(sent.at(-1)).toEqual({
      customerEmail: 'asha@example.com',
      productId: 'p1',
      color: 'black',
      quantities: { s: 0, m: 10, l: 40 },
      designId: 'd1',
      unitPrice: 40000,
      validUntil: '2026-12-15',
      note: 'For the annual day',
    });
    const row = await screen.findByTestId('quote-row');
    expect(row.textContent).toContain('QT/26-27/000001');
    expect(row.textContent).toContain('₹400.00 (list ₹449.10)');
    expect(row.textContent).toContain('2026-12-15');
  });
});
