// One page's editor: its title and Markdown beside a live preview. The preview is the server's rendering of the
// draft (POST /api/pages/preview, asked once typing has paused), so the admin sees exactly what will be served:
// raw HTML and scripts come out as text, never as markup. Save publishes the draft; Reset to default drops the
// admin's edit and serves the default text again.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  PAGE_PATH,
  previewPage,
  PREVIEW_FAILED,
  RESET_PAGE_FAILED,
  SAVE_PAGE_FAILED,
  TEXT_INVALID,
  TITLE_INVALID,
  useResetPage,
  useSavePage,
  type PageSlug,
  type StorePage,
} from '../../../api/pages';
import { Banners, useBanners } from '../../../components/Banners';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { hasOwnHeading, PageHtml } from '../../../components/PageHtml';
import { useDebounced } from '../../../components/three/useDebounced';
import { ApiError, serverErrorText } from '../../../lib/api';

/** How long typing pauses before the preview is asked for. */
export const PREVIEW_DEBOUNCE_MS = 400;

export function PageEditor({ slug, page, onDirty }: { slug: PageSlug; page: StorePage; onDirty: (dirty: boolean) => void }) {
  // What is served now (the page as loaded, then as saved or reset), and the draft.
  const [base, setBase] = useState(page);
  const [title, setTitle] = useState(page.title);
  const [markdown, setMarkdown] = useState(page.markdown);
  const [confirmReset, setConfirmReset] = useState(false);
  // The server's refusal of a field (its code names it), shown by the field until it is changed.
  const [refused, setRefused] = useState<{ title?: string; markdown?: string }>({});
  const save = useSavePage(slug);
  const reset = useResetPage(slug);
  const banners = useBanners();
  const id = useId();
  const dirty = title !== base.title || markdown !== base.markdown;
  useEffect(() => onDirty(dirty), [dirty, onDirty]);

  const drafted = useDebounced(markdown, PREVIEW_DEBOUNCE_MS);
  const preview = useQuery({
    queryKey: ['page-preview', drafted],
    queryFn: ({ signal }) => previewPage(drafted, signal),
    enabled: drafted !== base.markdown,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    retry: false,
  });
  const current = drafted === base.markdown;
  const html = current ? base.html : preview.data;
  const updating = markdown !== drafted || (!current && preview.isFetching);

  const published = (p: StorePage) => {
    setBase(p);
    setTitle(p.title);
    setMarkdown(p.markdown);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      { title: title.trim(), markdown },
      {
        onSuccess: (p) => {
          published(p);
          banners.success('Page saved: visitors see it now');
        },
        onError: (err) => {
          const code = err instanceof ApiError ? err.code : undefined;
          if (code === TITLE_INVALID) setRefused({ title: err.message });
          else if (code === TEXT_INVALID) setRefused({ markdown: err.message });
          else banners.error(serverErrorText(err, SAVE_PAGE_FAILED));
        },
      },
    );
  };
  const toDefault = () => {
    setConfirmReset(false);
    reset.mutate(undefined, {
      onSuccess: (p) => {
        published(p);
        banners.success('The default text is back');
      },
      onError: (err) => banners.error(serverErrorText(err, RESET_PAGE_FAILED)),
    });
  };
  const busy = save.isPending || reset.isPending;

  return (
    <div className="page-editor">
      <Banners banners={banners} />
      <div className="page-editor-panes">
      <form className="page-editor-form" onSubmit={submit} aria-busy={busy}>
        <div className="field">
          <label htmlFor={`${id}-title`}>Title</label>
          <input
            id={`${id}-title`}
            value={title}
            aria-invalid={refused.title ? true : undefined}
            aria-describedby={refused.title ? `${id}-title-error` : undefined}
            onChange={(e) => {
              setTitle(e.target.value);
              setRefused({});
            }}
          />
          {refused.title && (
            <small id={`${id}-title-error`} className="field-error">
              {refused.title}
            </small>
          )}
        </div>
        <div className="field">
          <label htmlFor={`${id}-markdown`}>Text (Markdown)</label>
          <textarea
            id={`${id}-markdown`}
            value={markdown}
            rows={22}
            spellCheck
            aria-invalid={refused.markdown ? true : undefined}
            aria-describedby={refused.markdown ? `${id}-markdown-error` : `${id}-hint`}
            onChange={(e) => {
              setMarkdown(e.target.value);
              setRefused({});
            }}
          />
          {refused.markdown ? (
            <small id={`${id}-markdown-error`} className="field-error">
              {refused.markdown}
            </small>
          ) : (
            <small id={`${id}-hint`} className="muted">
              Headings with ##, lists with -, links as [text](https://…). HTML is shown as text.
            </small>
          )}
        </div>
        <div className="row">
          <button className="btn" type="submit" disabled={!dirty || busy}>
            {save.isPending ? 'Saving…' : 'Save'}
          </button>
          <button className="btn ghost" type="button" disabled={!base.edited || busy} onClick={() => setConfirmReset(true)}>
            Reset to default
          </button>
          <Link className="page-editor-view" to={PAGE_PATH[slug]}>
            View page
          </Link>
          <span className="muted" role="status">
            {dirty ? 'Unsaved changes' : base.edited ? 'Saved' : 'Default text'}
          </span>
        </div>
      </form>
      <section className="page-preview" aria-labelledby={`${id}-preview`} aria-busy={updating}>
        <h2 id={`${id}-preview`}>
          Preview {updating && <span className="muted">(updating…)</span>}
        </h2>
        {!current && preview.isError ? (
          <p className="notice error" role="alert">
            {serverErrorText(preview.error, PREVIEW_FAILED)}
          </p>
        ) : (
          <div className="page-preview-body" data-testid="page-preview">
            {!(html && hasOwnHeading(html)) && <p className="page-preview-title">{title}</p>}
            {html !== undefined && <PageHtml html={html} />}
          </div>
        )}
      </section>
      </div>
      {confirmReset && (
        <ConfirmDialog
          title="Reset to default"
          question={`Serve the default text of “${base.title}” again?`}
          confirmLabel="Reset to default"
          onConfirm={toDefault}
          onCancel={() => setConfirmReset(false)}
        >
          Your edit of this page is deleted.
        </ConfirmDialog>
      )}
    </div>
  );
}
