// Quotes (/admin/quotes): every quote, newest first, and the "New quote" form.
// A quote made is e-mailed to the customer with the link to its page.
import { useState } from 'react';
import { useAdminQuotes, type Quote } from '../../../api/quotes';
import { Spinner } from '../../../components/Spinner';
import { rupees } from '../../../lib/money';
import { QuoteForm } from './QuoteForm';

const STATUS: Record<string, string> = { open: 'Open', accepted: 'Accepted', expired: 'Expired' };

export default function QuotesAdminPage() {
  const [page, setPage] = useState(1);
  const quotes = useAdminQuotes(page);
  const [creating, setCreating] = useState(false);
  const [made, setMade] = useState<Quote | null>(null);

  return (
    <section className="page admin-quotes">
      <header className="admin-head">
        <div>
          <h1>Quotes</h1>
          <p className="muted">A price for a large order, held for one customer until its last day; the engine prices it, and it is e-mailed with its link.</p>
        </div>
        {!creating && (
          <button className="btn" onClick={() => (setCreating(true), setMade(null))}>
            New quote
          </button>
        )}
      </header>
      {made && (
        <p className="notice success" role="status" data-testid="quote-made">
          Quote {made.number} made and e-mailed to {made.customerEmail}
        </p>
      )}
      {creating && (
        <QuoteForm
          onMade={(q) => {
            setMade(q);
            setCreating(false);
            setPage(1);
          }}
        />
      )}
      {quotes.isPending ? (
        <Spinner label="Loading quotes..." />
      ) : quotes.isError ? (
        <div className="empty-state" role="alert">
          <p>{quotes.error.message}</p>
          <button className="btn" onClick={() => void quotes.refetch()}>
            Try Again
          </button>
        </div>
      ) : quotes.data.quotes.length === 0 ? (
        <div className="empty-state">
          <p>No quotes yet</p>
        </div>
      ) : (
        <>
          <div className="table-wrap">
            <table className="admin-table" aria-label="Quotes">
              <thead>
                <tr>
                  <th scope="col">Number</th>
                  <th scope="col">Customer</th>
                  <th scope="col">Product</th>
                  <th scope="col">Pieces</th>
                  <th scope="col">Unit price</th>
                  <th scope="col">Valid until</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {quotes.data.quotes.map((q) => (
                  <tr key={q.id} data-testid="quote-row">
                    <td>
                      <strong>{q.number}</strong>
                    </td>
                    <td>{q.customerEmail}</td>
                    <td>
                      {q.productName} ({q.color})
                    </td>
                    <td>{q.line.quantity}</td>
                    <td>
                      {rupees(q.line.unitPrice)}
                      {q.line.unitPrice < q.line.listUnitPrice && <span className="muted"> (list {rupees(q.line.listUnitPrice)})</span>}
                    </td>
                    <td>{q.validUntil}</td>
                    <td>{STATUS[q.status] ?? q.status}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {quotes.data.total > quotes.data.limit && (
            <div className="row">
              <button className="btn ghost small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Newer
              </button>
              <span className="muted">Page {page}</span>
              <button className="btn ghost small" disabled={page * quotes.data.limit >= quotes.data.total} onClick={() => setPage(page + 1)}>
                Older
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
