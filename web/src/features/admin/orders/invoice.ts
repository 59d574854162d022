// The pro-forma invoice: a print window showing the server's invoice (every
// figure computed once, on the server, from integer paise) with the print
// dialog 0.5 s later, and the same invoice as a PDF the server draws.
import { saveBlob } from '../../../api/adminOrders';
import type { Order } from '../../../api/orders';
import { api, unwrap } from '../../../lib/api';
import { rupees } from '../../../lib/money';
import type { components } from '../../../lib/schema';

type Invoice = components['schemas']['Invoice'];

export const INVOICE_FAILED = 'Failed to generate performa invoice';
export const PDF_FAILED = 'Failed to generate performa invoice PDF';
export const POPUP_BLOCKED = 'Unable to open print window';
/** The print dialog opens this long after the window. */
export const PRINT_DELAY_MS = 500;

const STYLE = `
  body { font: 13px/1.45 Arial, Helvetica, sans-serif; color: #1c1917; margin: 32px; }
  header { display: flex; justify-content: space-between; gap: 24px; border-bottom: 2px solid #1c1917; padding-bottom: 12px; }
  h1 { font-size: 20px; margin: 0 0 6px; letter-spacing: .04em; }
  h2 { font-size: 13px; margin: 0 0 4px; text-transform: uppercase; color: #57534e; }
  .parties { display: flex; gap: 32px; margin: 16px 0; }
  .parties > div { flex: 1; }
  p { margin: 0; }
  table { width: 100%; border-collapse: collapse; margin-top: 8px; }
  th, td { padding: 6px 8px; border-bottom: 1px solid #d6d3d1; text-align: left; vertical-align: top; }
  th.num, td.num { text-align: right; }
  tfoot td { border: 0; }
  tfoot tr.total td { font-weight: 700; border-top: 2px solid #1c1917; }
  tfoot tr.included td { font-size: 0.85em; color: #57534e; }
  .terms { margin-top: 20px; }
  @media print { body { margin: 12mm; } }
`;

/** Adds an element with text to a parent in the print window's document. */
function add(doc: Document, parent: Node, tag: string, text?: string, className?: string): HTMLElement {
  const el = doc.createElement(tag);
  if (text !== undefined) el.textContent = text;
  if (className) el.className = className;
  parent.appendChild(el);
  return el;
}

function addressLines(a: Invoice['billTo']): string[] {
  return [a.fullName, a.street || [a.addressLine1, a.addressLine2].filter(Boolean).join(', '), [a.city, a.state, a.zipCode].filter(Boolean).join(', '), a.country, a.phone, a.email].filter(
    (l): l is string => !!l,
  );
}

