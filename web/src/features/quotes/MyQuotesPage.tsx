// The customer's quotes (/user/quotes): those made for their verified e-mail,
// newest first, each leading to its page.
import { Link } from 'react-router';
import { useMyQuotes } from '../../api/quotes';
import { Spinner } from '../../components/Spinner';
import { rupees } from '../../lib/money';
import { dayText, STATUS_TEXT } from './QuotePage';
import './quotes.css';

export default function MyQuotesPage() {
  const quotes = useMyQuotes();
  return (
    <section className="page my-quotes">
      <h1>Quotes</h1>
      {quotes.isPending ? (
        <Spinner label="Loading your quotes..." />
      ) : quotes.isError ? (
        <div className="empty-state" role="alert">
          <p>{quotes.error.message}</p>
          <button className="btn" onClick={() => void quotes.refetch()}>
            Try Again
          </button>
        </div>
      ) : quotes.data.length === 0 ? (
        <div className="empty-state">
          <p>No quotes yet. For a large order, ask the store for one.</p>
        </div>
      ) : (
        <ul className="quote-list">
          {quotes.data.map((q) => (
            <li key={q.id} data-testid="my-quote">
              <Link to={`/quotes/${q.id}`}>
                <strong>{q.number}</strong>
              </Link>{' '}
              {q.productName} ({q.color}) · {q.line.quantity} pieces at {rupees(q.line.unitPrice)} each · {STATUS_TEXT[q.status] ?? q.status}
              {q.status === 'open' && <> until {dayText(q.validUntil)}</>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
