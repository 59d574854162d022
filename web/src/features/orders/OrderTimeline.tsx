// An order's timeline for its customer, from the order's history as the
// server tells it: paid, proof approved (when the order has that event),
// in production, each production stage reached, shipped, out for delivery,
// delivered; each with its date.
import { FETCH_ORDER_FAILED, ordersError, useOrder, type TimelineEvent } from '../../api/orders';
import { Spinner } from '../../components/Spinner';
import { formatDate } from './formatDate';

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

/** Loads the order (with its timeline) while shown. */
export function OrderTimeline({ orderId }: { orderId: string }) {
  const order = useOrder(orderId);
  if (order.isPending) return <Spinner label="Loading the timeline…" />;
  if (order.isError)
    return (
      <p className="notice error" role="alert">
        {ordersError(order.error, FETCH_ORDER_FAILED)}
      </p>
    );
  return <TimelineList events={order.data.timeline ?? []} />;
}
