// An order's timeline as the server tells it (paid, proof approved, in
// production, each stage reached, shipped, out for delivery, delivered), each
// with its date: on the customer's order page and on /track. Each line in the
// shopper's language (timelineLabel).
import type { TimelineEvent } from '../../api/orders';
import { formatDate } from '../../lib/formatDate';
import './order.css';
import { useT } from '../../lib/i18n';
import { timelineLabel } from './timelineLabel';

export function TimelineList({ events }: { events: TimelineEvent[] }) {
  const t = useT();
  if (events.length === 0) return <p className="muted">{t('order.timelineEmpty')}</p>;
  return (
    <ol className="order-timeline" aria-label={t('order.timeline')}>
      {events.map((e, i) => (
        <li key={`${e.kind}-${e.at}-${i}`} className={`timeline-${e.kind}`}>
          <span className="timeline-label">{timelineLabel(t, e)}</span> <time dateTime={new Date(e.at).toISOString()}>{formatDate(e.at)}</time>
        </li>
      ))}
    </ol>
  );
}
