// /track: anyone with an order number and the e-mail it was placed with sees
// its status, its timeline and where the parcel is. The server gives no
// address and no items, and one message for a wrong number or e-mail.
import { useMutation } from '@tanstack/react-query';
import { TRACK_FAILED, trackOrder } from '../../api/shipping';
import { messageOf } from '../../lib/api';
import { LookupForm } from '../../components/LookupForm';
import { StatusChip } from '../../components/order/StatusChip';
import { TimelineList } from '../../components/order/TimelineList';
import { TrackingDetails } from '../../components/order/TrackingDetails';
import './track.css';

const WORDS = {
  number: 'Order number',
  missingNumber: 'Please enter your order number',
  missingEmail: 'Please enter the e-mail address you ordered with',
  submit: 'Track order',
  busy: 'Looking up your order…',
};

export default function TrackPage() {
  const track = useMutation({ mutationFn: ({ n, e }: { n: string; e: string }) => trackOrder(n, e) });
  const answer = track.data;

  return (
    <section className="page track-page">
      <header className="page-head">
        <h1>Track your order</h1>
        <p className="muted">Enter the order number from your confirmation e-mail and the e-mail address you ordered with.</p>
      </header>
      <LookupForm words={WORDS} pending={track.isPending} error={track.isError ? messageOf(track.error, TRACK_FAILED) : null} onLookup={(n, e) => track.mutate({ n, e })}>
        {answer && (
          <article className="track-result">
            <div className="order-head">
              <h2>Order {answer.orderNumber}</h2>
              <StatusChip status={answer.status} />
            </div>
            <TimelineList events={answer.timeline} />
            {answer.tracking ? <TrackingDetails tracking={answer.tracking} /> : <p className="muted">Your order has not shipped yet: we e-mail you the tracking link when it does.</p>}
          </article>
        )}
      </LookupForm>
    </section>
  );
}
