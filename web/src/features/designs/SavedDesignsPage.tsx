// The shopper's saved designs (/user/saved-designs), as the spec lays the page
// out but over the saved-designs API and in rupees: a summary (count, total
// value, View Cart), twelve cards a page, each with its thumbnail, details,
// quantity, line total, Move to cart (a real move), Edit in studio, Share and
// Remove design; Start a group order when app/ hands it the groups feature's
// dialog (`groupStarter`).
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useAllSavedDesigns, useSavedDesigns } from '../../api/designs';
import { Banners, useBanners } from '../../components/Banners';
import { Spinner } from '../../components/Spinner';
import { rupees } from '../../lib/money';
import { serverErrorText } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { DesignCard, type GroupStarter } from './DesignCard';
import './designs.css';

/** Shown while the total over every page is fetched. */
const ELLIPSIS = '…';

export default function SavedDesignsPage({ groupStarter }: { groupStarter?: GroupStarter }) {
  const t = useT();
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
        <h1>{t('designs.title')}</h1>
        <p className="muted">{t('designs.intro')}</p>
      </header>
      <Banners banners={banners} />

      {designs.isPending ? (
        <Spinner label={t('designs.loading')} />
      ) : designs.isError ? (
        <div className="empty-state" role="alert">
          <h2>{t('designs.loadError')}</h2>
          <p className="muted">{serverErrorText(designs.error, t('designs.loadFailed'))}</p>
          <button className="btn" onClick={() => void designs.refetch()} disabled={designs.isFetching}>
            {t('designs.tryAgain')}
          </button>
        </div>
      ) : list.length === 0 ? (
        <div className="empty-state">
          <h2>{t('designs.empty')}</h2>
          <p className="muted">{t('designs.emptyHint')}</p>
          <Link className="btn" to="/design">
            {t('designs.create')}
          </Link>
        </div>
      ) : (
        <>
          <div className="designs-summary" data-testid="designs-summary">
            <p>{t.rich('designs.saved', { count: pagination?.total ?? list.length, b: (chunks) => <strong key="b">{chunks}</strong> })}</p>
            <p>
              {t.rich('designs.totalValue', {
                value: counted ? rupees(counted.reduce((sum, d) => sum + d.lineTotal, 0)) : ELLIPSIS,
                b: (chunks) => (
                  <strong key="b" data-testid="designs-total">
                    {chunks}
                  </strong>
                ),
              })}
            </p>
            <Link className="btn" to="/cart">
              {t('designs.viewCart')}
            </Link>
          </div>
          <ul className={`design-grid ${designs.isPlaceholderData ? 'stale' : ''}`} aria-busy={designs.isFetching}>
            {list.map((design) => (
              <DesignCard key={design._id} design={design} banners={banners} groupStarter={groupStarter} />
            ))}
          </ul>
          {pagination && pagination.pages > 1 && (
            <nav className="pager" aria-label={t('designs.pagination')}>
              <button className="btn ghost small" onClick={() => setPage((p) => Math.max(1, p - 1))} disabled={page <= 1 || designs.isFetching}>
                {t('designs.previous')}
              </button>
              <span>{t('designs.pageOf', { page: pagination.page, pages: pagination.pages })}</span>
              <button className="btn ghost small" onClick={() => setPage((p) => p + 1)} disabled={page >= pagination.pages || designs.isFetching}>
                {t('designs.next')}
              </button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}
