// An order's tax documents (its owner or an admin): the tax invoice issued when
// it was paid and the credit notes issued on refunds. PDFs need the bearer
// token, so they are fetched and saved, under the name the server gives them.
import { useQuery } from '@tanstack/react-query';
import { api, messageOf, unwrap } from '../lib/api';
import type { components } from '../lib/schema';
import { saveBlob } from './adminOrders';
import type { Order } from './orders';

export type TaxDocument = components['schemas']['TaxDocument'];

export const INVOICE_PDF_FAILED = 'Failed to download the tax invoice';
export const CREDIT_NOTE_PDF_FAILED = 'Failed to download the credit note';

/** The order's credit notes, oldest first (asked only for a paid order). */
/** Whether the order has its tax invoice: paid, and paid in full (an advance alone has none; issue 52). */
export function invoiced(order: Order): boolean {
  return order.isPaid && order.balanceDue === 0;
}

export function useCreditNotes(order: Order) {
  return useQuery({
    queryKey: ['credit-notes', order._id, order.refundedAmount],
    enabled: invoiced(order),
    queryFn: async () => unwrap(await api.GET('/orders/{id}/credit-notes', { params: { path: { id: order._id } } }), 'Failed to fetch credit notes'),
  });
}

/** The file name in a Content-Disposition header (`attachment; filename="x.pdf"`). */
export function fileNameOf(disposition: string | null, fallback: string): string {
  return disposition?.match(/filename="([^"]+)"/)?.[1] ?? fallback;
}

export async function downloadTaxInvoice(order: Order): Promise<void> {
  const result = await api.GET('/orders/{id}/tax-invoice.pdf', { params: { path: { id: order._id } }, parseAs: 'blob' });
  if (result.error !== undefined || !result.data) throw new Error(messageOf(result.error, INVOICE_PDF_FAILED));
  saveBlob(result.data as Blob, fileNameOf(result.response.headers.get('content-disposition'), `tax-invoice-${order.orderNumber}.pdf`));
}

export async function downloadCreditNote(order: Order, number: string): Promise<void> {
  const file = `${number.replaceAll('/', '-')}.pdf`;
  const result = await api.GET('/orders/{id}/credit-notes/{file}', { params: { path: { id: order._id, file } }, parseAs: 'blob' });
  if (result.error !== undefined || !result.data) throw new Error(messageOf(result.error, CREDIT_NOTE_PDF_FAILED));
  saveBlob(result.data as Blob, fileNameOf(result.response.headers.get('content-disposition'), `credit-note-${file}`));
}
