// An order's timeline for its customer, from the order's history as the
// server tells it: paid, proof approved (when the order has that event),
// in production, each production stage reached, shipped, out for delivery,
// delivered; each with its date.
import { FETCH_ORDER_FAILED, ordersError, useOrder } from '../../api/orders';
import { Spinner } from '../../components/Spinner';
import { TimelineList } from '../../components/order/TimelineList';

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
