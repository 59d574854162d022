// Where a shipped order's parcel is: the courier, the AWB (a link to the
// courier's tracking page), the state, the estimated delivery date and the
// courier's scans, newest first. On the customer's order page, in the admin's
// order details and on /track.
import { useId, type ReactNode } from 'react';
import type { Tracking } from '../../api/shipping';
import { useT } from '../../lib/i18n';
import { formatDate } from '../../lib/formatDate';
import { shopperDateFormat } from '../../lib/dateFormat';
import './order.css';

const dayFormat = shopperDateFormat({ weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** A YYYY-MM-DD date as "Sat, 28 Nov, 2026" (a calendar day: no time zone shifts it). */
export function formatDay(ymd: string): string {
  const d = new Date(`${ymd}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? ymd : dayFormat.format(d);
}

export function TrackingDetails({ tracking, title, children }: { tracking: Tracking; title?: string; children?: ReactNode }) {
  const t = useT();
  const scans = [...tracking.events].reverse();
  const headingId = useId();
  return (
    <section className="tracking" aria-labelledby={headingId}>
      <h3 id={headingId}>{title ?? t('tracking.delivery')}</h3>
      <dl className="tracking-facts">
        <dt>{t('tracking.courier')}</dt>
        <dd>{tracking.courier}</dd>
        <dt>{t('tracking.awb')}</dt>
        <dd>
          <a href={tracking.trackingUrl} target="_blank" rel="noopener noreferrer">
            {tracking.awb}
            <span className="visually-hidden">{t('tracking.opensCourier')}</span>
          </a>
        </dd>
        <dt>{t('tracking.state')}</dt>
        <dd>
          <span className={`shipment-state shipment-${tracking.state}`}>{t('tracking.shipmentState', { state: tracking.state })}</span>
        </dd>
        {tracking.etd && tracking.state !== 'delivered' && (
          <>
            <dt>{t('tracking.estimated')}</dt>
            <dd>{formatDay(tracking.etd)}</dd>
          </>
        )}
        <dt>{t('tracking.shipped')}</dt>
        <dd>{formatDate(tracking.shippedAt)}</dd>
      </dl>
      {scans.length > 0 ? (
        <ol className="tracking-scans" aria-label={t('tracking.scans')}>
          {scans.map((s, i) => (
            <li key={`${s.at}-${i}`}>
              <time dateTime={new Date(s.at).toISOString()}>{formatDate(s.at)}</time>
              <span className="scan-activity">{s.activity}</span>
              {s.location && <span className="muted scan-location">{s.location}</span>}
            </li>
          ))}
        </ol>
      ) : (
        <p className="muted">{t('tracking.noScans')}</p>
      )}
      {children}
    </section>
  );
}
