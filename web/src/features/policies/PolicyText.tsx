// A policy page's title and text, from GET /api/pages/{slug}: a skeleton while it loads, a way to try again when it
// cannot, and the page's title in the browser's tab.
import { usePage, type PageSlug } from '../../api/pages';
import { hasOwnHeading, PageHtml } from '../../components/PageHtml';
import { shopperDateFormat } from '../../lib/dateFormat';
import { useT } from '../../lib/i18n';

const STORE_NAME = 'Legacy Threads';
/** The browser tab's title: the page's (the merchant's words) and the store's name. */
const tabTitle = (title: string) => `${title} · ${STORE_NAME}`;
const updatedFormat = shopperDateFormat({ day: 'numeric', month: 'long', year: 'numeric' });

export function PolicyText({ slug }: { slug: PageSlug }) {
  const page = usePage(slug);
  const t = useT();
  if (page.isPending) {
    return (
      <div className="policy-skeleton" role="status" aria-label={t('policies.loading')}>
        <title>{STORE_NAME}</title>
        <div className="skeleton-line title" />
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <div key={i} className={`skeleton-line${i % 3 === 2 ? ' short' : ''}`} />
        ))}
      </div>
    );
  }
  if (page.isError) {
    return (
      <div className="empty-state" role="alert">
        <title>{t('policies.unavailableTitle', { store: STORE_NAME })}</title>
        <h1>{t('policies.failed')}</h1>
        <button className="btn" onClick={() => void page.refetch()} disabled={page.isFetching}>
          {t('policies.tryAgain')}
        </button>
      </div>
    );
  }
  const { title, html, updatedAt } = page.data;
  return (
    <article className="policy">
      <title>{tabTitle(title)}</title>
      {!hasOwnHeading(html) && <h1>{title}</h1>}
      <PageHtml html={html} />
      {updatedAt != null && <p className="muted policy-updated">{t('policies.updated', { date: updatedFormat.format(updatedAt) })}</p>}
    </article>
  );
}
