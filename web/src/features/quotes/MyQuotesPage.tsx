// The customer's quotes (/user/quotes): those made for their verified e-mail,
// newest first, each leading to its page.
import { Link } from 'react-router';
import { useMyQuotes } from '../../api/quotes';
import { Spinner } from '../../components/Spinner';
import { rupees } from '../../lib/money';
import { useT } from '../../lib/i18n';
import { dayText, STATUS_TEXT } from './QuotePage';
import './quotes.css';

const SPACE = ' ';

export default function MyQuotesPage() {
  const t = useT();
  const quotes = useMyQuotes();
  const statusOf = (status: string) => {
    const id = STATUS_TEXT[status];
    return id ? t(id) : status;
  };
  return (
    <section className="page my-quotes">
      <h1>{t('quotes.listTitle')}</h1>
      {quotes.isPending ? (
        <Spinner label={t('quotes.listLoading')} />
      ) : quotes.isError ? (
        <div className="empty-state" role="alert">
          <p>{quotes.error.message}</p>
          <button className="btn" onClick={() => void quotes.refetch()}>
            {t('quotes.tryAgain')}
          </button>
        </div>
      ) : quotes.data.length === 0 ? (
        <div className="empty-state">
          <p>{t('quotes.listEmpty')}</p>
        </div>
      ) : (
        <ul className="quote-list">
          {quotes.data.map((q) => (
            <li key={q.id} data-testid="my-quote">
              <Link to={`/quotes/${q.id}`}>
                <strong>{q.number}</strong>
              </Link>
              {SPACE}
              {q.status === 'open'
                ? t('quotes.lineOpen', { product: q.productName, color: q.color, count: q.line.quantity, price: rupees(q.line.unitPrice), status: statusOf(q.status), day: dayText(q.validUntil) })
                : t('quotes.line', { product: q.productName, color: q.color, count: q.line.quantity, price: rupees(q.line.unitPrice), status: statusOf(q.status) })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
