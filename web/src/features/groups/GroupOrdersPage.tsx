// The organiser's group orders (/account/group-orders), newest first: each
// with its status, deadline and pieces against the minimum; a new one starts
// from a saved design.
import { Link } from 'react-router';
import { GROUPS_FAILED, useGroupOrders } from '../../api/groupOrders';
import { Spinner } from '../../components/Spinner';
import { FACTS } from '../../lib/engine';
import { serverErrorText } from '../../lib/api';
import { formatDate } from '../../lib/formatDate';
import { STATUS_LABELS } from './GroupOrderPage';
import './groups.css';

export default function GroupOrdersPage() {
  const groups = useGroupOrders();
  return (
    <section className="page group-list-page">
      <header className="page-head">
        <h1>Group Orders</h1>
        <p className="muted">One link for your team, club or office: everyone picks their own size, you place one order.</p>
      </header>
      {groups.isPending ? (
        <Spinner label="Loading your group orders..." />
      ) : groups.isError ? (
        <div className="empty-state" role="alert">
          <h2>Error Loading Group Orders</h2>
          <p className="muted">{serverErrorText(groups.error, GROUPS_FAILED)}</p>
          <button className="btn" onClick={() => void groups.refetch()} disabled={groups.isFetching}>
            Try Again
          </button>
        </div>
      ) : groups.data.length === 0 ? (
        <div className="empty-state">
          <h2>No Group Orders Yet</h2>
          <p className="muted">Start one from a saved design: “Start a group order” on its card.</p>
          <Link className="btn" to="/user/saved-designs">
            Saved Designs
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
                {g.productName} · {STATUS_LABELS[g.status] ?? g.status}
              </p>
              <p>
                {g.progress.pieces} {g.progress.pieces === 1 ? 'piece' : 'pieces'} ({g.progress.minimumReached ? 'minimum reached' : `${g.progress.needMore} more for the minimum of ${FACTS.minPerColor}`}) · deadline{' '}
                {formatDate(g.deadline)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
