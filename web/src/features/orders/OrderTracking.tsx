// A shipped order's parcel on the customer's order page, loaded while shown.
import { TRACKING_FAILED, useTracking } from '../../api/shipping';
import { ordersError } from '../../api/orders';
import { Spinner } from '../../components/Spinner';
import { TrackingDetails } from '../../components/order/TrackingDetails';

/** Loads a shipped order's tracking while shown (the customer's order page). */
export function OrderTracking({ orderId }: { orderId: string }) {
  const tracking = useTracking(orderId, true);
  if (tracking.isPending) return <Spinner label="Loading the delivery details…" />;
  if (tracking.isError)
    return (
      <p className="notice error" role="alert">
        {ordersError(tracking.error, TRACKING_FAILED)}
      </p>
    );
  return <TrackingDetails tracking={tracking.data} />;
}
