// An order's timeline as the server tells it (paid, proof approved, in
// production, each stage reached, shipped, out for delivery, delivered), each
// with its date: on the customer's order page and on /track.
import type { TimelineEvent } from '../../api/orders';
import { formatDate } from '../../lib/formatDate';
import './order.css';

export function TimelineList({ events }: { events: TimelineEvent[] }) {
  if (events.length === 0) return <p className="muted">Nothing has happened to this order yet.</p>;
  return (
    <ol className="order-timeline" aria-label="Order timeline">
      {events.map((e, i) => (
        <li key={`${e.kind}-${e.at}-${i}`} className={`timeline-${e.kind}`}>
          <span className="timeline-label">{e.label}</span> <time dateTime={new Date(e.at).toISOString()}>{formatDate(e.at)}</time>
        </li>
      ))}
    </ol>
  );
}
