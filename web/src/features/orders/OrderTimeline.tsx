// An order's timeline for its customer, from the order's history as the
// server tells it: paid, proof approved (when the order has that event),
// in production, each production stage reached, shipped, out for delivery,
// delivered; each with its date.
import { ordersError, useOrder } from '../../api/orders';
import { useT } from '../../lib/i18n';
import { Spinner } from '../../components/Spinner';
import { TimelineList } from '../../components/order/TimelineList';

/** Loads the order (with its timeline) while shown. */
export function OrderTimeline({ orderId }: { orderId: string }) {
  const order = useOrder(orderId);
  const t = useT();
  if (order.isPending) return <Spinner label={t('order.loadingTimeline')} />;
  if (order.isError)
    return (
      <p className="notice error" role="alert">
        {ordersError(order.error, t('order.fetchFailed'))}
      </p>
    );
  return <TimelineList events={order.data.timeline ?? []} />;
}
