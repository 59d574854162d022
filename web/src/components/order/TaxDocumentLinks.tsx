// A paid order's tax invoice and credit notes as downloads, on the customer's
// order page and in the admin's order details. An order with only its advance
// paid has none yet: its tax invoice is issued when the balance is paid.
import { useState } from 'react';
import { downloadCreditNote, downloadTaxInvoice, invoiced, useCreditNotes } from '../../api/taxDocuments';
import type { Order } from '../../api/orders';
import { rupees } from '../../lib/money';
import './order.css';

export function TaxDocumentLinks({ order }: { order: Order }) {
  const notes = useCreditNotes(order);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!invoiced(order)) return null;
  const run = (what: string, work: () => Promise<void>) => {
    setBusy(what);
    setError(null);
    work()
      .catch((e: Error) => setError(e.message))
      .finally(() => setBusy(null));
  };
  return (
    <div className="tax-documents">
      <button className="link-button" disabled={busy !== null} onClick={() => run('invoice', () => downloadTaxInvoice(order))}>
        {busy === 'invoice' ? 'Preparing tax invoice…' : 'Download tax invoice'}
      </button>
      {notes.data && notes.data.length > 0 && (
        <ul className="credit-notes" aria-label="Credit notes">
          {notes.data.map((n) => (
            <li key={n.number}>
              <button className="link-button" disabled={busy !== null} onClick={() => run(n.number, () => downloadCreditNote(order, n.number))}>
                {busy === n.number ? 'Preparing credit note…' : `Credit note ${n.number}`}
              </button>{' '}
              <span className="muted">
                {n.date} · {rupees(n.totals.total)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p className="notice error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
