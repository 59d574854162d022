// Pages (/admin/pages): the store's seven pages (about, contact, terms, privacy, refunds, shipping, cookies), each
// served from the admin's edit or else from its default text. Picking one (?page=terms) opens its editor; leaving
// an editor with unsaved changes (another page, another screen, closing the tab) asks first.
import { useCallback, useState } from 'react';
import { Link, useBeforeUnload, useBlocker, useSearchParams } from 'react-router';
import { PAGE_FAILED, PAGE_SLUGS, usePages, type PageSlug } from '../../../api/pages';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Spinner } from '../../../components/Spinner';
import { formatDate } from '../../../lib/formatDate';
import { PageEditor } from './PageEditor';
import './pages.css';

export default function PagesAdminPage() {
  const pages = usePages();
  const [params] = useSearchParams();
  const slug: PageSlug = PAGE_SLUGS.find((s) => s === params.get('page')) ?? PAGE_SLUGS[0];
  const [dirty, setDirty] = useState(false);
  const blocker = useBlocker(({ currentLocation: from, nextLocation: to }) => dirty && (from.pathname !== to.pathname || from.search !== to.search));
  useBeforeUnload(
    useCallback(
      (e: BeforeUnloadEvent) => {
        if (dirty) e.preventDefault();
      },
      [dirty],
    ),
  );

  const head = (
    <div className="admin-head">
      <div>
        <h1>Pages</h1>
        <p className="muted">The store&apos;s policy pages, in Markdown. The preview is the server&apos;s own rendering: what visitors will see.</p>
      </div>
    </div>
  );
  if (pages.isPending) {
    return (
      <section className="page pages-admin">
        {head}
        <Spinner label="Loading pages…" />
      </section>
    );
  }
  if (pages.isError) {
    return (
      <section className="page pages-admin">
        {head}
        <div className="empty-state" role="alert">
          <h2>{PAGE_FAILED}</h2>
          <button className="btn" onClick={() => void pages.refetch()} disabled={pages.isFetching}>
            Try Again
          </button>
        </div>
      </section>
    );
  }
  const page = pages.data.find((p) => p.slug === slug)!;
  return (
    <section className="page pages-admin">
      {head}
      <div className="pages-layout">
        <nav className="pages-list" aria-label="Pages">
          <ul>
            {pages.data.map((p) => (
              <li key={p.slug}>
                <Link to={`?page=${p.slug}`} aria-current={p.slug === slug ? 'page' : undefined}>
                  <span className="pages-list-title">{p.title}</span>
                  <small>{p.edited && p.updatedAt != null ? `Edited ${formatDate(p.updatedAt)}` : 'Default text'}</small>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <PageEditor key={slug} slug={slug} page={page} onDirty={setDirty} />
      </div>
      {blocker.state === 'blocked' && (
        <ConfirmDialog
          title="Unsaved changes"
          question="Leave this page without saving your changes?"
          confirmLabel="Discard changes"
          cancelLabel="Keep editing"
          onConfirm={() => {
            setDirty(false);
            blocker.proceed();
          }}
          onCancel={() => blocker.reset()}
        />
      )}
    </section>
  );
}
