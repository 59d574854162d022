// A paid order's tax invoice and credit notes as downloads, on the customer's
// order page and in the admin's order details. An order with only its advance
// paid has none yet: its tax invoice is issued when the balance is paid.
import { useState } from 'react';
import { downloadCreditNote, downloadTaxInvoice, invoiced, useCreditNotes } from '../../api/taxDocuments';
import type { Order } from '../../api/orders';
import { rupees } from '../../lib/money';
import './order.css';
import { useT } from '../../lib/i18n';

/** Between a credit note's date and its total: the same in every language. */
const DOT = ' · ';
const SPACE = ' ';

export function TaxDocumentLinks({ order }: { order: Order }) {
  const notes = useCreditNotes(order);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const t = useT();
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
        {busy === 'invoice' ? t('order.preparingInvoice') : t('order.downloadInvoice')}
      </button>
      {notes.data && notes.data.length > 0 && (
        <ul className="credit-notes" aria-label={t('order.creditNotes')}>
          {notes.data.map((n) => (
            <li key={n.number}>
              <button className="link-button" disabled={busy !== null} onClick={() => run(n.number, () => downloadCreditNote(order, n.number))}>
                {busy === n.number ? t('order.preparingCreditNote') : t('order.creditNote', { number: n.number })}
              </button>{SPACE}
              <span className="muted">
                {n.date}
                {DOT}
                {rupees(n.totals.total)}
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