/** Draws the invoice into a document (built with DOM calls: no markup is pasted, nothing to escape). */
export function renderInvoice(doc: Document, inv: Invoice): void {
  doc.documentElement.lang = 'en';
  doc.title = `${inv.title} ${inv.invoiceNumber}`;
  add(doc, doc.head, 'style', STYLE);
  const body = doc.body;
  const header = add(doc, body, 'header');
  const seller = add(doc, header, 'div');
  add(doc, seller, 'h1', inv.seller.name);
  for (const line of [inv.seller.address, `GSTIN: ${inv.seller.gstin}`, `Phone: ${inv.seller.phone}`, `Email: ${inv.seller.email}`]) add(doc, seller, 'p', line);
  const meta = add(doc, header, 'div');
  add(doc, meta, 'h1', inv.title);
  add(doc, meta, 'p', `Invoice No: ${inv.invoiceNumber}`);
  add(doc, meta, 'p', `Invoice Date: ${inv.invoiceDate}`);
  add(doc, meta, 'p', `Order Date: ${inv.orderDate}`);
  add(doc, meta, 'p', `Payment: ${inv.paymentMethod} (${inv.isPaid ? 'Paid' : 'Pending'})`);
  add(doc, meta, 'p', `Place of supply: ${inv.placeOfSupply}`);

  const parties = add(doc, body, 'section', undefined, 'parties');
  for (const [title, address] of [
    ['Bill To', inv.billTo],
    ['Ship To', inv.shipTo],
  ] as const) {
    const box = add(doc, parties, 'div');
    add(doc, box, 'h2', title);
    for (const line of addressLines(address)) add(doc, box, 'p', line);
  }

  const table = add(doc, body, 'table');
  const head = add(doc, add(doc, table, 'thead'), 'tr');
  for (const [text, num] of [
    ['#', false],
    ['Item', false],
    ['Sizes', false],
    ['Qty', true],
    ['Unit Price', true],
    ['Amount', true],
  ] as const)
    add(doc, head, 'th', text, num ? 'num' : undefined);
  const rows = add(doc, table, 'tbody');
  inv.lines.forEach((line, i) => {
    const tr = add(doc, rows, 'tr');
    add(doc, tr, 'td', String(i + 1));
    add(doc, tr, 'td', line.tierLabel ? `${line.name} (${line.color}) · ${line.tierLabel}` : `${line.name} (${line.color})`);
    add(doc, tr, 'td', line.sizes.map((s) => `${s.size} × ${s.quantity}`).join(', '));
    add(doc, tr, 'td', String(line.quantity), 'num');
    add(doc, tr, 'td', rupees(line.unitPrice), 'num');
    add(doc, tr, 'td', rupees(line.amount), 'num');
  });
  const foot = add(doc, table, 'tfoot');
  // Prices include GST: the rows that add up to the total, then the tax inside it (the server's split and rates).
  const totals: [string, number, 'total' | 'included' | undefined][] = [['Items Total', inv.itemsTotal, undefined]];
  if (inv.gatewayCharge > 0) totals.push([inv.gatewayLabel, inv.gatewayCharge, undefined]);
  totals.push(['Courier Charges', inv.courierCharges, undefined], ['Invoice Total', inv.total, 'total'], ['Taxable value', inv.taxableValue, 'included']);
  for (const tax of inv.taxes) totals.push([`${tax.label} included`, tax.amount, 'included']);
  for (const [label, paise, kind] of totals) {
    const tr = add(doc, foot, 'tr', undefined, kind);
    const cell = add(doc, tr, 'td', label, 'num');
    cell.setAttribute('colspan', '5');
    add(doc, tr, 'td', rupees(paise), 'num');
  }

  const terms = add(doc, body, 'section', undefined, 'terms');
  add(doc, terms, 'h2', 'Terms');
  add(doc, terms, 'p', `Estimated dispatch: ${inv.estimatedDispatch}`);
  add(doc, terms, 'p', `Payment terms: ${inv.paymentTerms}`);
  add(doc, terms, 'p', 'This is a pro-forma invoice, not a tax invoice.');
}

/**
 * Opens the print window at once (a window opened later than the click would
 * be blocked), fills it with the server's invoice and opens the print dialog
 * 0.5 s later. Throws with the specification's messages.
 */
export async function printInvoice(order: Order): Promise<void> {
  const win = window.open('', '_blank');
  if (!win) throw new Error(POPUP_BLOCKED);
  win.document.title = 'Preparing invoice…';
  let invoice: Invoice;
  try {
    invoice = unwrap(await api.GET('/orders/{id}/invoice', { params: { path: { id: order._id } } }), INVOICE_FAILED);
  } catch (e) {
    win.close();
    throw new Error(e instanceof Error && e.message ? e.message : INVOICE_FAILED, { cause: e });
  }
  renderInvoice(win.document, invoice);
  setTimeout(() => win.print(), PRINT_DELAY_MS);
}

/** The same invoice as a PDF file, drawn by the server. */
export async function downloadInvoicePdf(order: Order): Promise<void> {
  const result = await api.GET('/orders/{id}/invoice.pdf', { params: { path: { id: order._id } }, parseAs: 'blob' });
  if (result.error !== undefined || !result.data) throw new Error(PDF_FAILED);
  saveBlob(result.data as Blob, `invoice-${order.orderNumber}.pdf`);
}
