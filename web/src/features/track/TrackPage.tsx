// /track: anyone with an order number and the e-mail it was placed with sees
// its status, its timeline and where the parcel is. The server gives no
// address and no items, and one message for a wrong number or e-mail.
import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { TRACK_FAILED, trackOrder } from '../../api/shipping';
import { messageOf } from '../../lib/api';
import { StatusChip } from '../../components/order/StatusChip';
import { TimelineList } from '../../components/order/TimelineList';
import { TrackingDetails } from '../../components/order/TrackingDetails';
import './track.css';

export default function TrackPage() {
  const [orderNumber, setOrderNumber] = useState('');
  const [email, setEmail] = useState('');
  const [missing, setMissing] = useState<string | null>(null);
  const track = useMutation({ mutationFn: ({ n, e }: { n: string; e: string }) => trackOrder(n, e) });
  const id = useId();

  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    const n = orderNumber.trim();
    const e = email.trim();
    if (!n || !e) {
      setMissing(!n ? 'Please enter your order number' : 'Please enter the e-mail address you ordered with');
      return;
    }
    setMissing(null);
    track.mutate({ n, e });
  };
  const answer = track.data;

  return (
    <section className="page track-page">
      <header className="page-head">
        <h1>Track your order</h1>
        <p className="muted">Enter the order number from your confirmation e-mail and the e-mail address you ordered with.</p>
      </header>
      <form className="track-form" onSubmit={submit} noValidate aria-busy={track.isPending}>
        <div className="field">
          <label htmlFor={`${id}-number`}>Order number</label>
          <input id={`${id}-number`} value={orderNumber} autoComplete="off" spellCheck={false} onChange={(e) => setOrderNumber(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-email`}>E-mail address</label>
          <input id={`${id}-email`} type="email" inputMode="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </div>
        <button className="btn" type="submit" disabled={track.isPending}>
          {track.isPending ? 'Looking up your order…' : 'Track order'}
        </button>
      </form>
      {(missing || track.isError) && (
        <p className="notice error" role="alert">
          {missing ?? messageOf(track.error, TRACK_FAILED)}
        </p>
      )}
      {answer && !track.isError && !missing && (
        <article className="track-result" aria-live="polite">
          <div className="order-head">
            <h2>Order {answer.orderNumber}</h2>
            <StatusChip status={answer.status} />
          </div>
          <TimelineList events={answer.timeline} />
          {answer.tracking ? <TrackingDetails tracking={answer.tracking} /> : <p className="muted">Your order has not shipped yet: we e-mail you the tracking link when it does.</p>}
        </article>
      )}
    </section>
  );
}
