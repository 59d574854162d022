import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, mockApi, ok, renderRoutes, signedIn } from '../../../test/testkit';
import { thisMonth, type Gstr1, type ListedDocument } from '../../../api/accounts';
import AdminLayout from '../AdminLayout';
import AccountsAdminPage from './AccountsAdminPage';

const amounts = (count: number, total: number) => ({ count, taxableValue: total - 5, igst: 5, cgst: 0, sgst: 0, total });

function summary(reconciled: boolean): Gstr1 {
  return {
    from: '2026-11-01',
    to: '2026-11-25',
    b2b: [],
    b2cl: [],
    b2cs: [],
    hsn: [],
    creditNotes: [],
    documents: [],
    totals: { invoices: amounts(1, 766188), creditNotes: amounts(1, 100000), net: amounts(2, 666188) },
    reconciliation: { payments: 766188, refunds: 100000, received: 666188, documents: reconciled ? 666188 : 666000, reconciled },
  };
}

const invoice: ListedDocument = {
  kind: 'invoice',
  number: 'INV/26-27/000001',
  date: '25/11/2026',
  issuedAt: 0,
  orderId: 'o1',
  orderNumber: 'LT-1',
  buyerName: 'Asha Rao',
  gstin: '27AAPFU0939F1ZV',
  placeOfSupply: '07-Delhi',
  taxableValue: 729703,
  cgst: 0,
  sgst: 0,
  igst: 36485,
  total: 766188,
};
const note: ListedDocument = { ...invoice, kind: 'creditNote', number: 'CN/26-27/000001', adjusts: 'INV/26-27/000001', gstin: undefined, total: 100000 };

const routes = [{ path: '/admin', element: <AdminLayout />, children: [{ path: 'accounts', element: <AccountsAdminPage /> }] }];

afterEach(() => vi.unstubAllGlobals());

describe('Accounts', () => {
  it('lists the range, shows the reconciliation and downloads the exports', async () => {
    signedIn({ role: 'admin' });
    const seen: string[] = [];
    mockApi((_method, path, url) => {
      seen.push(path + url.search);
      if (path === '/api/admin/tax-documents') {
        return { status: 200, body: { success: true, message: 'Tax documents', data: [note, invoice], pagination: { page: 1, limit: 50, total: 2, pages: 1 } } };
      }
      if (path === '/api/admin/tax-documents/gstr1') return ok(summary(true));
      if (path === '/api/admin/tax-documents/pdfs.zip') return fail(400, 'The range has 2001 documents and a zip holds at most 2000: choose a shorter range');
      if (path === '/api/admin/tax-documents/gstr1.csv') return { status: 200, body: 'B2B' };
      return undefined;
    });
    URL.createObjectURL = vi.fn(() => 'blob:csv');
    URL.revokeObjectURL = vi.fn();
    renderRoutes(routes, '/admin/accounts');
    const user = userEvent.setup();

    await waitFor(() => expect(screen.getAllByTestId('tax-document-row')).toHaveLength(2));
    const [first, second] = screen.getAllByTestId('tax-document-row');
    expect(first.textContent).toContain('Credit note against INV/26-27/000001');
    expect(second.textContent).toContain('GSTIN 27AAPFU0939F1ZV');
    expect(second.textContent).toContain('IGST');
    const reconciliation = await screen.findByTestId('reconciliation');
    expect(within(reconciliation).getByRole('status').textContent).toMatch(/^Reconciled/);
    const { from, to } = thisMonth();
    expect(seen).toContain(`/api/admin/tax-documents/gstr1?from=${from}&to=${to}`);

    await user.click(screen.getByRole('button', { name: 'Download GSTR-1 CSV' }));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    expect(seen).toContain(`/api/admin/tax-documents/gstr1.csv?from=${from}&to=${to}`);

    // The server's refusal is shown as it is.
    await user.click(screen.getByRole('button', { name: 'Download PDFs (zip)' }));
    expect(await screen.findByText(/choose a shorter range/)).toBeTruthy();

    // Another range asks again.
    const fromInput = screen.getByLabelText('From');
    await user.clear(fromInput);
    await user.type(fromInput, '2026-10-01');
    await waitFor(() => expect(seen.some((s) => s.startsWith('/api/admin/tax-documents?from=2026-10-01'))).toBe(true));
  });

  it('says when nothing was issued and when the figures do not reconcile', async () => {
    signedIn({ role: 'admin' });
    mockApi((_method, path) => {
      if (path === '/api/admin/tax-documents') return { status: 200, body: { success: true, message: 'Tax documents', data: [], pagination: { page: 1, limit: 50, total: 0, pages: 0 } } };
      if (path === '/api/admin/tax-documents/gstr1') return ok(summary(false));
      return undefined;
    });
    renderRoutes(routes, '/admin/accounts');
    expect(await screen.findByText('No tax documents in this range')).toBeTruthy();
    expect(within(await screen.findByTestId('reconciliation')).getByRole('status').textContent).toMatch(/^Not reconciled: .* by ₹1\.88/);
    expect(screen.getByRole('link', { name: 'Accounts' })).toBeTruthy();
  });
});
