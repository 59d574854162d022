// What happened to the cart kept in this browser when it went to the server
// cart: every line whose price changed is named with the old and new price,
// every line the server refused with its reason. Shown by the layout on any
// page until dismissed; also the reminder to sign in while lines wait here.
import { Link } from 'react-router';
import { describeMerge, needsNotice } from '../../lib/mergeLocalCart';
import type { useLocalCartSync } from '../../hooks/useLocalCart';
import { useT } from '../../lib/i18n';

const CLOSE = '×';

export function MergeNotice({ sync }: { sync: ReturnType<typeof useLocalCartSync> }) {
  const { report, dismiss, waiting } = sync;
  const t = useT();
  return (
    <div role="status" className="merge-notice">
      {waiting && (
        <p className="notice info">
          {t.rich('cart.merge.serverBack', { link: (chunks) => <Link key="link" to="/login">{chunks}</Link> })}
        </p>
      )}
      {report && needsNotice(report) && <MergeReportNotice report={report} onDismiss={dismiss} />}
    </div>
  );
}

function MergeReportNotice({ report, onDismiss }: { report: NonNullable<ReturnType<typeof useLocalCartSync>['report']>; onDismiss: () => void }) {
  const { repriced, kept } = describeMerge(report);
  const moved = report.taken.length + report.repriced.length;
  const t = useT();
  return (
    <section className="notice info merge-report" aria-label={t('cart.merge.title')} data-testid="merge-report">
      <div className="merge-report-head">
        <strong>{t('cart.merge.title')}</strong>
        <button type="button" className="dismiss" aria-label={t('cart.merge.dismiss')} onClick={onDismiss}>
          {CLOSE}
        </button>
      </div>
      <p>
        {t.rich('cart.merge.moved', { moved, count: moved + report.kept.length, link: (chunks) => <Link key="link" to="/cart">{chunks}</Link> })}
      </p>
      {repriced.length > 0 && (
        <>
          <p>{t('cart.merge.repriced')}</p>
          <ul data-testid="merge-repriced">
            {repriced.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </>
      )}
      {kept.length > 0 && (
        <>
          <p>{t('cart.merge.notAdded')}</p>
          <ul data-testid="merge-kept">
            {kept.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
