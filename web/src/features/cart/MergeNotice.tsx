// What happened to the cart kept in this browser when it went to the server
// cart: every line whose price changed is named with the old and new price,
// every line the server refused with its reason. Shown by the layout on any
// page until dismissed; also the reminder to sign in while lines wait here.
import { Link } from 'react-router';
import { describeMerge, needsNotice } from '../../lib/mergeLocalCart';
import type { useLocalCartSync } from '../../hooks/useLocalCart';

export function MergeNotice({ sync }: { sync: ReturnType<typeof useLocalCartSync> }) {
  const { report, dismiss, waiting } = sync;
  return (
    <div role="status" className="merge-notice">
      {waiting && (
        <p className="notice info">
          The server is back. Your offline cart is kept in this browser: <Link to="/login">sign in</Link> to send it to your cart.
        </p>
      )}
      {report && needsNotice(report) && <MergeReportNotice report={report} onDismiss={dismiss} />}
    </div>
  );
}

function MergeReportNotice({ report, onDismiss }: { report: NonNullable<ReturnType<typeof useLocalCartSync>['report']>; onDismiss: () => void }) {
  const { repriced, kept } = describeMerge(report);
  const moved = report.taken.length + report.repriced.length;
  return (
    <section className="notice info merge-report" aria-label="Your offline cart" data-testid="merge-report">
      <div className="merge-report-head">
        <strong>Your offline cart</strong>
        <button type="button" className="dismiss" aria-label="Dismiss the offline cart notice" onClick={onDismiss}>
          ×
        </button>
      </div>
      <p>
        {moved} of {moved + report.kept.length} line{moved + report.kept.length === 1 ? '' : 's'} went to your cart.{' '}
        <Link to="/cart">View your cart</Link>
      </p>
      {repriced.length > 0 && (
        <>
          <p>Repriced:</p>
          <ul data-testid="merge-repriced">
            {repriced.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </>
      )}
      {kept.length > 0 && (
        <>
          <p>Not added:</p>
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
