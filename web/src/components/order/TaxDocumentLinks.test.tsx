import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, mockApi, ok, order, renderAt, signedIn } from '../../test/testkit';
import { fileNameOf } from '../../api/taxDocuments';
import { TaxDocumentLinks } from './TaxDocumentLinks';

afterEach(() => vi.unstubAllGlobals());

describe('Tax document links', () => {
  it('offers a paid order its tax invoice and credit notes, and shows a refusal', async () => {
    signedIn();
    const seen: string[] = [];
    mockApi((_method, path) => {
      seen.push(path);
      if (path === '/api/orders/o1/credit-notes') return ok([{ number: 'CN/26-27/000001', date: '25/11/2026', totals: { total: 100000 } }]);
      if (path === '/api/orders/o1/credit-notes/CN-26-27-000001.pdf') return { status: 200, body: '%PDF-' };
      if (path === '/api/orders/o1/tax-invoice.pdf') return fail(404, 'This order has no tax invoice yet: it is issued when the order is paid.');
      return undefined;
    });
    URL.createObjectURL = vi.fn(() => 'blob:pdf');
    URL.revokeObjectURL = vi.fn();
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderAt('/', <TaxDocumentLinks order={order(1, { isPaid: true, status: 'confirmed' })} />);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Credit note CN/26-27/000001' }));
    await waitFor(() => expect(saved).toEqual(['credit-note-CN-26-27-000001.pdf']));
    expect(screen.getByText('25/11/2026 · ₹1,000.00')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Download tax invoice' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This order has no tax invoice yet: it is issued when the order is paid.');
    expect(seen).toContain('/api/orders/o1/tax-invoice.pdf');
  });

  it('shows nothing for an unpaid order and asks nothing', () => {
    const fetchMock = mockApi(() => undefined);
    const { container } = renderAt('/', <TaxDocumentLinks order={order(2)} />);
    expect(container.querySelector('.tax-documents')).toBeNull();
    expect(fetchMock.mock.calls.some(([input]) => String(input instanceof Request ? input.url : input).includes('credit-notes'))).toBe(false);
  });

  it('shows nothing for an order with only its advance paid (no tax invoice until the balance) and asks nothing', () => {
    const fetchMock = mockApi(() => undefined);
    const { container } = renderAt('/', <TaxDocumentLinks order={order(3, { isPaid: true, status: 'confirmed', advanceAmount: 350000, balanceDue: 340000 })} />);
    expect(container.querySelector('.tax-documents')).toBeNull();
    expect(fetchMock.mock.calls.some(([input]) => String(input instanceof Request ? input.url : input).includes('credit-notes'))).toBe(false);
  });

  it('takes the file name the server gives', () => {
    expect(fileNameOf('attachment; filename="tax-invoice-INV-26-27-000001.pdf"', 'x.pdf')).toBe('tax-invoice-INV-26-27-000001.pdf');
    expect(fileNameOf(null, 'x.pdf')).toBe('x.pdf');
  });
});
