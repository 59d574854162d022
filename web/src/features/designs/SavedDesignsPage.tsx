// The shopper's saved designs (/user/saved-designs), as the spec lays the page
// out but over the saved-designs API and in rupees: a summary (count, total
// value, View Cart), twelve cards a page, each with its thumbnail, details,
// quantity, line total, Move to cart (a real move), Edit in studio, Share and
// Remove design; Start a group order when app/ hands it the groups feature's
// dialog (`groupStarter`).
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { FETCH_DESIGNS_FAILED, useAllSavedDesigns, useSavedDesigns } from '../../api/designs';
import { Banners, useBanners } from '../../components/Banners';
import { Spinner } from '../../components/Spinner';
import { rupees } from '../../lib/money';
import { serverErrorText } from '../../lib/api';
import { DesignCard, type GroupStarter } from './DesignCard';
import './designs.css';

export default function SavedDesignsPage({ groupStarter }: { groupStarter?: GroupStarter }) {
  const [page, setPage] = useState(1);
  const designs = useSavedDesigns(page);
  const banners = useBanners();
  const pagination = designs.data?.pagination;
  const list = designs.data?.designs ?? [];
  // The figures cover every page: with one page they are that page's.
  const manyPages = (pagination?.pages ?? 1) > 1;
  const all = useAllSavedDesigns(manyPages);
  const counted = manyPages ? all.data?.designs : list;

  // A page emptied by a removal or a move: back to the last page there is.
  const lastPage = pagination?.pages ?? 1;
  useEffect(() => {
    if (designs.isSuccess && !designs.isPlaceholderData && list.length === 0 && page > 1) setPage(Math.max(1, Math.min(page - 1, lastPage)));
  }, [designs.isSuccess, designs.isPlaceholderData, list.length, page, lastPage]);

  return (
    <section className="page saved-designs-page">
      <header className="page-head">
        <h1>Saved Designs</h1>
        <p className="muted">Your custom designs and saved items</p>
      </header>
      <Banners banners={banners} />

      {designs.isPending ? (
        <Spinner label="Loading saved designs..." />
      ) : designs.isError ? (
        <div className="empty-state" role="alert">
          <h2>Error Loading Designs</h2>
          <p className="muted">{serverErrorText(designs.error, FETCH_DESIGNS_FAILED)}</p>
          <button className="btn" onClick={() => void designs.refetch()} disabled={designs.isFetching}>
            Try Again
          </button>
        </div>
      ) : list.length === 0 ? (
        <div className="empty-state">
          <h2>No Saved Designs</h2>
          <p className="muted">Design a shirt in the studio and save it to find it here.</p>
          <Link className="btn" to="/design">
            Create Design
          </Link>
        </div>
      ) : (
        <>
          <div className="designs-summary" data-testid="designs-summary">
            <p>
              <strong>{pagination?.total ?? list.length}</strong> {(pagination?.total ?? list.length) === 1 ? 'item' : 'items'} saved
            </p>
            <p>
              Total value{' '}
              <strong data-testid="designs-total">{counted ? rupees(counted.reduce((sum, d) => sum + d.lineTotal, 0)) : '…'}</strong>
            </p>
            <Link className="btn" to="/cart">
              View Cart
            </Link>
          </div>
          <ul className={`design-grid ${designs.isPlaceholderData ? 'stale' : ''}`} aria-busy={designs.isFetching}>
            {list.map((design) => (
              <DesignCard key={design._id} design={design} banners={banners} groupStarter={groupStarter} />
            ))}
          </ul>
          {pagination && pagination.pages > 1 && (
            <nav className="pager" aria-label="Pagination">
              <button className="btn ghost small" onClick={() => setPage((p) => Math.max(1, p - 1))} disabled={page <= 1 || designs.isFetching}>
                Previous
              </button>
              <span>
                Page {pagination.page} of {pagination.pages}
              </span>
              <button className="btn ghost small" onClick={() => setPage((p) => p + 1)} disabled={page >= pagination.pages || designs.isFetching}>
                Next
              </button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}
