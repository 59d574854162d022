// A shipped order's parcel on the customer's order page, loaded while shown.
import { useTracking } from '../../api/shipping';
import { useT } from '../../lib/i18n';
import { ordersError } from '../../api/orders';
import { Spinner } from '../../components/Spinner';
import { TrackingDetails } from '../../components/order/TrackingDetails';

/** Loads a shipped order's tracking while shown (the customer's order page). */
export function OrderTracking({ orderId }: { orderId: string }) {
  const tracking = useTracking(orderId, true);
  const t = useT();
  if (tracking.isPending) return <Spinner label={t('tracking.loading')} />;
  if (tracking.isError)
    return (
      <p className="notice error" role="alert">
        {ordersError(tracking.error, t('tracking.failed'))}
      </p>
    );
  return <TrackingDetails tracking={tracking.data} />;
}
