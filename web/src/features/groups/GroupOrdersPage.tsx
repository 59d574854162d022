// The organiser's group orders (/account/group-orders), newest first: each
// with its status, deadline and pieces against the minimum; a new one starts
// from a saved design.
import { Link } from 'react-router';
import { useGroupOrders } from '../../api/groupOrders';
import { Spinner } from '../../components/Spinner';
import { FACTS } from '../../lib/engine';
import { serverErrorText } from '../../lib/api';
import { formatDate } from '../../lib/formatDate';
import { useT } from '../../lib/i18n';
import { STATUS_LABELS } from './GroupOrderPage';
import './groups.css';

/** A product's name and a status, the same in every language. */
const productAndStatus = (product: string, status: string) => `${product} · ${status}`;

export default function GroupOrdersPage() {
  const t = useT();
  const groups = useGroupOrders();
  const statusOf = (status: string) => {
    const id = STATUS_LABELS[status];
    return id ? t(id) : status;
  };
  return (
    <section className="page group-list-page">
      <header className="page-head">
        <h1>{t('groups.listTitle')}</h1>
        <p className="muted">{t('groups.listIntro')}</p>
      </header>
      {groups.isPending ? (
        <Spinner label={t('groups.listLoading')} />
      ) : groups.isError ? (
        <div className="empty-state" role="alert">
          <h2>{t('groups.listError')}</h2>
          <p className="muted">{serverErrorText(groups.error, t('groups.listFailed'))}</p>
          <button className="btn" onClick={() => void groups.refetch()} disabled={groups.isFetching}>
            {t('groups.tryAgain')}
          </button>
        </div>
      ) : groups.data.length === 0 ? (
        <div className="empty-state">
          <h2>{t('groups.listEmpty')}</h2>
          <p className="muted">{t('groups.listEmptyHint')}</p>
          <Link className="btn" to="/user/saved-designs">
            {t('groups.savedDesigns')}
          </Link>
        </div>
      ) : (
        <ul className="group-list">
          {groups.data.map((g) => (
            <li key={g._id} className="group-card" data-testid="group-card">
              <h2>
                <Link to={`/account/group-orders/${g._id}`}>{g.title}</Link>
              </h2>
              <p className="muted">
                {productAndStatus(g.productName, statusOf(g.status))}
              </p>
              <p>
                {g.progress.minimumReached
                  ? t('groups.cardProgressReached', { count: g.progress.pieces, date: formatDate(g.deadline) })
                  : t('groups.cardProgress', { count: g.progress.pieces, more: g.progress.needMore, minimum: FACTS.minPerColor, date: formatDate(g.deadline) })}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
